import { formatNumber, i18n } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { dismiss } from '../../components/toast/toast';
import { containingText } from '../shared/text-match';
import { SearchTablePage } from './search-table';

const onDelete = fn();
const onApprove = fn();
const onCreate = fn();

const meta = {
  title: 'Examples/Search Table',
  component: SearchTablePage,
  parameters: { layout: 'fullscreen' },
  args: { onDelete, onApprove, onCreate },
  // The spies are shared by every story (and every re-render of one): start each story with none of their calls.
  beforeEach: () => {
    for (const spy of [onDelete, onApprove, onCreate]) {
      spy.mockClear();
    }
  },
} satisfies Meta<typeof SearchTablePage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

function t(key: string, values: Record<string, string | number> = {}): string {
  return i18n.t(key, values);
}

function rulesTable(canvas: Canvas) {
  return within(canvas.getByRole('table', { name: t('example.searchTable.rules') }));
}

function bodyRows(canvas: Canvas): HTMLElement[] {
  return rulesTable(canvas).getAllByRole('row').slice(1);
}

async function selectRule(canvas: Canvas, name: string) {
  await userEvent.click(
    rulesTable(canvas).getByRole('checkbox', { name: t('ui.table.selectRowNamed', { label: name }) }),
  );
}

/** Waits for a toast to show, then clears it, so it never spills into the next story. */
async function expectToast(canvasElement: HTMLElement, text: string) {
  const body = within(canvasElement.ownerDocument.body);
  await waitFor(() => expect(body.getByText(text)).toBeVisible());
  dismiss();
  await waitFor(() => expect(body.queryByText(text)).toBeNull());
}

async function openNewRule(canvasElement: HTMLElement): Promise<HTMLElement> {
  await userEvent.click(within(canvasElement).getByRole('button', { name: t('example.searchTable.new') }));
  return within(canvasElement.ownerDocument.body).findByRole('dialog', {
    name: t('example.searchTable.newRule.title'),
  });
}

/** List > Search Table: the first page of the 30 demo rules. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(bodyRows(canvas)).toHaveLength(10);
    await expect(rulesTable(canvas).getByRole('cell', { name: 'TradeCode 0' })).toBeVisible();
  },
};

/** The New Rule form refuses an empty rule with SPEC §5's three messages. */
export const NewRuleRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openNewRule(canvasElement));
    await userEvent.click(dialog.getByRole('button', { name: t('example.form.submit') }));
    await expect(await dialog.findByText(t('validation.rule.name'))).toBeVisible();
    await expect(dialog.getByText(t('validation.rule.description'))).toBeVisible();
    await expect(dialog.getByText(t('validation.rule.startTime'))).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: t('example.searchTable.column.name') })).toHaveFocus();

    await userEvent.type(dialog.getByRole('textbox', { name: t('example.searchTable.newRule.description') }), 'Tiny');
    await userEvent.click(dialog.getByRole('button', { name: t('example.form.submit') }));
    await expect(await dialog.findByText(t('validation.rule.description'))).toBeVisible();
  },
};

/** A filled New Rule form adds the rule at the top of the table. */
export const NewRuleCreated: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const dialogElement = await openNewRule(canvasElement);
    const dialog = within(dialogElement);
    await userEvent.type(dialog.getByRole('textbox', { name: t('example.searchTable.column.name') }), 'Nightly export');
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('example.searchTable.newRule.description') }),
      'Exports the calls of the day',
    );
    await userEvent.click(
      dialog.getByRole('combobox', { name: containingText(t('example.searchTable.newRule.startTime')) }),
    );
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement?.closest('[role="grid"]')).not.toBeNull());
    await userEvent.keyboard('{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: t('example.form.submit') }));

    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(args.onCreate).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Nightly export', status: 'default', startTime: '2026-11-15T00:00:00.000Z' }),
    );
    const firstRow = within(bodyRows(canvas)[0] as HTMLElement);
    await expect(firstRow.getByRole('cell', { name: 'Nightly export' })).toBeVisible();
    await expect(firstRow.getByText(t('example.searchTable.status.default'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: t('example.searchTable.new') })).toHaveFocus();
    await expectToast(canvasElement, t('example.searchTable.newRule.created'));
  },
};

