import { formatDate, formatDuration, formatNumber, useTranslation } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Tag } from '../tag/tag';
import {
  createDataTableColumnHelper,
  DataTable,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from './data-table';

/** A call record as the call-history screen lists it (SPEC §2.4, §3). */
interface CallRecord {
  id: string;
  incomingTime: string;
  serialNumber: number;
  playerId: string;
  holdTime: number;
  receivedBy: string;
  receivedAt: string;
  duration: number;
  endTime: string;
  message: string;
  recordingStatus: 'ready' | 'generating' | 'error';
  notes: number;
  name: string;
  contact: string;
  email: string;
  followUp: boolean;
}

const callers = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Katherine Johnson',
  'Edsger Dijkstra',
  'Margaret Hamilton',
  'Donald Knuth',
  'Barbara Liskov',
  'Tim Berners-Lee',
  'Radia Perlman',
  'Ken Thompson',
] as const;
const agents = ['Nora Ali', 'Sam Carter', 'Lea Martin'] as const;
const statuses = ['ready', 'generating', 'error'] as const;

/** Fixed demo rows: every value is derived from the row number, so stories never change. */
function makeCalls(count: number): CallRecord[] {
  const start = Date.UTC(2026, 2, 14, 9, 0, 0);
  return Array.from({ length: count }, (_, index) => {
    const name = callers[index % callers.length] ?? 'Ada Lovelace';
    const incoming = start + index * 47 * 60_000;
    const holdTime = (index * 37) % 180;
    const duration = 30 + ((index * 131) % 900);
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
    return {
      id: `call-${index + 1}`,
      incomingTime: new Date(incoming).toISOString(),
      serialNumber: 1001 + index,
      playerId: `PL-${String(40_000 + ((index * 7919) % 59_999)).padStart(5, '0')}`,
      holdTime,
      receivedBy: agents[index % agents.length] ?? 'Nora Ali',
      receivedAt: new Date(incoming + holdTime * 1000).toISOString(),
      duration,
      endTime: new Date(incoming + (holdTime + duration) * 1000).toISOString(),
      message: index % 4 === 0 ? 'Please call me back about my booking.' : '',
      recordingStatus: statuses[index % statuses.length] ?? 'ready',
      notes: index % 3,
      name,
      contact: `+20 100 ${String(1_000_000 + index * 4_321).slice(0, 7)}`,
      email: `${slug}@example.com`,
      followUp: index % 5 === 0,
    };
  });
}

const allCalls = makeCalls(57);
const firstCalls = allCalls.slice(0, 25);

