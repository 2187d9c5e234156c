export { DataTable, type DataTableProps, type RowAction } from './DataTable';
export type { FilterDef } from './filters';
export { useTableMeta, loadMeta, metaStorageKey, type TableMeta } from './meta';
