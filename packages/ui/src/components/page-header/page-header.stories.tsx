import type { Meta, StoryObj } from '@storybook/react-vite';
import { Download, Phone, Plus } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../tabs/tabs';
import { Tag } from '../tag/tag';
import { PageHeader } from './page-header';

function Breadcrumb() {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-2">
        <li>
          <a href="#home" className="hover:text-primary-text hover:underline">
            Home
          </a>
        </li>
        <li aria-hidden>/</li>
        <li>
          <a href="#settings" className="hover:text-primary-text hover:underline">
            Settings
          </a>
        </li>
        <li aria-hidden>/</li>
        <li aria-current="page" className="text-foreground">
          Contact List
        </li>
      </ol>
    </nav>
  );
}

const meta = {
  title: 'Shell/PageHeader',
  component: PageHeader,
  args: { title: 'Call history' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Call history' })).toBeVisible();
  },
};

export const WithSubtitle: Story = { args: { subtitle: 'Every incoming call, with recordings and notes' } };

export const WithBreadcrumb: Story = {
  args: { title: 'Contact List', breadcrumb: <Breadcrumb /> },
};

/** The back arrow points to the start side, so it flips in right-to-left layouts. */
export const WithBack: Story = {
  args: { title: 'Profile', subtitle: 'Basic settings', onBack: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const WithActions: Story = {
  args: {
    subtitle: 'Last 30 days',
    tags: <Tag variant="success">Live</Tag>,
    extra: (
      <>
        <Button variant="outline" icon={<Download aria-hidden />}>
          Export
        </Button>
        <Button icon={<Plus aria-hidden />}>New contact</Button>
      </>
    ),
  },
};

export const WithContent: Story = {
  args: {
    title: 'Support team',
    avatar: (
      <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary-subtle text-primary-subtle-foreground">
        <Phone aria-hidden className="size-4" />
      </span>
    ),
    children: <p className="text-muted-foreground">Seven agents answer calls between 8:00 and 18:00.</p>,
  },
};

/** The tabs slot holds the tab list; the Tabs root wraps header and page so the panels sit below. */
export const WithTabs: Story = {
  args: {
    breadcrumb: <Breadcrumb />,
    onBack: fn(),
    extra: <Button variant="outline">Filters</Button>,
    tabs: (
      <TabsList aria-label="Call types" className="border-b-0">
        <TabsTrigger value="all">All calls</TabsTrigger>
        <TabsTrigger value="missed" count={4}>
          Missed calls
        </TabsTrigger>
        <TabsTrigger value="messages">Messages</TabsTrigger>
      </TabsList>
    ),
  },
  render: (args) => (
    <Tabs defaultValue="all" className="gap-0">
      <PageHeader {...args} />
      <TabsContent value="all" className="p-6">
        128 calls in the last 30 days.
      </TabsContent>
      <TabsContent value="missed" className="p-6">
        4 missed calls need a follow-up.
      </TabsContent>
      <TabsContent value="messages" className="p-6">
        12 voice messages.
      </TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /Missed calls/ }));
    await expect(canvas.getByRole('tab', { name: /Missed calls/ })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('4 missed calls need a follow-up.');
  },
};

/** Every slot at once. */
export const Complete: Story = {
  args: {
    breadcrumb: <Breadcrumb />,
    onBack: fn(),
    subtitle: '1,204 contacts',
    tags: <Tag variant="primary">Synced</Tag>,
    extra: <Button icon={<Plus aria-hidden />}>New contact</Button>,
    children: <p className="text-muted-foreground">Contacts come from calls, chats and the team-messaging sync.</p>,
  },
};

/** Right to left: the layout mirrors and the back arrow turns to point right, the way back. */
export const RightToLeft: Story = {
  args: { title: 'سجل المكالمات', subtitle: 'كل المكالمات الواردة', onBack: fn() },
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    const back = within(canvasElement).getByRole('button');
    const arrow = back.querySelector('svg') as SVGElement;
    await expect(getComputedStyle(arrow).rotate).toBe('180deg');
  },
};
