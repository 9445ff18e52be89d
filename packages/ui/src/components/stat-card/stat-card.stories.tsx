import { formatNumber, useTranslation } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Info } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { Button } from '../button/button';
import { StatCard } from './stat-card';

/** A footer line whose number follows the interface language, as the app's would. */
function DailyCalls({ count }: { count: number }) {
  const { i18n } = useTranslation();
  return <>Daily calls {formatNumber(count, i18n.language)}</>;
}

const meta = {
  title: 'Data/StatCard',
  component: StatCard,
  args: {
    className: 'max-w-xs',
    title: 'Total calls',
    value: 12580,
    trend: { direction: 'up', value: 0.12, label: 'vs last week' },
    footer: <DailyCalls count={1234} />,
  },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('12,580')).toBeInTheDocument();
    const trend = canvasElement.querySelector('[data-slot="stat-card-trend"]');
    await expect(trend).toHaveTextContent('Increase12%vs last week');
  },
};

export const TrendDown: Story = {
  args: { title: 'Missed calls', value: 42, trend: { direction: 'down', value: 0.085, label: 'vs last week' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="stat-card-trend"]')).toHaveTextContent('Decrease8.5%');
  },
};

/** Hold time going up is bad news: the sentiment overrides the colour, the words stay honest. */
export const UpIsBad: Story = {
  args: {
    title: 'Average hold time',
    value: 95,
    suffix: 's',
    trend: { direction: 'up', value: 0.3, label: 'vs last week', sentiment: 'negative' },
    footer: undefined,
  },
};

export const Percent: Story = {
  args: {
    title: 'Answer rate',
    value: 0.934,
    formatOptions: { style: 'percent', maximumFractionDigits: 1 },
    trend: undefined,
  },
};

export const WithAction: Story = {
  args: {
    action: (
      <Button variant="ghost" size="icon" aria-label="About this figure">
        <Info aria-hidden />
      </Button>
    ),
  },
};

export const Loading: Story = {
  args: { loading: true, loadingLabel: 'Loading total calls' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading total calls');
    await expect(canvas.queryByText('12,580')).toBeNull();
  },
};

/** A dashboard row, for visual regression. */
export const Grid: Story = {
  args: { className: undefined },
  render: () => (
    <div className="grid max-w-content grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Total calls"
        value={12580}
        trend={{ direction: 'up', value: 0.12, label: 'vs last week' }}
        footer={<DailyCalls count={1234} />}
      />
      <StatCard title="Missed calls" value={42} trend={{ direction: 'down', value: 0.085 }} />
      <StatCard
        title="Average hold time"
        value={95}
        suffix="s"
        trend={{ direction: 'up', value: 0.3, sentiment: 'negative' }}
      />
      <StatCard title="Video messages" value={0} loading />
    </div>
  ),
};
