import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleHelp, Download } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: { onOpenChange: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  // Not in visual regression: it ends closed, and hover timing leaves it open in some captures; the open look is captured by the other tooltip stories.
  tags: ['no-visual'],
  render: (args) => (
    <Tooltip {...args}>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Help">
          <CircleHelp aria-hidden />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Open the help centre</TooltipContent>
    </Tooltip>
  ),
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Help' });
    await userEvent.hover(trigger);
    await expect(await page.findByRole('tooltip')).toHaveTextContent('Open the help centre');
    await expect(trigger).toHaveAccessibleDescription('Open the help centre');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.unhover(trigger);
    await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull());
  },
};

/** Keyboard focus shows the hint at once; Escape hides it. */
export const OnFocus: Story = {
  render: (args) => (
    <Tooltip {...args}>
      <TooltipTrigger asChild>
        <Button variant="outline" icon={<Download aria-hidden />}>
          Export
        </Button>
      </TooltipTrigger>
      <TooltipContent>Download the call history as CSV</TooltipContent>
    </Tooltip>
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'Export' })).toHaveFocus();
    await expect(await page.findByRole('tooltip')).toHaveTextContent('Download the call history as CSV');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull());
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Tooltip {...args}>
      <TooltipTrigger asChild>
        <Button variant="outline">Hold time</Button>
      </TooltipTrigger>
      <TooltipContent>Seconds the caller waited before an answer</TooltipContent>
    </Tooltip>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement.ownerDocument.body).findByRole('tooltip')).toHaveTextContent(
      'Seconds the caller waited before an answer',
    );
  },
};

/** Every side, with and without the arrow, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-2 gap-x-48 gap-y-20 p-16">
      {(['top', 'bottom', 'left', 'right'] as const).map((side) => (
        <Tooltip key={side} open>
          <TooltipTrigger asChild>
            <Button variant="outline">{side}</Button>
          </TooltipTrigger>
          <TooltipContent side={side} showArrow={side !== 'right'}>
            Tooltip on {side}
          </TooltipContent>
        </Tooltip>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).getAllByRole('tooltip')).toHaveLength(4));
  },
};
