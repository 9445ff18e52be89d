export {
  type ColumnVisibilityState,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumnDef,
  type DataTableColumnMeta,
  type DataTableFeatures,
  type DataTableProps,
  type DataTableSelection,
  dataTableFeatures,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from './data-table';
