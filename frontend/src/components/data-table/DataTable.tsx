import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFRESH_PLACEHOLDER_ROWS } from '@/config/constants';
import { FilterTags } from './FilterTags';
import { removeFilter, type FilterDef } from './filters';
import type { ListResponse } from '@/lib/types';
import { useTableMeta, type TableMeta } from './meta';
import { Pagination } from './Pagination';
import { SkeletonRows } from './Skeleton';
import { Toolbar } from './Toolbar';
import { useExport } from './useExport';
import { useTableData } from './useTableData';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** False for a column the table's export does not know (it is left out of the CSV). */
    exportable?: boolean;
  }
}

export interface RowAction<T> {
  key: string;
  label: string;
  onClick: (row: T) => void;
  danger?: boolean;
}

/** An action on the selected rows, shown in the selection bar ("3 selected"). */
export interface BulkAction {
  key: string;
  label: string;
  /** `ids`: the selected rows; `clear` empties the selection (e.g. once they are deleted). */
  onClick: (ids: string[], clear: () => void) => void;
  danger?: boolean;
}

export interface DataTableProps<T extends object> {
  /** Table name: the meta key (`<table>_meta`) and the export name. */
  table: string;
  endpoint: string;
  columns: ColumnDef<T, unknown>[];
  filters?: FilterDef[];
  defaults?: Partial<TableMeta>;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  rowActions?: (row: T) => RowAction<T>[];
  exportable?: boolean;
  onSelectionChange?: (ids: string[]) => void;
  /** Actions on the selected rows; with none (and no `onSelectionChange`), rows have no checkboxes. */
  bulkActions?: BulkAction[];
  /** "Export selected" in the selection bar: the export job writes just the selected rows. */
  exportSelected?: boolean;
  /** The search box's placeholder: the fields the endpoint's `search` looks in (docs/api.md). */
  searchPlaceholder?: string;
  /** False for an endpoint without `search` (docs/api.md): the toolbar shows no search box. */
  searchable?: boolean;
  /** Called with each page's whole answer (for endpoints that send more than `data` and `meta`). */
  onData?: (body: ListResponse<T>) => void;
  /** Shown between the toolbar and the rows, from the current meta (e.g. filtered totals). */
  summary?: (meta: TableMeta) => React.ReactNode;
  /** The row's key, for rows without an `id` (default: `String(row.id)`). */
  rowKey?: (row: T) => string;
}

