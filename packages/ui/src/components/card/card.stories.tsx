import type { Meta, StoryObj } from '@storybook/react-vite';
import { MoreHorizontal } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const onSave = fn();

const meta = {
  title: 'Data/Card',
  component: Card,
  args: { className: 'max-w-sm' },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Team-messaging settings</CardTitle>
        <CardDescription>Connect your workspace to sync users.</CardDescription>
      </CardHeader>
      <CardContent>
        <p>Paste the access token from your workspace, then save and sync the users.</p>
      </CardContent>
      <CardFooter className="justify-end">
        <Button variant="outline">Sync Users</Button>
        <Button onClick={onSave}>Save</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Team-messaging settings' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(onSave).toHaveBeenCalled();
  },
};

export const WithAction: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Recent calls</CardTitle>
        <CardDescription>Calls received this week.</CardDescription>
        <CardAction>
          <Button variant="ghost" size="icon" aria-label="More actions">
            <MoreHorizontal aria-hidden />
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <p>24 calls, 3 missed.</p>
      </CardContent>
    </Card>
  ),
};

export const ContentOnly: Story = {
  render: (args) => (
    <Card {...args}>
      <CardContent>A card can hold just content.</CardContent>
    </Card>
  ),
};

export const Loading: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Recent calls</CardTitle>
      </CardHeader>
      <CardContent loading loadingLabel="Loading recent calls">
        <p>24 calls, 3 missed.</p>
      </CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading recent calls');
    await expect(canvas.queryByText('24 calls, 3 missed.')).toBeNull();
  },
};
