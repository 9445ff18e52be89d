import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { dismiss, message, notice, notification } from './toast';

/**
 * The toasts render in the regions UiProvider already holds (the preview wraps every story in
 * it), so these stories only fire them.
 */
const meta = {
  title: 'Feedback/Toast',
  // Toasts live in a module-level store; clear it so none leaks into the next story.
  beforeEach: () => () => dismiss(),
  parameters: { layout: 'centered' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function page(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body);
}

/** Finds a toast's text inside the named region, so it is also known to land in the right place. */
async function findInRegion(canvasElement: HTMLElement, region: 'Messages' | 'Notifications', text: string) {
  const area = page(canvasElement).getByRole('region', { name: region });
  return within(area).findByText(text);
}

export const Messages: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => message.success('Record updated')}>
        Success
      </Button>
      <Button variant="outline" onClick={() => message.error('Request error, please retry.')}>
        Error
      </Button>
      <Button variant="outline" onClick={() => message.info('Please check credential and try again !')}>
        Info
      </Button>
      <Button variant="outline" onClick={() => message.warning('You are offline now.')}>
        Warning
      </Button>
      <Button variant="outline" onClick={() => message.loading('Record updating, Please wait...')}>
        Loading
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cases = [
      ['Success', 'Record updated', 'success'],
      ['Error', 'Request error, please retry.', 'error'],
      ['Info', 'Please check credential and try again !', 'info'],
      ['Warning', 'You are offline now.', 'warning'],
      ['Loading', 'Record updating, Please wait...', 'loading'],
    ] as const;
    for (const [button, text, type] of cases) {
      await userEvent.click(canvas.getByRole('button', { name: button }));
      const shown = await findInRegion(canvasElement, 'Messages', text);
      await expect(shown.closest('[data-slot="message"]')).toHaveAttribute('data-type', type);
    }
  },
};

/** Messages sit at the top centre of the window, 65 px from the top: below the header, never over it. */
export const MessagePlacement: Story = {
  render: () => <Button onClick={() => message.info('Centred message')}>Show message</Button>,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show message' }));
    const pill = (await findInRegion(canvasElement, 'Messages', 'Centred message')).closest(
      '[data-slot="message"]',
    ) as HTMLElement;
    const view = canvasElement.ownerDocument.defaultView as Window;
    await waitFor(() => {
      const box = pill.getBoundingClientRect();
      expect(Math.abs((box.left + box.right) / 2 - view.innerWidth / 2)).toBeLessThan(2);
      expect(box.top).toBeGreaterThanOrEqual(64);
      expect(box.top).toBeLessThan(80);
    });
  },
};

/** Lighter notices, gone after 1.5 seconds. */
export const Notices: Story = {
  render: () => (
    <div className="flex gap-2">
      <Button variant="outline" onClick={() => notice.success('Link copied')}>
        Copy link
      </Button>
      <Button variant="outline" onClick={() => notice.info('Sync started')}>
        Sync users
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy link' }));
    const shown = await findInRegion(canvasElement, 'Messages', 'Link copied');
    await expect(shown.closest('[data-slot="message"]')).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(page(canvasElement).queryByText('Link copied')).toBeNull(), { timeout: 3000 });
  },
};

/** SPEC §8: request errors and a lost network come as notifications, top right. */
export const Notifications: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        onClick={() =>
          notification.open({
            type: 'error',
            title: 'Request error 404: /api/users',
            description: 'record does not exist',
          })
        }
      >
        Request error
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          notification.error({
            title: 'Network abnormal',
            description: 'Your network is abnormal and cannot connect to the server',
          })
        }
      >
        Network abnormal
      </Button>
      <Button
        variant="outline"
        onClick={() => notification.success({ title: 'Users synced', description: '12 users were added.' })}
      >
        Success
      </Button>
      <Button variant="outline" onClick={() => notification.open({ title: 'Plain notification' })}>
        Plain
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Request error' }));
    const title = await findInRegion(canvasElement, 'Notifications', 'Request error 404: /api/users');
    const card = title.closest('[data-slot="notification"]') as HTMLElement;
    await expect(card).toHaveAttribute('data-type', 'error');
    await expect(within(card).getByText('record does not exist')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Network abnormal' }));
    await findInRegion(canvasElement, 'Notifications', 'Your network is abnormal and cannot connect to the server');
    await userEvent.click(within(card).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page(canvasElement).queryByText('Request error 404: /api/users')).toBeNull());
  },
};

/**
 * Notifications stay top right, 24 px from the right edge and 65 px from the top (below the
 * header), in right-to-left layouts too (SPEC §9), while their text reads right to left.
 */
export const NotificationPlacementRightToLeft: Story = {
  globals: { dir: 'rtl' },
  render: () => (
    <Button onClick={() => notification.info({ title: 'Sync finished', duration: 0 })}>Show notification</Button>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show notification' }));
    const card = (await findInRegion(canvasElement, 'Notifications', 'Sync finished')).closest(
      '[data-slot="notification"]',
    ) as HTMLElement;
    await expect(card.closest('ol')).toHaveAttribute('dir', 'rtl');
    const view = canvasElement.ownerDocument.defaultView as Window;
    await waitFor(() => {
      const box = card.getBoundingClientRect();
      expect(Math.abs(view.innerWidth - box.right - 24)).toBeLessThan(2);
      expect(Math.abs(box.top - 65)).toBeLessThan(2);
    });
  },
};

/** A loading message turns into the outcome in place, through its id. */
export const LoadingThenSuccess: Story = {
  render: () => (
    <Button
      onClick={() => {
        const id = message.loading('Record updating, Please wait...', { duration: 0 });
        setTimeout(() => message.success('Record updated', { id }), 600);
      }}
    >
      Save note
    </Button>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save note' }));
    await findInRegion(canvasElement, 'Messages', 'Record updating, Please wait...');
    const done = await findInRegion(canvasElement, 'Messages', 'Record updated');
    await expect(done.closest('[data-slot="message"]')).toHaveAttribute('data-type', 'success');
    await expect(page(canvasElement).queryByText('Record updating, Please wait...')).toBeNull();
  },
};

/** A notification with an action, like the 'new content, refresh' prompt (SPEC §4). */
export const NotificationWithAction: Story = {
  render: () => (
    <Button
      onClick={() => {
        const id = notification.info({
          title: 'New content is available',
          description: 'Please press the "Refresh" button to reload the current page.',
          duration: 0,
          action: (
            <Button size="sm" onClick={() => dismiss(id)}>
              Refresh
            </Button>
          ),
        });
      }}
    >
      Simulate update
    </Button>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Simulate update' }));
    const card = (await findInRegion(canvasElement, 'Notifications', 'New content is available')).closest(
      '[data-slot="notification"]',
    ) as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(page(canvasElement).queryByText('New content is available')).toBeNull());
  },
};
