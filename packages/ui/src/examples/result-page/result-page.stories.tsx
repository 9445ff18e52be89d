import { i18n } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FailResultPage, SuccessResultPage } from './result-page';

const onBackToList = fn();
const onUrge = fn();
const onReturnToModify = fn();

const meta = {
  title: 'Examples/Result Page',
  component: SuccessResultPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SuccessResultPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Result > Success: the project's details and its review progress, the second step in progress. */
export const Success: Story = {
  render: () => <SuccessResultPage onBackToList={onBackToList} onUrge={onUrge} />,
  play: async ({ canvasElement }) => {
    onBackToList.mockClear();
    onUrge.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: i18n.t('ui.result.success.title') })).toBeVisible();
    const progress = canvas.getByRole('list', { name: i18n.t('example.result.progress') });
    const steps = within(progress).getAllByRole('listitem');
    await expect(steps).toHaveLength(4);
    await expect(steps[1]).toHaveAttribute('aria-current', 'step');
    await expect(steps[0]).toHaveTextContent(i18n.t('example.steps.completed'));
    await userEvent.click(within(progress).getByRole('button', { name: i18n.t('example.result.urge') }));
    await expect(onUrge).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.result.backToList') }));
    await expect(onBackToList).toHaveBeenCalledTimes(1);
  },
};

/** Result > Fail: the errors to fix and a way back to the form. */
export const Fail: Story = {
  render: () => <FailResultPage onReturnToModify={onReturnToModify} />,
  play: async ({ canvasElement }) => {
    onReturnToModify.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: i18n.t('ui.result.fail.title') })).toBeVisible();
    await expect(canvas.getByText(i18n.t('example.result.fail.frozen'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.result.fail.modify') }));
    await expect(onReturnToModify).toHaveBeenCalledTimes(1);
  },
};
