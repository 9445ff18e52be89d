import { useTranslation } from '@parley/i18n';
import {
  type Column,
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  type Header,
  metaHelper,
  type PaginationState,
  type Row,
  type RowData,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  type Table,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown, CircleAlert, RotateCcw } from 'lucide-react';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import { Empty } from '../empty/empty';
import { Pagination } from '../pagination/pagination';
import { Skeleton } from '../skeleton/skeleton';
import { ColumnsMenu } from './columns-menu';
import { type CardRow, DataTableCards, usePhoneLayout } from './data-table-cards';

/** Per-column settings, given as `meta` in a column definition. */
interface DataTableColumnMeta {
  /** The column's name in the Columns menu; defaults to the header when that is a string. */
  label?: string;
  /** Where header and cells align; numbers read best at the end. */
  align?: 'start' | 'center' | 'end';
  /** Classes for the column's header cell. */
  headerClassName?: string;
  /** Classes for the column's body cells. */
  cellClassName?: string;
  /**
   * Keep the column in view while the table scrolls sideways, at the start (after the checkboxes)
   * or at the end. Pinned columns gather at their side, in their order; they are not moved.
   */
  pin?: 'start' | 'end';
  /**
   * How the column shows on a phone card (`phoneCards`): the card's title, one of its actions at
   * the bottom, a labelled field (the default), a field under More details, or not at all.
   */
  card?: 'title' | 'action' | 'field' | 'detail' | 'hidden';
}

/** The TanStack Table features every DataTable registers: sorting, selection, pagination, visibility. */
const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime, text: sortFn_text },
  rowSelectionFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnVisibilityFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

type DataTableFeatures = typeof dataTableFeatures;

/** A column of a DataTable; build them with `createDataTableColumnHelper`. */
// biome-ignore lint/suspicious/noExplicitAny: columns of one table hold values of different types
type DataTableColumnDef<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** A typed column helper for DataTable columns: `helper.accessor('name', { header: 'Name' })`. */
function createDataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}

/** What batch actions receive: the selection, and a way to clear it. */
interface DataTableSelection<TData> {
  /** Every selected row id, including rows on other (server) pages. */
  selectedRowIds: string[];
  /** The selected rows that are loaded. */
  selectedRows: TData[];
  /** Deselects every row. */
  clearSelection: () => void;
}

