import { i18n } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { dismiss } from '../../components/toast/toast';
import { AdvancedFormPage } from './advanced-form';

const onSubmit = fn();

const meta = {
  title: 'Examples/Advanced Form',
  component: AdvancedFormPage,
  parameters: { layout: 'fullscreen' },
  render: () => <AdvancedFormPage onSubmit={onSubmit} />,
} satisfies Meta<typeof AdvancedFormPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

function t(key: string, values: Record<string, string | number> = {}): string {
  return i18n.t(key, values);
}

/** Picks an option of a Select and waits for the list to close (it hides the page while open). */
async function choose(canvasElement: HTMLElement, label: string, option: string) {
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(within(canvasElement).getByRole('combobox', { name: label }));
  await userEvent.click(await body.findByRole('option', { name: option }));
  await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
}

/** Opens a date picker and picks days with the keyboard: Enter on the fixed 'today', then more. */
async function pickDays(canvasElement: HTMLElement, label: string, keys: string) {
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(within(canvasElement).getByRole('combobox', { name: label }));
  await body.findByRole('dialog');
  await waitFor(() => expect(canvasElement.ownerDocument.activeElement?.closest('[role="grid"]')).not.toBeNull());
  await userEvent.keyboard(keys);
  await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
}

function membersTable(canvas: Canvas): HTMLElement {
  return canvas.getByRole('table', { name: t('example.advancedForm.members') });
}

/** Form > Advanced, empty, with the template's three members. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(membersTable(within(canvasElement))).getAllByRole('row');
    await expect(rows).toHaveLength(4);
  },
};

/** An empty submit counts the fields to fix; the list takes you to one of them. */
export const SubmitEmpty: Story = {
  play: async ({ canvasElement }) => {
    onSubmit.mockClear();
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: t('example.form.submit') }));
    const summary = await canvas.findByRole('button', { name: t('example.advancedForm.errors', { count: 12 }) });
    await expect(canvas.getByRole('textbox', { name: t('example.advancedForm.warehouseName') })).toHaveFocus();
    await userEvent.click(summary);
    const menu = await body.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: t('example.advancedForm.taskOwner.required') }));
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: t('example.advancedForm.taskOwner') })).toHaveFocus(),
    );
    await expect(onSubmit).not.toHaveBeenCalled();
  },
};

/** A domain that is not a host name is refused. */
export const InvalidDomain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: t('example.advancedForm.warehouseDomain') }), 'my shop');
    await userEvent.click(canvas.getByRole('button', { name: t('example.form.submit') }));
    await expect(await canvas.findByText(t('example.advancedForm.warehouseDomain.invalid'))).toBeVisible();
  },
};

/** Members are edited in place: Edit, change, Save; a new member must be complete; Delete asks first. */
export const EditMembers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const table = () => within(membersTable(canvas));

    await userEvent.click(table().getByRole('button', { name: `${t('example.advancedForm.member.edit')} John Brown` }));
    const department = table().getByRole('textbox', { name: t('example.advancedForm.member.department') });
    await userEvent.clear(department);
    await userEvent.type(department, 'Cairo No. 2 Nile Park');
    await userEvent.click(table().getByRole('button', { name: `${t('ui.action.save')} John Brown` }));
    await expect(table().getByRole('cell', { name: 'Cairo No. 2 Nile Park' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: t('example.advancedForm.member.add') }));
    const newMember = t('example.advancedForm.member.new');
    await userEvent.click(table().getByRole('button', { name: `${t('ui.action.save')} ${newMember}` }));
    await waitFor(() => expect(body.getByText(t('example.advancedForm.member.incomplete'))).toBeVisible());
    dismiss();
    await userEvent.type(table().getByRole('textbox', { name: t('example.advancedForm.member.name') }), 'Mona Adel');
    await userEvent.type(table().getByRole('textbox', { name: t('example.advancedForm.member.workId') }), '00004');
    await userEvent.type(
      table().getByRole('textbox', { name: t('example.advancedForm.member.department') }),
      'Cairo No. 1 Nile Park',
    );
    await userEvent.click(table().getByRole('button', { name: `${t('ui.action.save')} ${newMember}` }));
    await expect(table().getByRole('cell', { name: 'Mona Adel' })).toBeVisible();

    await userEvent.click(table().getByRole('button', { name: `${t('ui.action.delete')} Jim Green` }));
    const confirm = await body.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: t('ui.action.ok') }));
    await waitFor(() => expect(table().queryByRole('cell', { name: 'Jim Green' })).toBeNull());
    await expect(table().getAllByRole('row')).toHaveLength(4);
    await waitFor(() => expect(body.queryByText(t('example.advancedForm.member.incomplete'))).toBeNull());
  },
};

/** Every field filled, then submitted with the members. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    onSubmit.mockClear();
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole('textbox', { name: t('example.advancedForm.warehouseName') }), 'Main store');
    await userEvent.type(
      canvas.getByRole('textbox', { name: t('example.advancedForm.warehouseDomain') }),
      'store.example.com',
    );
    await choose(canvasElement, t('example.advancedForm.warehouseOwner'), 'Fu Xiaoxiao');
    await choose(canvasElement, t('example.advancedForm.warehouseApprover'), 'Zhou Maomao');
    await pickDays(canvasElement, t('example.advancedForm.warehouseDates'), '{Enter}{ArrowDown}{Enter}');
    await choose(canvasElement, t('example.advancedForm.warehouseType'), t('example.advancedForm.visibility.private'));
    await userEvent.type(canvas.getByRole('textbox', { name: t('example.advancedForm.taskName') }), 'Stocktake');
    await userEvent.type(
      canvas.getByRole('textbox', { name: t('example.advancedForm.taskDescription') }),
      'Count every shelf',
    );
    await choose(canvasElement, t('example.advancedForm.taskExecutor'), 'Zhou Maomao');
    await choose(canvasElement, t('example.advancedForm.taskOwner'), 'Fu Xiaoxiao');
    await pickDays(canvasElement, t('example.advancedForm.taskReminder'), '{Enter}');
    await choose(canvasElement, t('example.advancedForm.taskType'), t('example.advancedForm.visibility.public'));
    await userEvent.click(canvas.getByRole('button', { name: t('example.form.submit') }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, members] = onSubmit.mock.calls[0] ?? [];
    await expect(values).toMatchObject({
      warehouseName: 'Main store',
      warehouseDomain: 'store.example.com',
      warehouseOwner: 'fu',
      warehouseType: 'private',
      taskExecutor: 'zhou',
      taskType: 'public',
    });
    await expect(values.taskReminder).toBeInstanceOf(Date);
    await expect(members).toHaveLength(3);
    await waitFor(() => expect(body.getByText(t('example.advancedForm.submitted'))).toBeVisible());
    dismiss();
    await waitFor(() => expect(body.queryByText(t('example.advancedForm.submitted'))).toBeNull());
  },
};
