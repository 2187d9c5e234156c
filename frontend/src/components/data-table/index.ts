export { DataTable, type BulkAction, type DataTableProps, type RowAction } from './DataTable';
export type { FilterDef } from './filters';
export { useTableMeta, loadMeta, metaStorageKey, type TableMeta } from './meta';