type DataTableProps<TData extends RowData> = {
  /** The columns; build them with `createDataTableColumnHelper`. Keep the array stable between renders. */
  columns: DataTableColumnDef<TData>[];
  /** The rows: every row for client-side pagination, the current page for server-side. */
  data: readonly TData[];
  /** A stable id for each row, which keeps selection right as rows move and pages change. */
  getRowId?: (row: TData, index: number) => string;
  /** Names the table for assistive technology, e.g. 'Call history'. */
  label?: string;
  className?: string;

  /** Allow sorting by clicking column headers (per column: `enableSorting` in its definition). */
  enableSorting?: boolean;
  /** The sort order (controlled). */
  sorting?: SortingState;
  /** The sort order at first (uncontrolled). */
  defaultSorting?: SortingState;
  /** Called with the new sort order. */
  onSortingChange?: (sorting: SortingState) => void;
  /** The server sorts: `data` arrives sorted. Defaults to on when pagination is server-side. */
  manualSorting?: boolean;

  /** Adds a checkbox column; a function decides per row. */
  enableRowSelection?: boolean | ((row: TData) => boolean);
  /** The selected row ids (controlled). */
  rowSelection?: RowSelectionState;
  /** The selected row ids at first (uncontrolled). */
  defaultRowSelection?: RowSelectionState;
  /** Called with the new selection. */
  onRowSelectionChange?: (rowSelection: RowSelectionState) => void;
  /** Names a row's checkbox ('Select Ada Lovelace'); without it every checkbox reads 'Select row'. */
  getRowLabel?: (row: TData) => string;
  /** Buttons shown in the bar that appears while rows are selected. */
  batchActions?: (selection: DataTableSelection<TData>) => React.ReactNode;

  /** Split the rows into pages with a Pagination below the table. */
  enablePagination?: boolean;
  /** The page (zero-based `pageIndex`) and page size (controlled). */
  pagination?: PaginationState;
  /** The page and page size at first (uncontrolled); page size 10 by default (SPEC §9). */
  defaultPagination?: PaginationState;
  /** Called with the new page and page size. */
  onPaginationChange?: (pagination: PaginationState) => void;
  /** The number of rows on the server; giving it makes pagination server-side. */
  rowCount?: number;
  /** The server pages: `data` is the current page. Defaults to on when `rowCount` is given. */
  manualPagination?: boolean;
  /** Page sizes offered by the size changer. */
  pageSizeOptions?: number[];
  /** Show the page-size changer. */
  showSizeChanger?: boolean;

  /** Show a Columns menu that hides and shows columns. */
  enableColumnVisibility?: boolean;
  /** Which columns show, by id; `false` hides (controlled). */
  columnVisibility?: ColumnVisibilityState;
  /** Which columns show at first (uncontrolled). */
  defaultColumnVisibility?: ColumnVisibilityState;
  /** Called with the new visibility. */
  onColumnVisibilityChange?: (columnVisibility: ColumnVisibilityState) => void;
  /**
   * The order of the columns, by id (controlled); columns it leaves out follow in their own order.
   * Giving it (or `onColumnOrderChange`) lets the Columns menu move columns.
   */
  columnOrder?: readonly string[];
  /** Called with the new order of every column, by id. */
  onColumnOrderChange?: (columnOrder: string[]) => void;
  /** Offers Reset in the Columns menu, which should put order and visibility back. */
  onColumnsReset?: () => void;

  /**
   * On a phone (narrower than 768 px) each row is a card: the `card: 'title'` column on top, the
   * other columns as labelled fields, the `card: 'action'` columns as its actions, and a Sort by
   * choice above the cards for the sortable columns.
   */
  phoneCards?: boolean;

  /** Adds an Actions column at the end; renders the actions for one row. */
  rowActions?: (row: TData) => React.ReactNode;

  /** Shows skeleton rows and marks the table busy. */
  loading?: boolean;
  /** Shows an error instead of rows: `true` for the default message, or your own. */
  error?: React.ReactNode;
  /** Offers a Retry button with the error. */
  onRetry?: () => void;
  /** What shows when there are no rows; defaults to Empty. */
  empty?: React.ReactNode;

  /** Keep the header row in view while the body scrolls (give `maxHeight` for the body to scroll in). */
  stickyHeader?: boolean;
  /** The most the table may grow before its body scrolls, e.g. 400 or '60vh'. */
  maxHeight?: number | string;
  /** Keep the first column (and the checkbox column) in view while scrolling sideways. */
  pinFirstColumn?: boolean;
  /** Keep the last column (the actions, when there are any) in view while scrolling sideways. */
  pinLastColumn?: boolean;
  /** Content at the start of the toolbar above the table, e.g. a title or buttons. */
  toolbar?: React.ReactNode;
};

const SELECT_COLUMN_ID = '__select';
const ACTIONS_COLUMN_ID = '__actions';
const DEFAULT_PAGINATION: PaginationState = { pageIndex: 0, pageSize: 10 };
const NO_SORTING: SortingState = [];
const NO_SELECTION: RowSelectionState = {};
const ALL_VISIBLE: ColumnVisibilityState = {};

/** The caller's per-row renderers, read by the built-in columns so those columns never change. */
interface DataTableContextValue {
  getRowLabel?: (row: unknown) => string;
  rowActions?: (row: unknown) => React.ReactNode;
}

const DataTableContext = React.createContext<DataTableContextValue>({});

function SelectAllHeader<TData extends RowData>({ table }: { table: Table<DataTableFeatures, TData> }) {
  const { t } = useTranslation();
  const allSelected = table.getIsAllPageRowsSelected();
  const someSelected = table.getIsSomePageRowsSelected();
  const selectableRows = table.getRowModel().rows.some((row) => row.getCanSelect());
  return (
    <Checkbox
      aria-label={t('ui.table.selectAll')}
      checked={allSelected ? true : someSelected ? 'indeterminate' : false}
      disabled={!selectableRows}
      onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
    />
  );
}

