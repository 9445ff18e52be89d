import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { OfflineBanner } from './offline-banner';

const meta = {
  title: 'Feedback/OfflineBanner',
  component: OfflineBanner,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof OfflineBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Offline: the warning bar with the translated texts. */
export const Offline: Story = {
  args: { online: false },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveAttribute('data-state', 'offline');
    await expect(status).toHaveTextContent('You are offline');
  },
};

/** Online: nothing visible, the live region waits empty. */
export const Online: Story = {
  args: { online: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeEmptyDOMElement();
  },
};

export const CustomText: Story = {
  args: { online: false, title: 'Connection lost', description: 'Recording uploads resume when you are back online.' },
};

/** Follows the browser: the play function simulates losing and regaining the connection. */
export const FollowsBrowser: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toBeEmptyDOMElement();
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    try {
      window.dispatchEvent(new Event('offline'));
      await waitFor(() => expect(status).toHaveTextContent('You are offline'));
    } finally {
      // Removing the own property brings back the real getter from Navigator.prototype.
      Reflect.deleteProperty(window.navigator, 'onLine');
      window.dispatchEvent(new Event('online'));
    }
    await waitFor(() => expect(status).toBeEmptyDOMElement());
  },
};
