import { i18n } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { dismiss } from '../../components/toast/toast';
import { startsWithText } from '../shared/text-match';
import { BasicFormPage } from './basic-form';

const onSubmit = fn();
const onSave = fn();

const meta = {
  title: 'Examples/Basic Form',
  component: BasicFormPage,
  parameters: { layout: 'fullscreen' },
  render: () => <BasicFormPage onSubmit={onSubmit} onSave={onSave} />,
} satisfies Meta<typeof BasicFormPage>;

export default meta;
type Story = StoryObj<typeof meta>;

function labelled(key: string): RegExp {
  return startsWithText(i18n.t(key));
}

/** Form > Basic, as it first appears. */
export const Default: Story = {};

/** Submitting the empty form shows every required field's message and focuses the first one. */
export const SubmitEmpty: Story = {
  play: async ({ canvasElement }) => {
    onSubmit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.form.submit') }));
    await expect(await canvas.findByText(i18n.t('example.basicForm.goalTitle.required'))).toBeVisible();
    await expect(canvas.getByText(i18n.t('example.basicForm.dates.required'))).toBeVisible();
    await expect(canvas.getByText(i18n.t('example.basicForm.goal.required'))).toBeVisible();
    await expect(canvas.getByText(i18n.t('example.basicForm.standard.required'))).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: labelled('example.basicForm.goalTitle') })).toHaveFocus();
    await expect(onSubmit).not.toHaveBeenCalled();
  },
};

/** A complete target: dates picked with the keyboard, a weight corrected, shared with one colleague. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    onSubmit.mockClear();
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole('textbox', { name: labelled('example.basicForm.goalTitle') }), 'Q4 support');

    await userEvent.click(canvas.getByRole('combobox', { name: labelled('example.basicForm.dates') }));
    await body.findByRole('dialog');
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement?.closest('[role="grid"]')).not.toBeNull());
    await userEvent.keyboard('{Enter}{ArrowDown}{Enter}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());

    await userEvent.type(
      canvas.getByRole('textbox', { name: labelled('example.basicForm.goal') }),
      'Answer every call within a minute',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: labelled('example.basicForm.standard') }),
      'Median hold time under 60 seconds',
    );
    const weight = canvas.getByRole('spinbutton', { name: labelled('example.basicForm.weight') });
    await userEvent.type(weight, '150');
    await userEvent.click(canvas.getByRole('radio', { name: i18n.t('example.basicForm.disclosure.partial') }));
    await userEvent.click(canvas.getByRole('combobox', { name: i18n.t('example.basicForm.publicTo') }));
    await userEvent.click(await body.findByRole('option', { name: i18n.t('example.basicForm.colleague.b') }));
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());

    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.form.submit') }));
    await expect(await canvas.findByText(i18n.t('example.basicForm.weight.invalid'))).toBeVisible();
    await expect(weight).toHaveFocus();
    await userEvent.clear(weight);
    await userEvent.type(weight, '50');
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.form.submit') }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values] = onSubmit.mock.calls[0] ?? [];
    await expect(values).toMatchObject({
      title: 'Q4 support',
      weight: '50',
      disclosure: 'partial',
      publicTo: 'b',
    });
    await expect(values.dates.from).toBeInstanceOf(Date);
    await expect(values.dates.to).toBeInstanceOf(Date);
    await waitFor(() => expect(body.getByText(i18n.t('example.basicForm.submitted'))).toBeVisible());
    dismiss();
    await waitFor(() => expect(body.queryByText(i18n.t('example.basicForm.submitted'))).toBeNull());
  },
};