function SelectRowCell<TData extends RowData>({ row }: { row: Row<DataTableFeatures, TData> }) {
  const { t } = useTranslation();
  const { getRowLabel } = React.useContext(DataTableContext);
  const selected = row.getIsSelected();
  const label = getRowLabel
    ? t('ui.table.selectRowNamed', { label: getRowLabel(row.original) })
    : t('ui.table.selectRow');
  return (
    <Checkbox
      aria-label={label}
      checked={selected}
      disabled={!row.getCanSelect()}
      // TanStack's handler selects a range on Shift+click; it reads the wanted value from `target.checked`.
      onClick={(event) => row.getToggleSelectedHandler()({ shiftKey: event.shiftKey, target: { checked: !selected } })}
    />
  );
}

function ActionsHeader() {
  const { t } = useTranslation();
  return <>{t('ui.table.actions')}</>;
}

function ActionsCell<TData extends RowData>({ row }: { row: Row<DataTableFeatures, TData> }) {
  const { rowActions } = React.useContext(DataTableContext);
  return <div className="flex items-center gap-1">{rowActions?.(row.original)}</div>;
}

/** The checkbox and actions columns around the caller's, built once per combination. */
function useAllColumns<TData extends RowData>(
  columns: DataTableColumnDef<TData>[],
  withSelection: boolean,
  withActions: boolean,
): DataTableColumnDef<TData>[] {
  return React.useMemo(() => {
    const helper = createDataTableColumnHelper<TData>();
    const selectColumn = helper.display({
      id: SELECT_COLUMN_ID,
      header: ({ table }) => (
        <div className="flex items-center">
          <SelectAllHeader table={table} />
        </div>
      ),
      cell: ({ row }) => (
        <div className="flex items-center">
          <SelectRowCell row={row} />
        </div>
      ),
      enableSorting: false,
      enableHiding: false,
      meta: { headerClassName: 'w-12 min-w-12 max-w-12', cellClassName: 'w-12 min-w-12 max-w-12' },
    });
    const actionsColumn = helper.display({
      id: ACTIONS_COLUMN_ID,
      header: () => <ActionsHeader />,
      cell: ({ row }) => <ActionsCell row={row} />,
      enableSorting: false,
      enableHiding: false,
    });
    return [...(withSelection ? [selectColumn] : []), ...columns, ...(withActions ? [actionsColumn] : [])];
  }, [columns, withSelection, withActions]);
}

type DataTableColumn<TData extends RowData> = Column<DataTableFeatures, TData, unknown>;

/** The column's name in the Columns menu. */
function columnLabel<TData extends RowData>(column: DataTableColumn<TData>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}

type Pinning = { side: 'start' | 'end'; edge: boolean };

/**
 * The visible columns in the order they show: the given order first (columns it leaves out follow
 * in definition order), then the columns pinned to the start gathered at the start (the checkbox
 * column first) and those pinned to the end at the end (the actions column last).
 */
function arrangeColumns<TData extends RowData>(
  columns: DataTableColumn<TData>[],
  order: readonly string[] | undefined,
): DataTableColumn<TData>[] {
  const rank = new Map((order ?? []).map((id, index) => [id, index]));
  const place = (column: DataTableColumn<TData>, index: number) => rank.get(column.id) ?? rank.size + index;
  const ordered = columns
    .map((column, index) => ({ column, at: place(column, index) }))
    .sort((left, right) => left.at - right.at)
    .map(({ column }) => column);
  const pin = (column: DataTableColumn<TData>) =>
    column.id === SELECT_COLUMN_ID
      ? 'select'
      : column.id === ACTIONS_COLUMN_ID
        ? 'actions'
        : column.columnDef.meta?.pin;
  return [
    ...ordered.filter((column) => pin(column) === 'select'),
    ...ordered.filter((column) => pin(column) === 'start'),
    ...ordered.filter((column) => pin(column) === undefined),
    ...ordered.filter((column) => pin(column) === 'end'),
    ...ordered.filter((column) => pin(column) === 'actions'),
  ];
}

/**
 * Which visible columns stick while the table scrolls sideways: those pinned in their definition,
 * the checkbox column with them, and the first and last columns when `pinFirst` and `pinLast` say
 * so. Logical insets (start/end) make the pinning mirror in right-to-left layouts.
 */