function DateTimeCell({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <>{formatDate(value, i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}</>;
}

function DurationCell({ seconds }: { seconds: number }) {
  const { i18n } = useTranslation();
  return <>{formatDuration(seconds, i18n.language)}</>;
}

function NumberCell({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <>{formatNumber(value, i18n.language, { useGrouping: false })}</>;
}

const helper = createDataTableColumnHelper<CallRecord>();

/** The columns of the call-history list. */
const callColumns = helper.columns([
  helper.accessor('incomingTime', {
    header: 'Incoming Time',
    cell: ({ getValue }) => <DateTimeCell value={getValue()} />,
  }),
  helper.accessor('serialNumber', {
    header: 'SR No',
    cell: ({ getValue }) => <NumberCell value={getValue()} />,
    meta: { align: 'end' },
  }),
  helper.accessor('playerId', { header: 'Player Id' }),
  helper.accessor('holdTime', {
    header: 'Hold time',
    cell: ({ getValue }) => <DurationCell seconds={getValue()} />,
    meta: { align: 'end' },
  }),
  helper.accessor('receivedBy', { header: 'Received by' }),
  helper.accessor('duration', {
    header: 'Duration',
    cell: ({ getValue }) => <DurationCell seconds={getValue()} />,
    meta: { align: 'end' },
  }),
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('email', { header: 'Email' }),
]);

/** Every call-history column (SPEC §2.4), for the wide table. */
const wideColumns = helper.columns([
  ...callColumns.slice(0, 5),
  helper.accessor('receivedAt', {
    header: 'Received at',
    cell: ({ getValue }) => <DateTimeCell value={getValue()} />,
  }),
  helper.accessor('duration', {
    id: 'wideDuration',
    header: 'Duration',
    cell: ({ getValue }) => <DurationCell seconds={getValue()} />,
    meta: { align: 'end' },
  }),
  helper.accessor('endTime', { header: 'End time', cell: ({ getValue }) => <DateTimeCell value={getValue()} /> }),
  helper.accessor('message', { header: 'Message', enableSorting: false }),
  helper.accessor('recordingStatus', {
    header: 'Recording Status',
    cell: ({ getValue }) => {
      const status = getValue();
      return status === 'ready' ? (
        <Tag variant="success">Ready</Tag>
      ) : status === 'generating' ? (
        <Tag variant="info">Generating</Tag>
      ) : (
        <Tag variant="error">Error</Tag>
      );
    },
  }),
  helper.accessor('notes', { header: 'Notes', meta: { align: 'end' } }),
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('contact', { header: 'Contact', enableSorting: false }),
  helper.accessor('email', { header: 'Email' }),
  helper.accessor('followUp', {
    header: 'Follow Up',
    cell: ({ getValue }) => (getValue() ? <Tag variant="warning">Follow up</Tag> : null),
  }),
]);

const getCallId = (call: CallRecord) => call.id;
const getCallLabel = (call: CallRecord) => `${call.name}, SR ${call.serialNumber}`;

function CallActions({ call }: { call: CallRecord }) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Edit notes for ${call.name}`}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete call from ${call.name}`}>
        <Trash2 aria-hidden />
      </Button>
    </>
  );
}

const renderCallActions = (call: CallRecord) => <CallActions call={call} />;

const meta = {
  title: 'Data/DataTable',
  component: DataTable<CallRecord>,
  args: {
    label: 'Call history',
    columns: callColumns,
    data: firstCalls,
    getRowId: getCallId,
    onSortingChange: fn(),
    onRowSelectionChange: fn(),
    onPaginationChange: fn(),
    onColumnVisibilityChange: fn(),
  },
} satisfies Meta<typeof DataTable<CallRecord>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The call-history list: selectable rows, row actions, client-side pages of 10. */
export const CallHistory: Story = {
  args: { enableRowSelection: true, getRowLabel: getCallLabel, rowActions: renderCallActions },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Call history' });
    await expect(within(table).getAllByRole('row')).toHaveLength(11);
    await expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await expect(within(table).getByRole('button', { name: 'Delete call from Ada Lovelace' })).toBeInTheDocument();
  },
};

export const Sorting: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: 'Duration' });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(header).getByRole('button', { name: 'Duration' }));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(args.onSortingChange).toHaveBeenLastCalledWith([{ id: 'duration', desc: false }]);
    // The shortest call of all 25 (30 s) now leads the first page.
    const firstRow = canvas.getAllByRole('row')[1] as HTMLElement;
    await expect(within(firstRow).getByText('Ada Lovelace')).toBeInTheDocument();
    within(header).getByRole('button', { name: 'Duration' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
  },
};

