import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { CallCard, CallCardStack } from './call-card';

const meta = {
  title: 'Feedback/CallCard',
  component: CallCard,
  args: {
    state: 'ringing',
    callerName: 'Ada Lovelace',
    contact: ['ada@example.com', '+44 20 7183 8750'],
    topic: 'Call us',
    elapsed: '0:42',
    onAnswer: fn(),
    onDecline: fn(),
    onHangUp: fn(),
    className: 'w-[22rem] max-w-full',
  },
} satisfies Meta<typeof CallCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor's call rings: who, how to reach them, what they chose, how long they have waited. */
export const Ringing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('article', { name: 'Incoming call' });
    await expect(card).toHaveAccessibleDescription(/Ada Lovelace/);
    await expect(canvas.getByText('Call us · Waiting 0:42')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Answer' }));
    await expect(args.onAnswer).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expect(args.onDecline).toHaveBeenCalledTimes(1);
  },
};

/** A caller who left no name, e-mail or phone. */
export const Anonymous: Story = {
  args: { callerName: '', contact: [], topic: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Visitor')).toBeVisible();
  },
};

/** The answer is on its way: Answer is busy, Decline waits. */
export const Answering: Story = {
  args: { busy: 'answer' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Answer' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeDisabled();
  },
};

/** The browser keeps the ring silent until the page is clicked: the card says so and offers a button. */
export const SoundBlocked: Story = {
  args: {
    notice: (
      <>
        <span>The browser muted the ring.</span>
        <Button size="sm" variant="link" className="h-auto p-0">
          Turn the sound on
        </Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Turn the sound on' })).toBeVisible();
  },
};

/** The member took the call: Hang up. */
export const Connected: Story = {
  args: { state: 'connected', elapsed: '3:05' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'In a call' })).toBeVisible();
    await expect(canvas.getByText('Call us · Talking 3:05')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Answer' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Hang up' }));
    await expect(args.onHangUp).toHaveBeenCalledTimes(1);
  },
};

/** While connected, the app puts more about the call above Hang up (the caller's earlier calls, a note). */
export const ConnectedWithDetails: Story = {
  args: {
    state: 'connected',
    elapsed: '1:20',
    children: (
      <div className="grid gap-1 border-t pt-3">
        <p className="font-medium">Earlier calls</p>
        <p className="text-muted-foreground">Nov 20, 2026 · Sam Carter · 3:12</p>
      </div>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Earlier calls')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hang up' })).toBeVisible();
  },
};

/** Another member answered first. */
export const TakenByAnother: Story = {
  args: { state: 'taken', takenBy: 'Lea Martin' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Answered by Lea Martin' })).toBeVisible();
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
  },
};

/** Several calls at once, as the shell shows them in the bottom end corner (full width on a phone). */
export const Stack: Story = {
  decorators: [
    (Story) => (
      <div className="relative h-[36rem] w-full">
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <CallCardStack className="absolute sm:absolute">
      <CallCard {...args} state="connected" callerName="Grace Hopper" contact={['grace@example.com']} elapsed="5:12" />
      <CallCard {...args} />
      <CallCard {...args} callerName="Alan Turing" contact={[]} elapsed="0:03" />
    </CallCardStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const stack = canvas.getByRole('region', { name: 'Calls' });
    await expect(within(stack).getAllByRole('article')).toHaveLength(3);
    await expect(within(stack).getAllByRole('button', { name: 'Answer' })).toHaveLength(2);
  },
};
