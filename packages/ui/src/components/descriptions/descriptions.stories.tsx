import { formatDate, formatDuration, useTranslation } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../button/button';
import { Tag } from '../tag/tag';
import { Descriptions, type DescriptionsItem } from './descriptions';

/** A fixed call record, with dates and durations in the interface language. */
function useCallItems(): DescriptionsItem[] {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return [
    {
      label: 'Incoming Time',
      children: formatDate('2026-03-14T09:26:00Z', locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      }),
    },
    { label: 'SR No', children: '1024' },
    { label: 'Player Id', children: 'PL-88213' },
    { label: 'Hold time', children: formatDuration(42, locale) },
    { label: 'Received by', children: 'Grace Hopper' },
    { label: 'Duration', children: formatDuration(754, locale) },
    { label: 'Name', children: 'Ada Lovelace' },
    { label: 'Email', children: 'ada@example.com' },
    { label: 'Follow Up', children: <Tag variant="warning">Pending</Tag> },
    { label: 'Notes', children: 'Asked for a call back about the recording.', span: 3 },
  ];
}

const meta = {
  title: 'Data/Descriptions',
  component: Descriptions,
  args: { title: 'Call details', items: [], columns: 3 },
  argTypes: {
    columns: { control: 'inline-radio', options: [1, 2, 3, 4] },
    layout: { control: 'inline-radio', options: ['horizontal', 'vertical'] },
  },
  render: function Render(args) {
    const items = useCallItems();
    return <Descriptions {...args} items={items} />;
  },
} satisfies Meta<typeof Descriptions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('dl')).toHaveAccessibleName('Call details');
    await expect(canvas.getByText('Ada Lovelace')).toBeInTheDocument();
    await expect(canvas.getByText('12:34')).toBeInTheDocument();
  },
};
export const OneColumn: Story = { args: { columns: 1 } };
export const TwoColumns: Story = { args: { columns: 2 } };
export const FourColumns: Story = { args: { columns: 4 } };
export const Bordered: Story = { args: { bordered: true } };
export const Vertical: Story = { args: { layout: 'vertical' } };
export const VerticalBordered: Story = { args: { layout: 'vertical', bordered: true, columns: 4 } };
export const WithExtra: Story = { args: { extra: <Button variant="outline">Edit</Button> } };
export const EmptyValue: Story = {
  render: (args) => (
    <Descriptions
      {...args}
      items={[
        { label: 'Email', children: 'ada@example.com' },
        { label: 'Contact', children: '' },
      ]}
    />
  ),
};