/** Sorted by the server: the table shows `data` as given and reports the order wanted. */
export const ManualSorting: Story = {
  args: { manualSorting: true, defaultSorting: [{ id: 'incomingTime', desc: true }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: 'Incoming Time' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const firstRow = canvas.getAllByRole('row')[1] as HTMLElement;
    await expect(within(firstRow).getByText('1001')).toBeInTheDocument();
  },
};

const onDelete = fn();

function SelectionWithBatchDelete() {
  const [calls, setCalls] = useState(firstCalls);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  return (
    <DataTable
      label="Call history"
      columns={callColumns}
      data={calls}
      getRowId={getCallId}
      getRowLabel={getCallLabel}
      enableRowSelection
      rowSelection={rowSelection}
      onRowSelectionChange={setRowSelection}
      batchActions={({ selectedRowIds, clearSelection }) => (
        <Button
          variant="destructive"
          size="sm"
          icon={<Trash2 aria-hidden />}
          onClick={() => {
            onDelete(selectedRowIds);
            setCalls((current) => current.filter((call) => !selectedRowIds.includes(call.id)));
            clearSelection();
          }}
        >
          Delete
        </Button>
      )}
    />
  );
}

export const SelectionWithBatchDeleteStory: Story = {
  name: 'Selection with batch delete',
  render: () => <SelectionWithBatchDelete />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Ada Lovelace, SR 1001' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Grace Hopper, SR 1002' }));
    await expect(canvas.getByRole('checkbox', { name: 'Select all rows' })).toHaveAttribute('aria-checked', 'mixed');
    await expect(canvas.getAllByText('2 items selected')[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await expect(onDelete).toHaveBeenCalledWith(['call-1', 'call-2']);
    await expect(canvas.queryByRole('checkbox', { name: 'Select Ada Lovelace, SR 1001' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Clear selection' })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows' }));
    await expect(canvas.getAllByText('10 items selected')[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear selection' }));
    await expect(canvas.getByRole('checkbox', { name: 'Select all rows' })).toHaveAttribute('aria-checked', 'false');
  },
};

const onServerPageChange = fn();

/** The server's side of the story: it sorts and slices the full list. */
function fetchPage(pagination: PaginationState, sorting: SortingState) {
  const sort = sorting[0];
  const sorted = sort
    ? [...allCalls].sort((a, b) => {
        const key = sort.id as keyof CallRecord;
        const order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
        return sort.desc ? -order : order;
      })
    : allCalls;
  const start = pagination.pageIndex * pagination.pageSize;
  return sorted.slice(start, start + pagination.pageSize);
}

function ServerSide() {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState(() => fetchPage(pagination, sorting));
  return (
    <DataTable
      label="Call history"
      columns={callColumns}
      data={page}
      getRowId={getCallId}
      rowCount={allCalls.length}
      pagination={pagination}
      onPaginationChange={(next) => {
        onServerPageChange(next);
        setPagination(next);
        setPage(fetchPage(next, sorting));
      }}
      sorting={sorting}
      onSortingChange={(next) => {
        setSorting(next);
        setPage(fetchPage(pagination, next));
      }}
      showSizeChanger
    />
  );
}

export const ServerSidePagination: Story = {
  render: () => <ServerSide />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1-10 of 57 items')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next Page' }));
    await expect(onServerPageChange).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 10 });
    await expect(canvas.getByText('11-20 of 57 items')).toBeInTheDocument();
    await expect(canvas.getByText('1011')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};

export const ClientSidePagination: Story = {
  args: { data: allCalls, defaultPagination: { pageIndex: 0, pageSize: 5 }, showSizeChanger: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(6);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await expect(args.onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 5 });
    await expect(canvas.getByText('1011')).toBeInTheDocument();
    await expect(canvas.queryByText('1001')).toBeNull();
  },
};

export const Loading: Story = {
  args: { loading: true, data: [] },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Call history' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).getByText('Loading…')).toHaveClass('sr-only');
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data')).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  },
};

const onRetry = fn();

export const ErrorState: Story = {
  name: 'Error',
  args: { data: [], error: true, onRetry },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The data could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(onRetry).toHaveBeenCalledTimes(1);
  },
};

/**
 * Every call-history column: the table scrolls sideways in its own box (the page does not widen),
 * the header stays while the body scrolls, and the first and last columns stay in view.
 */
export const WideWithPinnedColumns: Story = {
  // Not in visual regression: sticky cells over a scrolled box rasterise a few pixels differently between runs; the play function measures the pinning instead.
  tags: ['no-visual'],
  // Measures the pinned columns left to right; WideWithPinnedColumnsRtl measures them in RTL.
  globals: { dir: 'ltr' },
  args: {
    columns: wideColumns,
    enableRowSelection: true,
    getRowLabel: getCallLabel,
    rowActions: renderCallActions,
    pinFirstColumn: true,
    pinLastColumn: true,
    stickyHeader: true,
    maxHeight: 360,
  },
  play: async ({ canvasElement }) => {
    await expectPinnedWhileScrolled(canvasElement, 'ltr');
  },
};