export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const [meta, setMeta] = useTableMeta(props.table, props.defaults);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const { data, isPending, isFetching, isPlaceholderData } = useTableData<T>(
    props.table,
    props.endpoint,
    meta,
  );
  const exporter = useExport(props.table);
  // A filtered list may not know its total (`null`): it pages by its cursors instead.
  const knownTotal = typeof data?.meta?.total === 'number' ? data.meta.total : null;
  const total = knownTotal ?? 0;
  const { onSelectionChange, onData } = props;
  const bulkActions = props.bulkActions ?? [];
  const hasBulkBar = bulkActions.length > 0 || Boolean(props.exportSelected);
  const selectable = hasBulkBar || Boolean(onSelectionChange);
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const clearSelection = () => setSelection({});

  useEffect(() => {
    if (data) onData?.(data);
  }, [data, onData]);

  useEffect(() => {
    if (knownTotal !== null && knownTotal !== meta.total) setMeta({ total: knownTotal });
  }, [knownTotal, meta.total, setMeta]);

  useEffect(
    () => onSelectionChange?.(Object.keys(selection).filter((id) => selection[id])),
    [selection, onSelectionChange],
  );

  const actionsFor = (row: T): RowAction<T>[] => {
    if (props.rowActions) return props.rowActions(row);
    const actions: RowAction<T>[] = [];
    if (props.onEdit) actions.push({ key: 'edit', label: t('table.edit'), onClick: props.onEdit });
    if (props.onDelete)
      actions.push({
        key: 'delete',
        label: t('table.delete'),
        onClick: props.onDelete,
        danger: true,
      });
    return actions;
  };

  const columns = useMemo<ColumnDef<T, unknown>[]>(() => {
    if (!selectable) return props.columns;
    return [
      {
        id: 'select',
        enableSorting: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t('table.select_all')}
            checked={table.getIsAllPageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t('table.select_row')}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      ...props.columns,
    ];
  }, [props.columns, selectable, t]);

  const sorting: SortingState = [{ id: meta.sortBy, desc: meta.sortDesc }];
  const table = useReactTable<T>({
    data: data?.data ?? [],
    columns,
    getRowId: props.rowKey ?? ((row) => String((row as { id?: string | number }).id)),
    enableRowSelection: selectable,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    rowCount: total,
    state: { sorting, rowSelection: selection },
    onRowSelectionChange: setSelection,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) setMeta({ sortBy: first.id, sortDesc: first.desc, page: 1 });
    },
  });

  const heads = table
    .getVisibleLeafColumns()
    .filter((column) => column.id !== 'select' && column.columnDef.meta?.exportable !== false)
    .map((column) => ({
      key: column.id,
      label: typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id,
    }));
  const columnCount = columns.length + 1; // + the actions column
  const pageCount =
    knownTotal !== null
      ? Math.max(1, Math.ceil(total / meta.length))
      : meta.page + (data?.meta?.next_cursor ? 1 : 0);
  const rows = table.getRowModel().rows;

  return (
    <div className="data-table card" data-testid={`table-${props.table}`}>
      <Toolbar
        meta={meta}
        setMeta={setMeta}
        filters={props.filters ?? []}
        searchPlaceholder={props.searchPlaceholder}
        searchable={props.searchable}
        exportable={props.exportable ?? true}
        exporting={exporter.exporting}
        exportProgress={exporter.progress}
        onExport={() => void exporter.start(meta, heads)}
      />
      {hasBulkBar && selectedIds.length > 0 && (
        <div
          className="selection-bar"
          role="region"
          aria-label={t('table.selection_bar')}
          data-testid="selection-bar"
        >
          <strong role="status">{t('table.selected', { count: selectedIds.length })}</strong>
          {props.exportSelected && (
            <button
              type="button"
              className="button"
              disabled={exporter.exporting}
              onClick={() => void exporter.start(meta, heads, selectedIds)}
            >
              {exporter.exporting ? t('table.exporting') : t('table.export_selected')}
            </button>
          )}
          {bulkActions.map((action) => (
            <button
              key={action.key}
              type="button"
              className={`button${action.danger ? ' button--danger' : ''}`}
              onClick={() => action.onClick(selectedIds, clearSelection)}
            >
              {action.label}
            </button>
          ))}
          <button type="button" className="link-button" onClick={clearSelection}>
            {t('table.clear_selection')}
          </button>
        </div>
      )}
      {props.summary?.(meta)}
      <FilterTags
        filters={props.filters ?? []}
        applied={meta.filters}
        onRemove={(key) => setMeta({ filters: removeFilter(meta.filters, key), page: 1 })}
      />
      <div className="table-scroll">
        <table aria-busy={isFetching}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      aria-sort={
                        sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">
                            {sorted === 'desc' ? ' ↓' : sorted === 'asc' ? ' ↑' : ''}
                          </span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
                <th>{t('table.actions')}</th>
              </tr>
            ))}
          </thead>
          <tbody>
            {isPending && <SkeletonRows />}
            {!isPending && isFetching && isPlaceholderData && (
              <SkeletonRows rows={REFRESH_PLACEHOLDER_ROWS} columns={columnCount} />
            )}
            {!isPending && !(isFetching && isPlaceholderData) && rows.length === 0 && (
              <tr>
                <td colSpan={columnCount} className="muted">
                  {t('table.empty')}
                </td>
              </tr>
            )}
            {!isPending &&
              !(isFetching && isPlaceholderData) &&
              rows.map((row) => (
                <tr key={row.id} aria-selected={row.getIsSelected()}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                  <td className="row-actions">
                    {actionsFor(row.original).map((action) => (
                      <button
                        key={action.key}
                        type="button"
                        className={`link-button${action.danger ? ' link-button--danger' : ''}`}
                        onClick={() => action.onClick(row.original)}
                      >
                        {action.label}
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={meta.page}
        pageCount={pageCount}
        total={knownTotal}
        onPage={(page) => setMeta({ page })}
      />
    </div>
  );
}
