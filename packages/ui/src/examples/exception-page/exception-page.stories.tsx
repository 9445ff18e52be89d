import { i18n } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ExceptionPage } from './exception-page';

const onBackHome = fn();

const meta = {
  title: 'Examples/Exception Page',
  component: ExceptionPage,
  parameters: { layout: 'fullscreen' },
  args: { status: '404', onBackHome },
  // The spy is shared by every story (and every re-render of one): start each story with none of its calls.
  beforeEach: () => {
    onBackHome.mockClear();
  },
  argTypes: { status: { control: 'inline-radio', options: ['403', '404', '500'] } },
} satisfies Meta<typeof ExceptionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Exception > 403: the page an authority that does not match sees (SPEC §2.2). */
export const Forbidden: Story = {
  args: { status: '403' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: i18n.t('ui.result.403.title') })).toBeVisible();
    await expect(canvas.getByText(i18n.t('ui.result.403.subTitle'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('ui.result.backHome') }));
    await expect(args.onBackHome).toHaveBeenCalledTimes(1);
  },
};

/** Exception > 404. */
export const NotFound: Story = {
  args: { status: '404' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: i18n.t('ui.result.404.title') })).toBeVisible();
    await expect(canvas.getByText(i18n.t('ui.result.404.subTitle'))).toBeVisible();
  },
};

/** Exception > 500. */
export const ServerError: Story = {
  args: { status: '500' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: i18n.t('ui.result.500.title') })).toBeVisible();
    await expect(canvas.getByText(i18n.t('ui.result.500.subTitle'))).toBeVisible();
  },
};
