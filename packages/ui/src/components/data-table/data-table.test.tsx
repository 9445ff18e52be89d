import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import {
  createDataTableColumnHelper,
  DataTable,
  type DataTableProps,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from './data-table';

interface Call {
  id: string;
  serial: number;
  name: string;
  duration: number;
}

const names = ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger', 'Margaret', 'Donald', 'Barbara', 'Tim', 'Radia'];

/** Rows whose durations are not in serial order, so sorting shows. */
function makeCalls(count: number): Call[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `call-${index + 1}`,
    serial: index + 1,
    name: `${names[index % names.length]} ${index + 1}`,
    duration: (index * 7) % 13,
  }));
}

const helper = createDataTableColumnHelper<Call>();
const columns = helper.columns([
  helper.accessor('serial', { header: 'SR No' }),
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('duration', { header: 'Duration', meta: { align: 'end' } }),
]);

const threeCalls = makeCalls(3);
const getId = (call: Call) => call.id;

function renderTable(props: Partial<DataTableProps<Call>> = {}) {
  return renderWithProviders(
    <DataTable label="Calls" columns={columns} data={threeCalls} getRowId={getId} {...props} />,
  );
}

/** The body rows' texts in one column, in order. */
function columnTexts(columnIndex: number): string[] {
  const [, ...bodyRows] = screen.getAllByRole('row');
  return bodyRows.map((row) => within(row).getAllByRole('cell')[columnIndex]?.textContent ?? '');
}

function ControlledSorting({ onSortingChange }: { onSortingChange: (sorting: SortingState) => void }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'duration', desc: true }]);
  return (
    <DataTable
      columns={columns}
      data={threeCalls}
      sorting={sorting}
      onSortingChange={(next) => {
        onSortingChange(next);
        setSorting(next);
      }}
    />
  );
}

function ControlledSelection() {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({ 'call-2': true });
  return (
    <>
      <DataTable
        columns={columns}
        data={threeCalls}
        getRowId={getId}
        enableRowSelection
        rowSelection={rowSelection}
        onRowSelectionChange={setRowSelection}
      />
      <output>{Object.keys(rowSelection).join(',')}</output>
    </>
  );
}

function ServerTable({ onPaginationChange }: { onPaginationChange: (pagination: PaginationState) => void }) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 2, pageSize: 10 });
  const [sorting, setSorting] = useState<SortingState>([]);
  const all = makeCalls(35);
  const page = all.slice(pagination.pageIndex * pagination.pageSize, (pagination.pageIndex + 1) * 10);
  return (
    <DataTable
      columns={columns}
      data={page}
      getRowId={getId}
      rowCount={35}
      pagination={pagination}
      onPaginationChange={(next) => {
        onPaginationChange(next);
        setPagination(next);
      }}
      sorting={sorting}
      onSortingChange={setSorting}
    />
  );
}

/** A table whose Columns menu moves columns, as a screen that keeps the order does. */
function Ordered({ onReset }: { onReset: () => void }) {
  const [order, setOrder] = useState<string[] | undefined>(undefined);
  return (
    <DataTable
      label="Calls"
      columns={columns}
      data={threeCalls}
      getRowId={getId}
      enableColumnVisibility
      defaultColumnVisibility={{ serial: false }}
      columnOrder={order}
      onColumnOrderChange={setOrder}
      onColumnsReset={() => {
        setOrder(undefined);
        onReset();
      }}
    />
  );
}

