import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('conforms', async () => {
    const { container } = renderWithProviders(<PageHeader title="Call history" className="custom" />);
    const root = container.querySelector<HTMLElement>('[data-slot="page-header"]');
    expect(root).not.toBeNull();
    await expectConformance(root as HTMLElement, { slot: 'page-header', className: 'custom' });
  });

  it('names the page with a level-one heading by default', () => {
    renderWithProviders(<PageHeader title="Call history" subtitle="All incoming calls" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Call history' })).toBeInTheDocument();
    expect(screen.getByText('All incoming calls')).toBeInTheDocument();
  });

  it('uses the requested heading level', () => {
    renderWithProviders(<PageHeader title="Notes" titleLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Notes' })).toBeInTheDocument();
  });

  it('shows a back button only when onBack is given, and calls it from the keyboard', async () => {
    const onBack = vi.fn();
    const { rerender } = renderWithProviders(<PageHeader title="Profile" />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    rerender(<PageHeader title="Profile" onBack={onBack} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('accepts a custom back label', () => {
    renderWithProviders(<PageHeader title="Profile" onBack={() => {}} backLabel="Back to settings" />);
    expect(screen.getByRole('button', { name: 'Back to settings' })).toBeInTheDocument();
  });

  it('renders the breadcrumb, tags, extra actions, content and tabs slots', () => {
    renderWithProviders(
      <PageHeader
        title="Call history"
        breadcrumb={<nav aria-label="Breadcrumb">Home / Calls</nav>}
        tags={<span>Live</span>}
        extra={<button type="button">Export</button>}
        tabs={<div role="tablist" aria-label="Call types" />}
      >
        <p>Calls from the last 30 days.</p>
      </PageHeader>,
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home / Calls');
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByText('Calls from the last 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Call types' })).toBeInTheDocument();
  });

  it('keeps the breadcrumb before the title in reading order', () => {
    const { container } = renderWithProviders(
      <PageHeader title="Profile" breadcrumb={<span>Settings</span>} extra={<span>Actions</span>} />,
    );
    const root = container.querySelector('[data-slot="page-header"]') as HTMLElement;
    expect(root.textContent).toBe('SettingsProfileActions');
    expect(within(root).getByRole('heading')).toHaveTextContent('Profile');
  });
});
