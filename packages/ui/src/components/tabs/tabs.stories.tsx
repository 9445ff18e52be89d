import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessageSquare, PhoneIncoming, PhoneMissed } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: { defaultValue: 'all', variant: 'line', onValueChange: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['line', 'card'] } },
  render: (args) => (
    <Tabs {...args}>
      <TabsList>
        <TabsTrigger value="all">All calls</TabsTrigger>
        <TabsTrigger value="missed">Missed calls</TabsTrigger>
        <TabsTrigger value="messages">Messages</TabsTrigger>
      </TabsList>
      <TabsContent value="all">Every call received in the chosen period.</TabsContent>
      <TabsContent value="missed">Calls nobody answered.</TabsContent>
      <TabsContent value="messages">Video messages left by callers.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The call-history tabs (SPEC §2.4). */
export const Line: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Missed calls' }));
    await expect(canvas.getByRole('tab', { name: 'Missed calls' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Calls nobody answered.');
    await expect(args.onValueChange).toHaveBeenCalledWith('missed');
  },
};

export const Card: Story = {
  args: { variant: 'card' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Messages' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Video messages left by callers.');
  },
};

export const WithCounts: Story = {
  render: (args) => (
    <Tabs {...args}>
      <TabsList>
        <TabsTrigger value="all" count={128}>
          <PhoneIncoming aria-hidden />
          All calls
        </TabsTrigger>
        <TabsTrigger value="missed" count={3}>
          <PhoneMissed aria-hidden />
          Missed calls
        </TabsTrigger>
        <TabsTrigger value="messages" count={0}>
          <MessageSquare aria-hidden />
          Messages
        </TabsTrigger>
      </TabsList>
      <TabsContent value="all">Every call received in the chosen period.</TabsContent>
      <TabsContent value="missed">Calls nobody answered.</TabsContent>
      <TabsContent value="messages">Video messages left by callers.</TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: /^Missed calls\s*3$/ })).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: /^All calls\s*128$/ })).toHaveAttribute('aria-selected', 'true');
  },
};

/** Arrow keys move between tabs and skip the disabled one. */
export const Keyboard: Story = {
  render: (args) => (
    <Tabs {...args}>
      <TabsList>
        <TabsTrigger value="all">All calls</TabsTrigger>
        <TabsTrigger value="missed" disabled>
          Missed calls
        </TabsTrigger>
        <TabsTrigger value="messages">Messages</TabsTrigger>
      </TabsList>
      <TabsContent value="all">Every call received in the chosen period.</TabsContent>
      <TabsContent value="missed">Calls nobody answered.</TabsContent>
      <TabsContent value="messages">Video messages left by callers.</TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'All calls' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Messages' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'All calls' })).toHaveFocus();
  },
};

/** In right-to-left layouts ArrowLeft moves to the next tab. */
export const RightToLeft: Story = {
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'All calls' }));
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'Missed calls' })).toHaveFocus();
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Calls nobody answered.');
  },
};

function ControlledTabs() {
  const [value, setValue] = useState('missed');
  return (
    <div className="grid gap-3">
      <Tabs value={value} onValueChange={setValue}>
        <TabsList>
          <TabsTrigger value="all">All calls</TabsTrigger>
          <TabsTrigger value="missed">Missed calls</TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
        </TabsList>
        <TabsContent value="all">Every call received in the chosen period.</TabsContent>
        <TabsContent value="missed">Calls nobody answered.</TabsContent>
        <TabsContent value="messages">Video messages left by callers.</TabsContent>
      </Tabs>
      <output>Showing: {value}</output>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledTabs />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Showing: missed');
    await userEvent.click(canvas.getByRole('tab', { name: 'Messages' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Showing: messages');
  },
};

export const Vertical: Story = {
  args: { orientation: 'vertical' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'All calls' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('tab', { name: 'Missed calls' })).toHaveFocus();
  },
};

/**
 * Panels that start with a field (the login page's account and phone tabs) are no Tab stop of
 * their own (`tabStop={false}`): Tab goes from the tab straight to the field.
 */
export const PanelStartingWithField: Story = {
  args: { defaultValue: 'account' },
  render: (args) => (
    <Tabs {...args} className="max-w-sm">
      <TabsList className="w-full">
        <TabsTrigger value="account">Account</TabsTrigger>
        <TabsTrigger value="phone">Phone</TabsTrigger>
      </TabsList>
      <TabsContent value="account" tabStop={false} className="grid gap-2">
        <label htmlFor="tabs-username" className="text-sm">
          Username
        </label>
        <input id="tabs-username" className="h-8 rounded-md border px-3 text-sm" />
      </TabsContent>
      <TabsContent value="phone" tabStop={false} className="grid gap-2">
        <label htmlFor="tabs-phone" className="text-sm">
          Phone number
        </label>
        <input id="tabs-phone" type="tel" className="h-8 rounded-md border px-3 text-sm" />
      </TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Account' }));
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toHaveFocus();
    await expect(canvas.getByRole('tabpanel')).not.toHaveAttribute('tabindex');
  },
};

const gridRender = () => (
  <div className="grid gap-8">
    {(['line', 'card'] as const).map((variant) =>
      (['horizontal', 'vertical'] as const).map((orientation) => (
        <Tabs key={`${variant}-${orientation}`} variant={variant} orientation={orientation} defaultValue="missed">
          <TabsList aria-label={`${variant} ${orientation}`}>
            <TabsTrigger value="all" count={128}>
              All calls
            </TabsTrigger>
            <TabsTrigger value="missed" count={3}>
              Missed calls
            </TabsTrigger>
            <TabsTrigger value="messages" disabled>
              Messages
            </TabsTrigger>
          </TabsList>
          <TabsContent value="all">Every call received in the chosen period.</TabsContent>
          <TabsContent value="missed">Calls nobody answered.</TabsContent>
          <TabsContent value="messages">Video messages left by callers.</TabsContent>
        </Tabs>
      )),
    )}
  </div>
);

/** Both variants, horizontal and vertical, with counts and a disabled tab, for visual regression. */
export const Grid: Story = { render: gridRender };
export const GridDark: Story = { render: gridRender, globals: { theme: 'dark' } };
export const GridRightToLeft: Story = { render: gridRender, globals: { dir: 'rtl' } };