/** The same in a right-to-left layout: pinning mirrors. */
export const WideWithPinnedColumnsRtl: Story = {
  // Not in visual regression: see WideWithPinnedColumns.
  tags: ['no-visual'],
  ...WideWithPinnedColumns,
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expectPinnedWhileScrolled(canvasElement, 'rtl');
  },
};

/**
 * Scrolls the wide table to its far end and bottom, then checks that the box scrolls (not the
 * page), that it can be focused to scroll, and that the pinned columns and header stayed put.
 */
async function expectPinnedWhileScrolled(canvasElement: HTMLElement, direction: 'ltr' | 'rtl') {
  const container = canvasElement.querySelector<HTMLElement>('[data-slot="data-table-container"]');
  if (!container) {
    throw new Error('no scroll container');
  }
  await expect(getComputedStyle(container).direction).toBe(direction);
  await expect(container.scrollWidth).toBeGreaterThan(container.clientWidth);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  await waitFor(() => expect(container).toHaveAttribute('tabindex', '0'));
  await expect(container).toHaveAccessibleName('Call history');
  const rtl = direction === 'rtl';
  container.scrollLeft = rtl ? -container.scrollWidth : container.scrollWidth;
  container.scrollTop = container.scrollHeight;
  container.dispatchEvent(new Event('scroll'));
  const box = container.getBoundingClientRect();
  const firstHeader = within(container).getByRole('columnheader', { name: 'Select all rows' });
  const firstDataHeader = within(container).getByRole('columnheader', { name: 'Incoming Time' });
  const actionsHeader = within(container).getByRole('columnheader', { name: 'Actions' });
  await waitFor(async () => {
    const first = firstHeader.getBoundingClientRect();
    const firstData = firstDataHeader.getBoundingClientRect();
    const last = actionsHeader.getBoundingClientRect();
    // Pinned columns hug the start and end of the box; the header hugs its top.
    await expect(Math.abs(rtl ? box.right - first.right : first.left - box.left)).toBeLessThan(2);
    await expect(Math.abs(rtl ? first.left - firstData.right : firstData.left - first.right)).toBeLessThan(1);
    await expect(Math.abs(rtl ? last.left - box.left : box.right - last.right)).toBeLessThan(20);
    await expect(Math.abs(first.top - box.top)).toBeLessThan(2);
  });
}

