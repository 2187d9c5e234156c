import type { Plugin } from 'vite';

/**
 * TanStack Table's core registers all fifteen of its features on every table, used or not: 98 kB of
 * code (11.6 kB gzip) on every list page (ADR 0023). The app's tables are server-driven
 * (src/components/data-table/DataTable.tsx: manual sorting, filtering and pagination) and use the
 * header groups, column visibility, order and pinning (what the header and cells are built from),
 * sorting and row selection. This rewrites table-core's list of features to those six plus
 * `ManualRowModels`: the row-model stages of the features left out (filtering, grouping,
 * expanding, pagination) each hand on the rows of the stage before, which is what those features
 * do when the table has no client-side row model for them, as here. Column and global filtering,
 * faceting, grouping, expanding, pagination, row pinning and column sizing are not in the build,
 * so a table asking for a client-side row model of one of them fails at once (see the check
 * below) rather than showing unfiltered rows.
 *
 * Applied to the build and to the unit tests (vite.config.ts inlines table-core there), so both
 * run the same table.
 */
const TABLE_CORE = /[\\/]@tanstack[\\/]table-core[\\/]build[\\/]lib[\\/]index\.(mjs|esm\.js)$/;
const FEATURES = /const builtInFeatures = \[Headers,[^\]]*\];/;

const MANUAL_ROW_MODELS = `const ManualRowModels = {
  createTable: table => {
    for (const option of ['getFilteredRowModel', 'getGroupedRowModel', 'getExpandedRowModel', 'getPaginationRowModel', 'getFacetedRowModel']) {
      if (table.options[option]) throw new Error('table-core is built without ' + option + ' (frontend/table-features.ts)');
    }
    table.getPreFilteredRowModel = () => table.getCoreRowModel();
    table.getFilteredRowModel = () => table.getPreFilteredRowModel();
    table.getPreGroupedRowModel = () => table.getFilteredRowModel();
    table.getGroupedRowModel = () => table.getPreGroupedRowModel();
    table.getPreExpandedRowModel = () => table.getSortedRowModel();
    table.getExpandedRowModel = () => table.getPreExpandedRowModel();
    table.getPrePaginationRowModel = () => table.getExpandedRowModel();
    table.getPaginationRowModel = () => table.getPrePaginationRowModel();
    table._autoResetPageIndex = () => {};
    table._autoResetExpanded = () => {};
  }
};
const builtInFeatures = [Headers, ColumnVisibility, ColumnOrdering, ColumnPinning, ManualRowModels, RowSorting, RowSelection];`;

export function tableFeatures(): Plugin {
  return {
    name: 'almoner-table-features',
    enforce: 'pre',
    transform(code, id) {
      if (!TABLE_CORE.test(id)) return null;
      if (!FEATURES.test(code)) {
        throw new Error(`table-features: no list of built-in features in ${id} (another version?)`);
      }
      return { code: code.replace(FEATURES, MANUAL_ROW_MODELS), map: null };
    },
  };
}