function getPinning<TData extends RowData>(
  columns: DataTableColumn<TData>[],
  pinFirst: boolean,
  pinLast: boolean,
): Map<string, Pinning> {
  const start: string[] = [];
  const end: string[] = [];
  const selectColumn = columns[0]?.id === SELECT_COLUMN_ID ? columns[0] : undefined;
  const data = columns.filter((column) => column.id !== SELECT_COLUMN_ID);
  const pinnedStart = data.filter((column) => column.columnDef.meta?.pin === 'start');
  if (pinFirst && pinnedStart.length === 0 && data[0]) {
    pinnedStart.push(data[0]);
  }
  if (selectColumn && (pinnedStart.length > 0 || pinFirst)) {
    start.push(selectColumn.id);
  }
  start.push(...pinnedStart.map((column) => column.id));
  end.push(
    ...data
      .filter((column) => column.columnDef.meta?.pin === 'end' || column.id === ACTIONS_COLUMN_ID)
      .filter((column) => column.id !== ACTIONS_COLUMN_ID || pinLast)
      .map((column) => column.id),
  );
  const last = columns[columns.length - 1];
  if (pinLast && last && !start.includes(last.id) && !end.includes(last.id)) {
    end.push(last.id);
  }
  const pinning = new Map<string, Pinning>();
  start.forEach((id, index) => {
    pinning.set(id, { side: 'start', edge: index === start.length - 1 });
  });
  end.forEach((id, index) => {
    pinning.set(id, { side: 'end', edge: index === 0 });
  });
  return pinning;
}

/**
 * How far from its side each pinned column sticks: the widths of the pinned columns before it,
 * measured from the header cells (again whenever the table's size changes).
 */
