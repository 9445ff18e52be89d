import { changeLocale } from '@parley/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Tabs, TabsContent, TabsList, type TabsProps, TabsTrigger } from './tabs';

function CallTabs(props: TabsProps) {
  return (
    <Tabs {...props}>
      <TabsList aria-label="Call history" className="custom-list">
        <TabsTrigger value="all" className="custom-trigger">
          All calls
        </TabsTrigger>
        <TabsTrigger value="missed" count={3}>
          Missed calls
        </TabsTrigger>
        <TabsTrigger value="messages">Messages</TabsTrigger>
      </TabsList>
      <TabsContent value="all" className="custom-content">
        All panel
      </TabsContent>
      <TabsContent value="missed">Missed panel</TabsContent>
      <TabsContent value="messages">Messages panel</TabsContent>
    </Tabs>
  );
}

function ControlledTabs({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState('messages');
  return (
    <>
      <CallTabs
        value={value}
        onValueChange={(next) => {
          onValueChange(next);
          setValue(next);
        }}
      />
      <output>{value}</output>
    </>
  );
}

describe('Tabs', () => {
  afterEach(async () => {
    await changeLocale('en-US');
  });

  it('conforms on every part', async () => {
    const { container } = renderWithProviders(<CallTabs defaultValue="all" className="custom-root" />);
    expect(container.querySelector('[data-slot="tabs"]')).toHaveClass('custom-root');
    await expectConformance(screen.getByRole('tablist'), { slot: 'tabs-list', className: 'custom-list' });
    await expectConformance(screen.getByRole('tab', { name: 'All calls' }), {
      slot: 'tabs-trigger',
      className: 'custom-trigger',
    });
    await expectConformance(screen.getByRole('tabpanel'), { slot: 'tabs-content', className: 'custom-content' });
  });

  it('defaults to the line variant and passes the variant to its parts', () => {
    const { rerender } = renderWithProviders(<CallTabs defaultValue="all" />);
    expect(screen.getByRole('tablist')).toHaveAttribute('data-variant', 'line');
    rerender(<CallTabs defaultValue="all" variant="card" />);
    expect(screen.getByRole('tablist')).toHaveAttribute('data-variant', 'card');
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveAttribute('data-variant', 'card');
  });

  it('switches panels on click when uncontrolled', async () => {
    renderWithProviders(<CallTabs defaultValue="all" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('All panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Messages panel');
  });

  it('follows the value it is given when controlled', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ControlledTabs onValueChange={onValueChange} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Messages panel');
    await userEvent.click(screen.getByRole('tab', { name: 'All calls' }));
    expect(onValueChange).toHaveBeenCalledWith('all');
    expect(screen.getByRole('status')).toHaveTextContent('all');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('All panel');
  });

  // A click reported the change twice when the value came back later (from the address): Back then stayed put.
  it('reports one click once, even when the value it is given has not changed yet', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<CallTabs value="all" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('tab', { name: /Missed calls/ }));
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('missed');
    // A second click, later, is a new request (the owner of the value may have refused the first).
    await userEvent.click(screen.getByRole('tab', { name: /Missed calls/ }));
    expect(onValueChange).toHaveBeenCalledTimes(2);
  });

  it('moves with ArrowRight in left-to-right layouts', async () => {
    renderWithProviders(<CallTabs defaultValue="all" />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'All calls' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Missed calls/ })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Missed panel');
  });

  it('mirrors the arrow keys in right-to-left layouts', async () => {
    renderWithProviders(<CallTabs defaultValue="all" />, { locale: 'ar-EG' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /Missed calls/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveFocus();
  });

  it('shows a count badge as part of the tab name, in the locale digits', async () => {
    renderWithProviders(<CallTabs defaultValue="all" />);
    expect(screen.getByRole('tab', { name: /^Missed calls\s*3$/ })).toBeInTheDocument();
    await changeLocale('ar-EG');
    expect(await screen.findByRole('tab', { name: /^Missed calls\s*٣$/ })).toBeInTheDocument();
  });

  it('skips a disabled tab', async () => {
    renderWithProviders(
      <Tabs defaultValue="all">
        <TabsList>
          <TabsTrigger value="all">All calls</TabsTrigger>
          <TabsTrigger value="missed" disabled>
            Missed calls
          </TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveFocus();
  });

  it('makes a panel a Tab stop unless told it starts with a field', async () => {
    renderWithProviders(
      <>
        <CallTabs defaultValue="all" />
        <Tabs defaultValue="account">
          <TabsList aria-label="Sign in">
            <TabsTrigger value="account">Account</TabsTrigger>
          </TabsList>
          <TabsContent value="account" tabStop={false}>
            <input aria-label="Email" />
          </TabsContent>
        </Tabs>
      </>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'All calls' }));
    await userEvent.tab();
    expect(screen.getByRole('tabpanel', { name: 'All calls' })).toHaveFocus();
    await userEvent.click(screen.getByRole('tab', { name: 'Account' }));
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Account' })).not.toHaveAttribute('tabindex');
  });
});