describe('DataTable', () => {
  it('conforms: a named table with the caller columns and rows', async () => {
    const { container } = renderWithProviders(
      <DataTable className="custom" label="Calls" columns={columns} data={threeCalls} getRowId={getId} />,
    );
    const table = screen.getByRole('table', { name: 'Calls' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['SR No', 'Name', 'Duration']);
    expect(columnTexts(1)).toEqual(['Ada 1', 'Grace 2', 'Alan 3']);
    await expectConformance(container.querySelector('[data-slot="data-table"]') as HTMLElement, {
      slot: 'data-table',
      className: 'custom',
    });
  });

  describe('sorting', () => {
    it('sorts on header click and Enter, cycling ascending, descending, none', async () => {
      const onSortingChange = vi.fn();
      renderTable({ onSortingChange });
      const header = screen.getByRole('columnheader', { name: 'Duration' });
      expect(header).toHaveAttribute('aria-sort', 'none');
      const button = within(header).getByRole('button', { name: 'Duration' });
      await userEvent.click(button);
      expect(header).toHaveAttribute('aria-sort', 'ascending');
      expect(columnTexts(2)).toEqual(['0', '1', '7']);
      expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'duration', desc: false }]);
      button.focus();
      await userEvent.keyboard('{Enter}');
      expect(header).toHaveAttribute('aria-sort', 'descending');
      expect(columnTexts(2)).toEqual(['7', '1', '0']);
      await userEvent.keyboard('{Enter}');
      expect(header).toHaveAttribute('aria-sort', 'none');
      expect(columnTexts(0)).toEqual(['1', '2', '3']);
    });

    it('sorts only one column at a time', async () => {
      renderTable();
      await userEvent.click(screen.getByRole('button', { name: 'Duration' }));
      await userEvent.click(screen.getByRole('button', { name: 'Name' }), {});
      expect(screen.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'none');
      expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    });

    it('works controlled', async () => {
      const onSortingChange = vi.fn();
      renderWithProviders(<ControlledSorting onSortingChange={onSortingChange} />);
      expect(columnTexts(2)).toEqual(['7', '1', '0']);
      await userEvent.click(screen.getByRole('button', { name: 'Duration' }));
      expect(onSortingChange).toHaveBeenCalledWith([]);
      expect(screen.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'none');
    });

    it('leaves the order to the server when sorting is manual', async () => {
      const onSortingChange = vi.fn();
      renderTable({ manualSorting: true, onSortingChange });
      await userEvent.click(screen.getByRole('button', { name: 'Duration' }));
      expect(onSortingChange).toHaveBeenCalledWith([{ id: 'duration', desc: false }]);
      expect(screen.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'ascending');
      expect(columnTexts(2)).toEqual(['0', '7', '1']);
    });

    it('offers no sort buttons when sorting is off', () => {
      renderTable({ enableSorting: false });
      expect(screen.queryByRole('button', { name: 'Duration' })).toBeNull();
      expect(screen.getByRole('columnheader', { name: 'Duration' })).not.toHaveAttribute('aria-sort');
    });
  });

  describe('selection', () => {
    it('selects rows, shows the batch bar, selects all with an indeterminate step, and clears', async () => {
      const onRowSelectionChange = vi.fn();
      const batchActions = vi.fn(() => <button type="button">Delete</button>);
      renderTable({ enableRowSelection: true, onRowSelectionChange, batchActions });
      const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' });
      const rowBoxes = screen.getAllByRole('checkbox', { name: 'Select row' });
      expect(rowBoxes).toHaveLength(3);
      expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();

      await userEvent.click(rowBoxes[1] as HTMLElement);
      expect(onRowSelectionChange).toHaveBeenLastCalledWith({ 'call-2': true });
      expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
      expect(screen.getAllByText('1 item selected').length).toBeGreaterThan(0);
      expect(screen.getAllByRole('row')[2]).toHaveAttribute('data-state', 'selected');
      expect(batchActions).toHaveBeenLastCalledWith(
        expect.objectContaining({ selectedRowIds: ['call-2'], selectedRows: [threeCalls[1]] }),
      );

      await userEvent.click(selectAll);
      expect(selectAll).toHaveAttribute('aria-checked', 'true');
      expect(screen.getAllByText('3 items selected').length).toBeGreaterThan(0);

      await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
      expect(onRowSelectionChange).toHaveBeenLastCalledWith({});
      expect(selectAll).toHaveAttribute('aria-checked', 'false');
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    });

    it('toggles with the keyboard and names checkboxes after their rows', async () => {
      renderTable({ enableRowSelection: true, getRowLabel: (call) => call.name });
      const box = screen.getByRole('checkbox', { name: 'Select Grace 2' });
      box.focus();
      await userEvent.keyboard(' ');
      expect(box).toHaveAttribute('aria-checked', 'true');
    });

    it('selects a range with Shift+click', async () => {
      const user = userEvent.setup();
      renderTable({ enableRowSelection: true, data: makeCalls(5) });
      const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
      await user.click(boxes[0] as HTMLElement);
      await user.keyboard('{Shift>}');
      await user.click(boxes[3] as HTMLElement);
      await user.keyboard('{/Shift}');
      expect(boxes.map((box) => box.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true', 'true', 'false']);
    });

    it('lets a predicate keep some rows unselectable', async () => {
      renderTable({ enableRowSelection: (call) => call.serial !== 2 });
      const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
      expect(boxes[1]).toBeDisabled();
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
      expect(boxes.map((box) => box.getAttribute('aria-checked'))).toEqual(['true', 'false', 'true']);
      expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toHaveAttribute('aria-checked', 'true');
    });

    it('works controlled', async () => {
      renderWithProviders(<ControlledSelection />);
      expect(screen.getByRole('status')).toHaveTextContent('call-2');
      await userEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0] as HTMLElement);
      expect(screen.getByRole('status')).toHaveTextContent('call-2,call-1');
      await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
      expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    });
  });

  describe('pagination', () => {
    it('slices rows on the client, ten to a page by default', async () => {
      const onPaginationChange = vi.fn();
      renderTable({ data: makeCalls(25), onPaginationChange });
      expect(screen.getAllByRole('row')).toHaveLength(11);
      expect(screen.getByText('1-10 of 25 items')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
      expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10 });
      expect(columnTexts(0)[0]).toBe('11');
      await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
      expect(columnTexts(0)).toEqual(['21', '22', '23', '24', '25']);
    });

    it('goes back to the first page when the client re-sorts', async () => {
      renderTable({ data: makeCalls(25), defaultPagination: { pageIndex: 2, pageSize: 10 } });
      expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
      await userEvent.click(screen.getByRole('button', { name: 'Name' }));
      expect(await screen.findByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    });

    it('shows the server page as given and asks for the next', async () => {
      const onPaginationChange = vi.fn();
      renderWithProviders(<ServerTable onPaginationChange={onPaginationChange} />);
      expect(screen.getByText('21-30 of 35 items')).toBeInTheDocument();
      expect(columnTexts(0)[0]).toBe('21');
      await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
      expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 3, pageSize: 10 });
      expect(columnTexts(0)).toEqual(['31', '32', '33', '34', '35']);
      expect(screen.getByRole('button', { name: 'Next Page' })).toBeDisabled();
    });

    it('returns to the first server page when the sort order changes', async () => {
      const onPaginationChange = vi.fn();
      renderWithProviders(<ServerTable onPaginationChange={onPaginationChange} />);
      await userEvent.click(screen.getByRole('button', { name: 'Duration' }));
      expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10 });
    });

    it('shows every row without pagination', () => {
      renderTable({ data: makeCalls(25), enablePagination: false });
      expect(screen.getAllByRole('row')).toHaveLength(26);
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    });
  });

  describe('column visibility', () => {
    it('hides and shows columns from the Columns menu, but never the last one', async () => {
      const onColumnVisibilityChange = vi.fn();
      renderTable({
        enableColumnVisibility: true,
        defaultColumnVisibility: { serial: false },
        onColumnVisibilityChange,
      });
      expect(screen.queryByRole('columnheader', { name: 'SR No' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
      const menu = await screen.findByRole('dialog', { name: 'Show and order columns' });
      const nameItem = within(menu).getByRole('checkbox', { name: 'Name' });
      await userEvent.click(nameItem);
      expect(onColumnVisibilityChange).toHaveBeenLastCalledWith({ serial: false, name: false });
      expect(screen.queryByRole('columnheader', { name: 'Name' })).toBeNull();
      expect(within(menu).getByRole('checkbox', { name: 'Duration' })).toBeDisabled();
      await userEvent.click(within(menu).getByRole('checkbox', { name: 'SR No' }));
      expect(screen.getByRole('columnheader', { name: 'SR No' })).toBeInTheDocument();
      // Without an order to change, the menu offers no Move buttons.
      expect(within(menu).queryByRole('button', { name: /^Move/ })).toBeNull();
    });

    it('moves columns from the Columns menu, hidden ones keeping their place, and resets', async () => {
      const onReset = vi.fn();
      renderWithProviders(<Ordered onReset={onReset} />);
      const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
      expect(headers()).toEqual(['Name', 'Duration']);
      await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
      const menu = await screen.findByRole('dialog', { name: 'Show and order columns' });
      expect(within(menu).getByRole('button', { name: 'Move SR No up' })).toBeDisabled();
      expect(within(menu).getByRole('button', { name: 'Move Duration down' })).toBeDisabled();
      await userEvent.click(within(menu).getByRole('button', { name: 'Move Duration up' }));
      expect(headers()).toEqual(['Duration', 'Name']);
      // The menu lists the columns in the new order, the hidden one where it was.
      expect(
        within(menu)
          .getAllByRole('checkbox')
          .map((box) => box.getAttribute('id') && box.nextSibling?.textContent),
      ).toEqual(['SR No', 'Duration', 'Name']);
      await userEvent.click(within(menu).getByRole('button', { name: 'Move SR No down' }));
      await userEvent.click(within(menu).getByRole('checkbox', { name: 'SR No' }));
      expect(headers()).toEqual(['Duration', 'SR No', 'Name']);
      await userEvent.click(within(menu).getByRole('button', { name: 'Reset columns' }));
      expect(onReset).toHaveBeenCalledTimes(1);
      expect(headers()).toEqual(['SR No', 'Name', 'Duration']);
    });

    it('follows controlled visibility', () => {
      renderTable({ columnVisibility: { duration: false } });
      expect(screen.queryByRole('columnheader', { name: 'Duration' })).toBeNull();
      expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    });
  });

  describe('states', () => {
    it('shows skeleton rows and reports busy while loading', () => {
      renderTable({ loading: true, enablePagination: false });
      expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByText('Loading…')).toBeInTheDocument();
      expect(screen.queryByText('Ada 1')).toBeNull();
      expect(screen.getAllByRole('row')).toHaveLength(6);
    });

    it('shows Empty when there are no rows, or the caller content', () => {
      const { rerender } = renderTable({ data: [] });
      expect(screen.getByText('No data')).toBeInTheDocument();
      expect(screen.queryByRole('navigation')).toBeNull();
      rerender(<DataTable columns={columns} data={[]} empty={<p>No calls yet</p>} />);
      expect(screen.getByText('No calls yet')).toBeInTheDocument();
    });

    it('shows an error with a Retry button', async () => {
      const onRetry = vi.fn();
      const { rerender } = renderTable({ error: true, onRetry });
      expect(screen.getByRole('alert')).toHaveTextContent('The data could not be loaded.');
      expect(screen.queryByText('Ada 1')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(onRetry).toHaveBeenCalledTimes(1);
      rerender(<DataTable columns={columns} data={threeCalls} error="Request error, please retry." />);
      expect(screen.getByRole('alert')).toHaveTextContent('Request error, please retry.');
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    });
  });

  it('renders the caller actions for each row in an Actions column', async () => {
    const onEdit = vi.fn();
    renderTable({
      rowActions: (call) => (
        <button type="button" onClick={() => onEdit(call.id)}>
          Edit {call.name}
        </button>
      ),
    });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Grace 2' }));
    expect(onEdit).toHaveBeenCalledWith('call-2');
  });

  it('gathers columns pinned in their definition at their side, the checkbox column with them', () => {
    const pinned = helper.columns([
      helper.accessor('serial', { header: 'SR No' }),
      helper.accessor('duration', { header: 'Duration', meta: { pin: 'end' } }),
      helper.accessor('name', { header: 'Name', meta: { pin: 'start' } }),
    ]);
    renderTable({ columns: pinned, enableRowSelection: true, columnOrder: ['duration', 'serial', 'name'] });
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['', 'Name', 'SR No', 'Duration']);
    expect(headers.map((header) => header.getAttribute('data-pinned'))).toEqual(['start', 'start', null, 'end']);
    // Each sticks at the widths of the pinned columns before it (jsdom measures 0).
    expect(headers[1]).toHaveStyle({ insetInlineStart: '0px' });
    expect(headers[3]).toHaveStyle({ insetInlineEnd: '0px' });
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['', 'Ada 1', '1', '0']);
  });

  describe('phone cards', () => {
    function onPhone() {
      const original = window.matchMedia;
      window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('max-width') });
      return () => {
        window.matchMedia = original;
      };
    }

    it('shows each row as a card: title, labelled fields, actions, and a Sort by choice', async () => {
      const restore = onPhone();
      try {
        const cardColumns = helper.columns([
          helper.accessor('serial', { header: 'SR No' }),
          helper.accessor('id', { header: 'Id', meta: { card: 'detail' } }),
          helper.accessor('name', { header: 'Name', meta: { card: 'title' } }),
          helper.accessor('duration', { header: 'Duration', enableSorting: true }),
          helper.display({
            id: 'delete',
            header: 'Delete',
            meta: { card: 'action' },
            cell: ({ row }) => <button type="button">Delete {row.original.name}</button>,
          }),
        ]);
        const onSortingChange = vi.fn();
        renderTable({
          columns: cardColumns,
          phoneCards: true,
          enableRowSelection: true,
          getRowLabel: (call) => call.name,
          onSortingChange,
        });
        expect(screen.queryByRole('table')).toBeNull();
        const cards = within(screen.getByRole('list', { name: 'Calls' })).getAllByRole('listitem');
        expect(cards).toHaveLength(3);
        const first = within(cards[0] as HTMLElement);
        expect(first.getByText('Ada 1')).toBeInTheDocument();
        expect(first.getByRole('checkbox', { name: 'Select Ada 1' })).toBeInTheDocument();
        expect(first.getAllByRole('term').map((term) => term.textContent)).toEqual(['SR No', 'Duration', 'Id']);
        expect(first.getAllByRole('definition').map((value) => value.textContent)).toEqual(['1', '0', 'call-1']);
        expect(first.getByRole('button', { name: 'Delete Ada 1' })).toBeInTheDocument();
        // The detail fields wait under More details.
        const details = first.getByText('More details').closest('details') as HTMLDetailsElement;
        expect(details.open).toBe(false);
        expect(within(details).getByText('call-1')).toBeInTheDocument();
        await userEvent.click(first.getByText('More details'));
        expect(details.open).toBe(true);
        await userEvent.click(first.getByRole('checkbox', { name: 'Select Ada 1' }));
        expect(cards[0]).toHaveAttribute('data-state', 'selected');
        await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
        await userEvent.click(await screen.findByRole('option', { name: 'Duration, descending' }));
        expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'duration', desc: true }]);
      } finally {
        restore();
      }
    });

    it('shows the empty state and the error without a table', () => {
      const restore = onPhone();
      try {
        const { rerender } = renderTable({ data: [], phoneCards: true });
        expect(screen.getByText('No data')).toBeInTheDocument();
        expect(screen.queryByRole('table')).toBeNull();
        rerender(<DataTable columns={columns} data={[]} phoneCards error />);
        expect(screen.getByRole('alert')).toHaveTextContent('The data could not be loaded.');
      } finally {
        restore();
      }
    });

    it('keeps the table when phoneCards is off', () => {
      const restore = onPhone();
      try {
        renderTable();
        expect(screen.getByRole('table')).toBeInTheDocument();
      } finally {
        restore();
      }
    });
  });

  it('pins the checkbox and first columns to the start and the last to the end', () => {
    renderTable({ enableRowSelection: true, rowActions: () => null, pinFirstColumn: true, pinLastColumn: true });
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('data-pinned'))).toEqual(['start', 'start', null, null, 'end']);
    const firstRowCells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(firstRowCells[1]).toHaveAttribute('data-pinned', 'start');
    expect(firstRowCells[4]).toHaveAttribute('data-pinned', 'end');
  });
});