function usePinOffsets(
  tableRef: React.RefObject<HTMLTableElement | null>,
  pinning: Map<string, Pinning>,
  shown: boolean,
): Map<string, number> {
  const [offsets, setOffsets] = React.useState<Map<string, number>>(() => new Map());
  const key = `${shown}|${[...pinning].map(([id, pin]) => `${pin.side}:${id}`).join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the pinning
  React.useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table || pinning.size === 0) {
      return;
    }
    const measure = () => {
      const next = new Map<string, number>();
      const headers = Array.from(table.querySelectorAll<HTMLElement>('thead > tr:first-child > th'));
      for (const side of ['start', 'end'] as const) {
        const cells = headers.filter((cell) => cell.dataset.pinned === side);
        let offset = 0;
        for (const cell of side === 'start' ? cells : cells.reverse()) {
          next.set(cell.dataset.columnId ?? '', offset);
          offset += cell.getBoundingClientRect().width;
        }
      }
      setOffsets((previous) => {
        const same = previous.size === next.size && [...next].every(([id, value]) => previous.get(id) === value);
        return same ? previous : next;
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, [key, tableRef]);
  return offsets;
}

/** The inline style of a pinned cell: its inset from its side. */
function pinStyle(pinning: Pinning | undefined, offset: number | undefined): React.CSSProperties | undefined {
  if (!pinning) {
    return undefined;
  }
  return pinning.side === 'start' ? { insetInlineStart: offset ?? 0 } : { insetInlineEnd: offset ?? 0 };
}

const alignClasses = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;

function ariaSort<TData extends RowData>(column: DataTableColumn<TData>): React.AriaAttributes['aria-sort'] {
  if (!column.getCanSort()) {
    return undefined;
  }
  const sorted = column.getIsSorted();
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

function SortIcon<TData extends RowData>({ column }: { column: DataTableColumn<TData> }) {
  const sorted = column.getIsSorted();
  if (sorted === 'asc') {
    return <ArrowUp aria-hidden className="size-3.5 text-foreground" />;
  }
  if (sorted === 'desc') {
    return <ArrowDown aria-hidden className="size-3.5 text-foreground" />;
  }
  return <ChevronsUpDown aria-hidden className="size-3.5 opacity-60" />;
}

function HeaderCell<TData extends RowData>({
  header,
  pinning,
  offset,
  stickyHeader,
  render,
}: {
  header: Header<DataTableFeatures, TData, unknown>;
  pinning: Pinning | undefined;
  offset: number | undefined;
  stickyHeader: boolean;
  render: React.ReactNode;
}) {
  const column = header.column;
  const meta = column.columnDef.meta;
  const canSort = !header.isPlaceholder && column.getCanSort();
  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      aria-sort={header.isPlaceholder ? undefined : ariaSort(column)}
      data-slot="data-table-head"
      data-pinned={pinning?.side}
      data-column-id={column.id}
      style={pinStyle(pinning, offset)}
      className={cn(
        'h-10 whitespace-nowrap border-b bg-muted px-3 text-start align-middle font-medium text-muted-foreground',
        alignClasses[meta?.align ?? 'start'],
        stickyHeader && 'sticky top-0 z-20',
        pinning && ['sticky', stickyHeader ? 'z-30' : 'z-10'],
        pinning?.edge && (pinning.side === 'start' ? 'border-e' : 'border-s'),
        meta?.headerClassName,
      )}
    >
      {header.isPlaceholder ? null : canSort ? (
        <button
          type="button"
          data-slot="data-table-sort"
          onClick={column.getToggleSortingHandler()}
          className={cn(
            '-mx-1 inline-flex items-center gap-1 rounded-sm px-1 py-0.5 font-medium outline-none',
            'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
          )}
        >
          {render}
          <SortIcon column={column} />
        </button>
      ) : (
        render
      )}
    </th>
  );
}

/** Whether an element's content is wider or taller than the element (so it scrolls). */
function useIsOverflowing(element: React.RefObject<HTMLElement | null>, shown: boolean): boolean {
  const [overflowing, setOverflowing] = React.useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` mounts and unmounts the element
  React.useLayoutEffect(() => {
    const node = element.current;
    if (!node) {
      return;
    }
    const measure = () =>
      setOverflowing(node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    if (node.firstElementChild) {
      observer.observe(node.firstElementChild);
    }
    return () => observer.disconnect();
  }, [element, shown]);
  return overflowing;
}

/**
 * A table of records on TanStack Table v9: sortable headers, a checkbox column with a batch-action
 * bar, client- or server-side pagination, a Columns menu, loading/empty/error states, a sticky
 * header, pinned first and last columns, and a per-row actions column. Wide tables scroll
 * sideways inside their own box. Sorting, selection, pagination and visibility each work
 * controlled or uncontrolled.
 */
function DataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  label,
  className,
  enableSorting = true,
  sorting: sortingProp,
  defaultSorting = NO_SORTING,
  onSortingChange,
  manualSorting: manualSortingProp,
  enableRowSelection = false,
  rowSelection: rowSelectionProp,
  defaultRowSelection = NO_SELECTION,
  onRowSelectionChange,
  getRowLabel,
  batchActions,
  enablePagination = true,
  pagination: paginationProp,
  defaultPagination = DEFAULT_PAGINATION,
  onPaginationChange,
  rowCount,
  manualPagination: manualPaginationProp,
  pageSizeOptions,
  showSizeChanger = false,
  enableColumnVisibility = false,
  columnVisibility: columnVisibilityProp,
  defaultColumnVisibility = ALL_VISIBLE,
  onColumnVisibilityChange,
  columnOrder,
  onColumnOrderChange,
  onColumnsReset,
  phoneCards = false,
  rowActions,
  loading = false,
  error,
  onRetry,
  empty,
  stickyHeader = false,
  maxHeight,
  pinFirstColumn = false,
  pinLastColumn = false,
  toolbar,
}: DataTableProps<TData>) {
  const { t } = useTranslation();
  const captionId = React.useId();
  const manualPagination = manualPaginationProp ?? rowCount !== undefined;
  // Sorting one server page in the browser would misorder the whole list, so the server sorts too.
  const manualSorting = manualSortingProp ?? manualPagination;

  const [sorting, setSorting] = useControllableState(sortingProp, defaultSorting, onSortingChange);
  const [rowSelection, setRowSelection] = useControllableState(
    rowSelectionProp,
    defaultRowSelection,
    onRowSelectionChange,
  );
  const [pagination, setPagination] = useControllableState(paginationProp, defaultPagination, onPaginationChange);
  const [columnVisibility, setColumnVisibility] = useControllableState(
    columnVisibilityProp,
    defaultColumnVisibility,
    onColumnVisibilityChange,
  );

  const handleSortingChange = (updater: Updater<SortingState>) => {
    setSorting(updater);
    // A new order starts from the first page; client pagination does this by itself.
    if (manualPagination && pagination.pageIndex !== 0) {
      setPagination({ ...pagination, pageIndex: 0 });
    }
  };

  const withSelection = enableRowSelection !== false;
  const allColumns = useAllColumns(columns, withSelection, rowActions !== undefined);

  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data,
    getRowId,
    state: { sorting, rowSelection, pagination, columnVisibility },
    onSortingChange: handleSortingChange,
    onRowSelectionChange: setRowSelection,
    onPaginationChange: setPagination,
    onColumnVisibilityChange: setColumnVisibility,
    enableSorting,
    enableMultiSort: false,
    sortDescFirst: false,
    manualSorting,
    enableRowSelection:
      typeof enableRowSelection === 'function' ? (row) => enableRowSelection(row.original) : enableRowSelection,
    // Without pagination the client stage is skipped, so every row shows.
    manualPagination: manualPagination || !enablePagination,
    rowCount: manualPagination ? rowCount : undefined,
  });

  const contextValue = React.useMemo<DataTableContextValue>(
    () => ({
      getRowLabel: getRowLabel as DataTableContextValue['getRowLabel'],
      rowActions: rowActions as DataTableContextValue['rowActions'],
    }),
    [getRowLabel, rowActions],
  );

  const visibleColumns = arrangeColumns(table.getVisibleLeafColumns(), columnOrder);
  const pinning = getPinning(visibleColumns, pinFirstColumn, pinLastColumn);
  const tableRef = React.useRef<HTMLTableElement>(null);
  const phone = usePhoneLayout(phoneCards);
  const pinOffsets = usePinOffsets(tableRef, pinning, !phone);
  const rows = table.getRowModel().rows;
  const selectedRowIds = Object.keys(rowSelection);
  const selectedCount = selectedRowIds.length;
  const clearSelection = () => setRowSelection({});
  const totalRows = table.getRowCount();
  const hasError = error !== undefined && error !== null && error !== false;

  const scrollRef = React.useRef<HTMLDivElement>(null);
  const overflowing = useIsOverflowing(scrollRef, !phone);
  // A box that scrolls must be reachable by keyboard to scroll it; it is named after the table.
  const scrollableProps = overflowing
    ? { role: 'region', 'aria-labelledby': label ? captionId : undefined, tabIndex: 0 }
    : undefined;

  /** A row's visible cells in the order the columns show. */
  const cellsInOrder = (row: Row<DataTableFeatures, TData>) => {
    const byColumn = new Map(row.getVisibleCells().map((cell) => [cell.column.id, cell]));
    return visibleColumns.flatMap((column) => {
      const cell = byColumn.get(column.id);
      return cell ? [cell] : [];
    });
  };

  /** A row as a phone card: the title column on top, actions below, the rest as labelled fields. */
  const toCard = (row: Row<DataTableFeatures, TData>): CardRow => {
    const cells = cellsInOrder(row);
    const role = (cell: (typeof cells)[number]) =>
      cell.column.id === SELECT_COLUMN_ID
        ? 'select'
        : cell.column.id === ACTIONS_COLUMN_ID
          ? 'action'
          : (cell.column.columnDef.meta?.card ?? 'field');
    const render = (cell: (typeof cells)[number]) => <table.FlexRender cell={cell} />;
    const select = cells.find((cell) => role(cell) === 'select');
    const title = cells.find((cell) => role(cell) === 'title');
    return {
      id: row.id,
      selected: row.getIsSelected(),
      select: select ? render(select) : undefined,
      title: title ? render(title) : undefined,
      fields: cells
        .filter((cell) => role(cell) === 'field')
        .map((cell) => ({ id: cell.column.id, label: columnLabel(cell.column), content: render(cell) })),
      details: cells
        .filter((cell) => role(cell) === 'detail')
        .map((cell) => ({ id: cell.column.id, label: columnLabel(cell.column), content: render(cell) })),
      actions: cells
        .filter((cell) => role(cell) === 'action')
        .map((cell) => ({ id: cell.column.id, content: render(cell) })),
    };
  };

  const bodyCellClasses = (column: DataTableColumn<TData>) => {
    const pinned = pinning.get(column.id);
    return cn(
      'whitespace-nowrap border-b px-3 py-2.5 align-middle',
      alignClasses[column.columnDef.meta?.align ?? 'start'],
      pinned && ['sticky z-10 bg-card group-hover/row:bg-muted group-data-[state=selected]/row:bg-primary-subtle'],
      pinned?.edge && (pinned.side === 'start' ? 'border-e' : 'border-s'),
      column.columnDef.meta?.cellClassName,
    );
  };

  const errorState = hasError ? (
    <div
      role="alert"
      data-slot="data-table-error"
      className="flex flex-col items-center justify-center gap-3 text-center"
    >
      <CircleAlert aria-hidden className="size-8 text-destructive" />
      <p className="text-foreground">{error === true ? t('ui.table.error') : error}</p>
      {onRetry ? (
        <Button variant="outline" icon={<RotateCcw aria-hidden />} onClick={onRetry}>
          {t('ui.action.retry')}
        </Button>
      ) : null}
    </div>
  ) : null;
  const emptyState = empty ?? <Empty size="sm" description={t('ui.table.empty')} />;

  let body: React.ReactNode;
  if (loading) {
    const skeletonRows = Math.min(enablePagination ? pagination.pageSize : 5, 10);
    body = Array.from({ length: skeletonRows }, (_, index) => `loading-${index}`).map((key) => (
      <tr key={key} data-slot="data-table-row" className="group/row">
        {visibleColumns.map((column) => (
          <td
            key={column.id}
            className={bodyCellClasses(column)}
            style={pinStyle(pinning.get(column.id), pinOffsets.get(column.id))}
          >
            <Skeleton className={column.id === SELECT_COLUMN_ID ? 'size-4' : 'h-4 min-w-12 max-w-40'} />
          </td>
        ))}
      </tr>
    ));
  } else if (hasError) {
    body = (
      <tr data-slot="data-table-row">
        <td colSpan={visibleColumns.length} className="px-3 py-8">
          {errorState}
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr data-slot="data-table-row">
        <td colSpan={visibleColumns.length} className="px-3">
          {emptyState}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr
        key={row.id}
        data-slot="data-table-row"
        data-state={row.getIsSelected() ? 'selected' : undefined}
        className="group/row transition-colors hover:bg-muted data-[state=selected]:bg-primary-subtle"
      >
        {cellsInOrder(row).map((cell) => (
          <td
            key={cell.id}
            data-slot="data-table-cell"
            data-pinned={pinning.get(cell.column.id)?.side}
            style={pinStyle(pinning.get(cell.column.id), pinOffsets.get(cell.column.id))}
            className={bodyCellClasses(cell.column)}
          >
            <table.FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <DataTableContext.Provider value={contextValue}>
      <div data-slot="data-table" className={cn('flex w-full min-w-0 flex-col gap-3', className)}>
        {toolbar || enableColumnVisibility ? (
          <div data-slot="data-table-toolbar" className="flex flex-wrap items-center gap-2">
            {toolbar}
            {enableColumnVisibility ? (
              <ColumnsMenu
                items={arrangeColumns(table.getAllLeafColumns(), columnOrder)
                  .filter((column) => column.getCanHide())
                  .map((column) => ({
                    id: column.id,
                    label: columnLabel(column),
                    visible: column.getIsVisible(),
                    movable: column.columnDef.meta?.pin === undefined,
                  }))}
                onVisibleChange={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
                onMove={
                  onColumnOrderChange
                    ? (id, step) => onColumnOrderChange(moveColumn(table, columnOrder, id, step))
                    : undefined
                }
                onReset={onColumnsReset}
              />
            ) : null}
          </div>
        ) : null}
        {withSelection && selectedCount > 0 ? (
          <div
            data-slot="data-table-batch-bar"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/40 bg-primary-subtle px-4 py-2 text-primary-subtle-foreground text-sm"
          >
            <span className="font-medium">{t('ui.table.selected', { count: selectedCount })}</span>
            {batchActions ? (
              <div className="flex flex-wrap items-center gap-2">
                {batchActions({
                  selectedRowIds,
                  selectedRows: table.getSelectedRowModel().rows.map((row) => row.original),
                  clearSelection,
                })}
              </div>
            ) : null}
            <Button variant="ghost" size="sm" className="ms-auto" onClick={clearSelection}>
              {t('ui.table.clearSelection')}
            </Button>
          </div>
        ) : null}
        <span data-slot="data-table-announcer" aria-live="polite" className="sr-only">
          {loading
            ? t('ui.loading')
            : withSelection && selectedCount > 0
              ? t('ui.table.selected', { count: selectedCount })
              : ''}
        </span>
        {phone ? (
          <DataTableCards
            label={label}
            loading={loading ? Math.min(enablePagination ? pagination.pageSize : 5, 10) : false}
            placeholder={
              hasError ? <div className="py-8">{errorState}</div> : rows.length === 0 ? emptyState : undefined
            }
            rows={rows.map((row) => toCard(row))}
            sort={
              enableSorting
                ? {
                    columns: visibleColumns
                      .filter((column) => column.getCanSort())
                      .map((column) => ({ id: column.id, label: columnLabel(column) })),
                    value: sorting[0] ? `${sorting[0].id}:${sorting[0].desc ? 'desc' : 'asc'}` : '',
                    onChange: (value) => {
                      const [id = '', direction] = value.split(':');
                      handleSortingChange([{ id, desc: direction === 'desc' }]);
                    },
                  }
                : undefined
            }
          />
        ) : (
          <div
            ref={scrollRef}
            data-slot="data-table-container"
            {...scrollableProps}
            className="relative w-full overflow-auto rounded-lg border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            style={maxHeight === undefined ? undefined : { maxHeight }}
          >
            <table
              ref={tableRef}
              data-slot="data-table-table"
              aria-busy={loading || undefined}
              className="w-full border-separate border-spacing-0 text-foreground text-sm [&>tbody>tr:last-child>td]:border-b-0"
            >
              {label ? (
                <caption id={captionId} className="sr-only">
                  {label}
                </caption>
              ) : null}
              <thead data-slot="data-table-header">
                {table.getHeaderGroups().map((headerGroup) => (
                  <tr key={headerGroup.id}>
                    {arrangeHeaders(headerGroup.headers, visibleColumns).map((header) => (
                      <HeaderCell
                        key={header.id}
                        header={header}
                        pinning={pinning.get(header.column.id)}
                        offset={pinOffsets.get(header.column.id)}
                        stickyHeader={stickyHeader}
                        render={header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      />
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody data-slot="data-table-body">{body}</tbody>
            </table>
          </div>
        )}
        {enablePagination && !hasError && totalRows > 0 ? (
          <Pagination
            className="justify-end"
            total={totalRows}
            current={pagination.pageIndex + 1}
            pageSize={pagination.pageSize}
            pageSizeOptions={pageSizeOptions}
            showSizeChanger={showSizeChanger}
            showTotal
            onChange={(page, pageSize) => setPagination({ pageIndex: page - 1, pageSize })}
          />
        ) : null}
      </div>
    </DataTableContext.Provider>
  );
}

/** The header cells of one header row in the order the columns show. */
function arrangeHeaders<TData extends RowData>(
  headers: Header<DataTableFeatures, TData, unknown>[],
  columns: DataTableColumn<TData>[],
): Header<DataTableFeatures, TData, unknown>[] {
  const rank = new Map(columns.map((column, index) => [column.id, index]));
  return [...headers].sort(
    (left, right) => (rank.get(left.column.id) ?? headers.length) - (rank.get(right.column.id) ?? headers.length),
  );
}

/**
 * The order of every column after moving `id` one place among the columns that move (not pinned,
 * not the checkbox or actions column), hidden ones included so that they keep their place.
 */
function moveColumn<TData extends RowData>(
  table: Table<DataTableFeatures, TData>,
  order: readonly string[] | undefined,
  id: string,
  step: -1 | 1,
): string[] {
  const all = arrangeColumns(table.getAllLeafColumns(), order).map((column) => column.id);
  const movable = arrangeColumns(table.getAllLeafColumns(), order)
    .filter((column) => column.getCanHide() && column.columnDef.meta?.pin === undefined)
    .map((column) => column.id);
  const from = movable.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= movable.length) {
    return all;
  }
  const target = movable[to] as string;
  return all.map((column) => (column === id ? target : column === target ? id : column));
}

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
};