export const ColumnVisibility: Story = {
  args: { enableColumnVisibility: true, defaultColumnVisibility: { playerId: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('columnheader', { name: 'Player Id' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Show and order columns',
    });
    await userEvent.click(within(menu).getByRole('checkbox', { name: 'Email' }));
    await expect(within(menu).getByRole('checkbox', { name: 'Email' })).toHaveAttribute('aria-checked', 'false');
    await expect(args.onColumnVisibilityChange).toHaveBeenLastCalledWith({ playerId: false, email: false });
    await expect(canvas.queryByRole('columnheader', { name: 'Email' })).toBeNull();
    await userEvent.click(within(menu).getByRole('checkbox', { name: 'Player Id' }));
    await expect(canvas.getByRole('columnheader', { name: 'Player Id' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};

/** Columns a screen lets its member arrange: the order and visibility kept by the screen, and Reset. */
function ArrangedColumns() {
  const [order, setOrder] = useState<string[] | undefined>(undefined);
  const [visibility, setVisibility] = useState<Record<string, boolean>>({ playerId: false });
  return (
    <DataTable
      label="Call history"
      columns={callColumns}
      data={firstCalls}
      getRowId={getCallId}
      enableColumnVisibility
      columnVisibility={visibility}
      onColumnVisibilityChange={setVisibility}
      columnOrder={order}
      onColumnOrderChange={setOrder}
      onColumnsReset={() => {
        setOrder(undefined);
        setVisibility({});
      }}
    />
  );
}

/** The Columns menu moving columns: Move up and Move down beside each, and Reset; the menu open. */
export const ColumnOrder: Story = {
  render: () => <ArrangedColumns />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Show and order columns',
    });
    await userEvent.click(within(menu).getByRole('button', { name: 'Move Email up' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Move Email up' }));
    const headers = canvas.getAllByRole('columnheader').map((header) => header.textContent);
    await expect(headers.slice(-3)).toEqual(['Email', 'Duration', 'Name']);
    await expect(within(menu).getByRole('button', { name: 'Move Incoming Time up' })).toBeDisabled();
  },
};

/** Columns pinned in their definition: the caller's name at the start, the follow-up at the end. */
const pinnedColumns = helper.columns([
  ...wideColumns.filter((column) => column.header !== 'Name' && column.header !== 'Follow Up'),
  helper.accessor('name', { header: 'Name', meta: { pin: 'start', card: 'title' } }),
  helper.accessor('followUp', {
    header: 'Follow Up',
    meta: { pin: 'end', card: 'action' },
    cell: ({ getValue }) => (getValue() ? <Tag variant="warning">Follow up</Tag> : <Tag>None</Tag>),
  }),
]);

/** Every column, the pinned ones gathered at their sides: the name first, the follow-up last. */
export const PinnedInDefinition: Story = {
  // Not in visual regression, as WideWithPinnedColumns: the play function measures the pinning.
  tags: ['no-visual'],
  globals: { dir: 'ltr' },
  args: {
    columns: pinnedColumns,
    enableRowSelection: true,
    getRowLabel: getCallLabel,
    stickyHeader: true,
    maxHeight: 360,
  },
  play: async ({ canvasElement }) => {
    const container = canvasElement.querySelector<HTMLElement>('[data-slot="data-table-container"]');
    if (!container) {
      throw new Error('no scroll container');
    }
    const headers = within(container).getAllByRole('columnheader');
    await expect(headers.map((header) => header.textContent).slice(0, 3)).toEqual(['', 'Name', 'Incoming Time']);
    await expect(headers.at(-1)).toHaveTextContent('Follow Up');
    container.scrollLeft = container.scrollWidth / 2;
    container.dispatchEvent(new Event('scroll'));
    const box = container.getBoundingClientRect();
    const select = headers[0] as HTMLElement;
    const name = headers[1] as HTMLElement;
    const followUp = headers.at(-1) as HTMLElement;
    await waitFor(async () => {
      // The name sticks right after the checkbox column, the follow-up at the end of the box.
      await expect(Math.abs(select.getBoundingClientRect().left - box.left)).toBeLessThan(2);
      await expect(Math.abs(name.getBoundingClientRect().left - select.getBoundingClientRect().right)).toBeLessThan(1);
      await expect(Math.abs(box.right - followUp.getBoundingClientRect().right)).toBeLessThan(20);
    });
  },
};

/**
 * On a phone (captured 390 px wide) each row is a card: the pinned name on top with its checkbox,
 * the other columns as labelled values, the follow-up as the card's action, and Sort by above.
 */
export const PhoneCards: Story = {
  tags: ['phone'],
  args: {
    columns: pinnedColumns,
    data: firstCalls.slice(0, 3),
    enableRowSelection: true,
    getRowLabel: getCallLabel,
    enablePagination: false,
    phoneCards: true,
    defaultSorting: [{ id: 'incomingTime', desc: true }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Only at phone width: in a wide preview the table stays a table.
    if (window.innerWidth >= 768) {
      await expect(canvas.getByRole('table')).toBeInTheDocument();
      return;
    }
    await expect(canvas.queryByRole('table')).toBeNull();
    const cards = within(canvas.getByRole('list', { name: 'Call history' })).getAllByRole('listitem');
    await expect(cards).toHaveLength(3);
    await expect(within(cards[0] as HTMLElement).getByRole('checkbox')).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Incoming Time, descending');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const WithToolbar: Story = {
  args: {
    enableColumnVisibility: true,
    toolbar: <h2 className="font-semibold text-base">All calls</h2>,
  },
};
