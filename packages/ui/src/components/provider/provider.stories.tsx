import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';
import { UiProvider } from './provider';

/**
 * UiProvider wraps every app and story — Storybook's decorator renders it with the toolbar's
 * locale and direction: writing direction for Radix parts and portals, tooltip timing, and the
 * toast regions. These stories show that the direction reaches portalled content.
 */
const meta = {
  title: 'Shell/UiProvider',
  component: UiProvider,
  args: { locale: 'en-US', children: null },
  render: () => (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">Open details</Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Details">
        <p className="text-sm">Portalled content follows the provider's direction.</p>
      </PopoverContent>
    </Popover>
  ),
} satisfies Meta<typeof UiProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LeftToRight: Story = {
  // Asserts left-to-right portals whatever the toolbar says; RightToLeftFromLocale covers RTL.
  globals: { dir: 'ltr' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open details' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog')).toHaveAttribute('dir', 'ltr');
  },
};

export const RightToLeftFromLocale: Story = {
  globals: { locale: 'he-IL', dir: 'auto' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open details' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog')).toHaveAttribute('dir', 'rtl');
  },
};
