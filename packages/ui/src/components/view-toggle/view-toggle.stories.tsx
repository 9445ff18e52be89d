import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ViewToggle } from './view-toggle';

const meta = {
  title: 'Data/ViewToggle',
  component: ViewToggle,
  args: { onValueChange: fn() },
  argTypes: { value: { control: 'inline-radio', options: ['grid', 'list'] } },
} satisfies Meta<typeof ViewToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Grid by default; picking List calls back, and the keyboard moves between the two. */
export const Grid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'View' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Grid' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(canvas.getByRole('radio', { name: 'List' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('list');
    await expect(canvas.getByRole('radio', { name: 'List' })).toHaveAttribute('aria-checked', 'true');
    // Pressing the chosen view again keeps it.
    await userEvent.click(canvas.getByRole('radio', { name: 'List' }));
    await expect(canvas.getByRole('radio', { name: 'List' })).toHaveAttribute('aria-checked', 'true');
  },
};

export const List: Story = {
  args: { value: 'list' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: 'List' })).toHaveAttribute('aria-checked', 'true');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = { globals: { dir: 'rtl' } };
export const Arabic: Story = { globals: { locale: 'ar-EG' } };
