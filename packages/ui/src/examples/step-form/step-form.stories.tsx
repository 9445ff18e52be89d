import { i18n } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { containingText, startsWithText } from '../shared/text-match';
import { SAMPLE_TRANSFER, StepFormPage } from './step-form';

const onTransfer = fn();
const onViewBill = fn();

const meta = {
  title: 'Examples/Step Form',
  component: StepFormPage,
  parameters: { layout: 'fullscreen' },
  render: () => <StepFormPage onTransfer={onTransfer} onViewBill={onViewBill} />,
} satisfies Meta<typeof StepFormPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

function stepHeading(step: number, key: string): string {
  return i18n.t('example.stepForm.stepHeading', { current: step, total: 3, title: i18n.t(key) });
}

async function goToConfirm(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.stepForm.next') }));
  await waitFor(() =>
    expect(canvas.getByRole('heading', { name: stepHeading(2, 'example.stepForm.step.confirm') })).toHaveFocus(),
  );
}

async function confirmTransfer(canvas: Canvas) {
  await userEvent.type(canvas.getByLabelText(containingText(i18n.t('example.stepForm.password'))), 'correct horse');
  await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.form.submit') }));
  await waitFor(() =>
    expect(canvas.getByRole('heading', { name: stepHeading(3, 'example.stepForm.step.result') })).toHaveFocus(),
  );
}

/** Step 1, transfer information, filled with the sample transfer. */
export const Info: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const steps = within(canvas.getByRole('list', { name: i18n.t('example.stepForm.stepsLabel') })).getAllByRole(
      'listitem',
    );
    await expect(steps[0]).toHaveAttribute('aria-current', 'step');
    await expect(canvas.getByRole('textbox', { name: startsWithText(i18n.t('example.stepForm.amount')) })).toHaveValue(
      SAMPLE_TRANSFER.amount,
    );
  },
};

/** An amount that is not a number keeps the form on step 1. */
export const InvalidAmount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const amount = canvas.getByRole('textbox', { name: startsWithText(i18n.t('example.stepForm.amount')) });
    await userEvent.clear(amount);
    await userEvent.type(amount, '12,5x');
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.stepForm.next') }));
    await expect(await canvas.findByText(i18n.t('example.stepForm.amount.invalid'))).toBeVisible();
    await expect(amount).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: i18n.t('example.stepForm.back') })).toBeNull();
  },
};

/** Step 2: the transfer to confirm and the payment password, required; Back keeps what was typed. */
export const Confirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: startsWithText(i18n.t('example.stepForm.receiverName')) });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mona Adel');
    await goToConfirm(canvas);
    await expect(canvas.getByText('Mona Adel')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.stepForm.back') }));
    await expect(
      canvas.getByRole('textbox', { name: startsWithText(i18n.t('example.stepForm.receiverName')) }),
    ).toHaveValue('Mona Adel');
    await goToConfirm(canvas);

    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.form.submit') }));
    await expect(await canvas.findByText(i18n.t('example.stepForm.password.required'))).toBeVisible();
  },
};

/** Step 3: the result, after the whole flow; 'Transfer again' would start over. */
export const Complete: Story = {
  play: async ({ canvasElement }) => {
    onTransfer.mockClear();
    onViewBill.mockClear();
    const canvas = within(canvasElement);
    await goToConfirm(canvas);
    await confirmTransfer(canvas);
    await expect(onTransfer).toHaveBeenCalledTimes(1);
    await expect(onTransfer).toHaveBeenCalledWith(SAMPLE_TRANSFER);
    await expect(canvas.getByRole('heading', { name: i18n.t('example.stepForm.result.title') })).toBeVisible();
    const steps = within(canvas.getByRole('list', { name: i18n.t('example.stepForm.stepsLabel') })).getAllByRole(
      'listitem',
    );
    await expect(steps[2]).toHaveAttribute('aria-current', 'step');
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.stepForm.result.viewBill') }));
    await expect(onViewBill).toHaveBeenCalledTimes(1);
  },
};

/** 'Transfer again' goes back to step 1 with the sample transfer. */
export const TransferAgain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await goToConfirm(canvas);
    await confirmTransfer(canvas);
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.stepForm.result.again') }));
    await waitFor(() =>
      expect(canvas.getByRole('heading', { name: stepHeading(1, 'example.stepForm.step.info') })).toHaveFocus(),
    );
    await expect(canvas.getByRole('button', { name: i18n.t('example.stepForm.next') })).toBeVisible();
  },
};
