import { i18n } from '@parley/i18n';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { StatCard } from './stat-card';

afterEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('StatCard', () => {
  it('conforms and formats the figure', async () => {
    const { container } = renderWithProviders(<StatCard className="custom" title="Total calls" value={12580} />);
    expect(screen.getByRole('heading', { name: 'Total calls' })).toBeInTheDocument();
    expect(screen.getByText('12,580')).toBeInTheDocument();
    await expectConformance(container.querySelector('[data-slot="stat-card"]') as HTMLElement, {
      slot: 'stat-card',
      className: 'custom',
    });
  });

  it('formats in the current interface language', async () => {
    await i18n.changeLanguage('de-DE');
    renderWithProviders(<StatCard title="Anrufe" value={12580.5} />);
    expect(screen.getByText('12.580,5')).toBeInTheDocument();
  });

  it('passes format options and keeps strings as given', () => {
    const { rerender } = renderWithProviders(
      <StatCard title="Answer rate" value={0.934} formatOptions={{ style: 'percent', maximumFractionDigits: 1 }} />,
    );
    expect(screen.getByText('93.4%')).toBeInTheDocument();
    rerender(<StatCard title="Status" value="Online" />);
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('states the trend in words as well as colour', () => {
    const { container, rerender } = renderWithProviders(
      <StatCard title="Calls" value={1} trend={{ direction: 'up', value: 0.12, label: 'vs last week' }} />,
    );
    let trend = container.querySelector('[data-slot="stat-card-trend"]');
    expect(trend).toHaveTextContent('Increase12%vs last week');
    expect(trend).toHaveAttribute('data-sentiment', 'positive');
    expect(screen.getByText('Increase')).toHaveClass('sr-only');
    rerender(<StatCard title="Hold" value={1} trend={{ direction: 'up', value: -0.3, sentiment: 'negative' }} />);
    trend = container.querySelector('[data-slot="stat-card-trend"]');
    expect(trend).toHaveTextContent('Increase30%');
    expect(trend).toHaveAttribute('data-sentiment', 'negative');
    rerender(<StatCard title="Missed" value={1} trend={{ direction: 'down', value: 0.085 }} />);
    expect(container.querySelector('[data-slot="stat-card-trend"]')).toHaveTextContent('Decrease8.5%');
  });

  it('shows a footer, and an announced placeholder while loading', () => {
    const { rerender } = renderWithProviders(<StatCard title="Calls" value={10} footer="Daily calls 4" />);
    expect(screen.getByText('Daily calls 4')).toBeInTheDocument();
    rerender(<StatCard title="Calls" value={10} footer="Daily calls 4" loading loadingLabel="Loading calls" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading calls');
    expect(screen.queryByText('10')).toBeNull();
    expect(screen.queryByText('Daily calls 4')).toBeNull();
  });
});