/** Two rules selected, deleted together after the confirmation. */
export const BatchDelete: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await selectRule(canvas, 'TradeCode 1');
    await selectRule(canvas, 'TradeCode 2');
    await expect(canvas.getAllByText(t('ui.table.selected', { count: 2 }))[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('example.searchTable.batchDelete') }));
    const confirm = await body.findByRole('alertdialog', {
      name: t('example.searchTable.batchDelete.confirm', { count: 2 }),
    });
    await userEvent.click(within(confirm).getByRole('button', { name: t('ui.action.delete') }));

    await waitFor(() => expect(rulesTable(canvas).queryByRole('cell', { name: 'TradeCode 1' })).toBeNull());
    await expect(rulesTable(canvas).queryByRole('cell', { name: 'TradeCode 2' })).toBeNull();
    await expect(args.onDelete).toHaveBeenCalledWith(['rule-1', 'rule-2']);
    await expect(bodyRows(canvas)).toHaveLength(10);
    await expect(rulesTable(canvas).getByRole('cell', { name: 'TradeCode 11' })).toBeVisible();
    await expectToast(canvasElement, t('example.searchTable.batchDelete.done', { count: 2 }));
  },
};

/** Batch approval puts the selected rules online. */
export const BatchApprove: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await selectRule(canvas, 'TradeCode 0');
    await selectRule(canvas, 'TradeCode 3');
    await userEvent.click(canvas.getByRole('button', { name: t('example.searchTable.batchApprove') }));
    await expect(args.onApprove).toHaveBeenCalledWith(['rule-0', 'rule-3']);
    for (const index of [0, 3]) {
      const row = within(bodyRows(canvas)[index] as HTMLElement);
      await expect(row.getByText(t('example.searchTable.status.online'))).toBeVisible();
      await expect(row.getByRole('checkbox')).not.toBeChecked();
    }
    await expectToast(canvasElement, t('example.searchTable.batchApprove.done', { count: 2 }));
  },
};

/** Filtering by name and status; Reset brings every rule back. */
export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const search = within(canvas.getByRole('search', { name: t('example.searchTable.filters') }));
    await userEvent.type(search.getByRole('textbox', { name: t('example.searchTable.column.name') }), 'TradeCode 1');
    await userEvent.click(search.getByRole('button', { name: t('ui.action.search') }));
    await waitFor(() => expect(rulesTable(canvas).queryByRole('cell', { name: 'TradeCode 0' })).toBeNull());
    await expect(bodyRows(canvas)).toHaveLength(10);

    await userEvent.click(search.getByRole('combobox', { name: t('example.searchTable.column.status') }));
    await userEvent.click(await body.findByRole('option', { name: t('example.searchTable.status.running') }));
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await userEvent.click(search.getByRole('button', { name: t('ui.action.search') }));
    await waitFor(() => expect(bodyRows(canvas)).toHaveLength(3));
    for (const name of ['TradeCode 1', 'TradeCode 13', 'TradeCode 17']) {
      await expect(rulesTable(canvas).getByRole('cell', { name })).toBeVisible();
    }
  },
};

/** Reset after a search shows every rule again. */
export const FilterReset: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const search = within(canvas.getByRole('search', { name: t('example.searchTable.filters') }));
    const name = search.getByRole('textbox', { name: t('example.searchTable.column.name') });
    await userEvent.type(name, 'TradeCode 29{Enter}');
    await waitFor(() => expect(bodyRows(canvas)).toHaveLength(1));
    await userEvent.click(search.getByRole('button', { name: t('ui.action.reset') }));
    await waitFor(() => expect(bodyRows(canvas)).toHaveLength(10));
    await expect(name).toHaveValue('');
  },
};

/** The second page of rules. */
export const SecondPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: t('ui.pagination.pageNumber', { page: formatNumber(2, i18n.language) }) }),
    );
    await waitFor(() => expect(rulesTable(canvas).getByRole('cell', { name: 'TradeCode 10' })).toBeVisible());
    await expect(rulesTable(canvas).queryByRole('cell', { name: 'TradeCode 0' })).toBeNull();
  },
};
