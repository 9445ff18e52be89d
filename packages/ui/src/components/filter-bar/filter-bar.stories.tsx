import type { Meta, StoryObj } from '@storybook/react-vite';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { DateRangePicker, type DateRangeValue } from '../date-picker/date-range-picker';
import { Input } from '../input/input';
import { type NumberRange, NumberRangeInput } from '../number-range-input/number-range-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select/select';
import { FilterBar, FilterBarField } from './filter-bar';

type YesNo = 'all' | 'yes' | 'no';

/** The call-history filters' values (SPEC §2.4). */
interface CallFilters {
  between: DateRangeValue;
  receivedBy: string;
  answered: YesNo;
  messageLeft: YesNo;
  callerName: string;
  transcript: string;
  holdTime: NumberRange;
  duration: NumberRange;
}

const noFilters: CallFilters = {
  between: {},
  receivedBy: 'anyone',
  answered: 'all',
  messageLeft: 'all',
  callerName: '',
  transcript: '',
  holdTime: {},
  duration: {},
};

function YesNoSelect({
  id,
  name,
  value,
  onValueChange,
}: {
  id: string;
  name: string;
  value: YesNo;
  onValueChange: (value: YesNo) => void;
}) {
  return (
    <Select name={name} value={value} onValueChange={(next) => onValueChange(next as YesNo)}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">All</SelectItem>
        <SelectItem value="yes">Yes</SelectItem>
        <SelectItem value="no">No</SelectItem>
      </SelectContent>
    </Select>
  );
}

/**
 * The call-history filter bar as the screen uses it: the filters are controlled, so Reset puts
 * them back, and Search reads the named form values.
 */
function CallHistoryFilterBar(props: React.ComponentProps<typeof FilterBar>) {
  const [filters, setFilters] = useState<CallFilters>(noFilters);
  const set =
    <K extends keyof CallFilters>(key: K) =>
    (value: CallFilters[K]) =>
      setFilters((current) => ({ ...current, [key]: value }));
  return (
    <FilterBar
      {...props}
      onReset={(event) => {
        setFilters(noFilters);
        props.onReset?.(event);
      }}
    >
      <FilterBarField label="Calls between">
        <DateRangePicker
          value={filters.between}
          onValueChange={set('between')}
          today={new Date(2026, 2, 14)}
          defaultMonth={new Date(2026, 2, 1)}
        />
      </FilterBarField>
      <FilterBarField label="Received By" htmlFor="filter-received-by">
        <Select name="receivedBy" value={filters.receivedBy} onValueChange={set('receivedBy')}>
          <SelectTrigger id="filter-received-by">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="anyone">Anyone</SelectItem>
            <SelectItem value="nora">Nora Ali</SelectItem>
            <SelectItem value="sam">Sam Carter</SelectItem>
            <SelectItem value="lea">Lea Martin</SelectItem>
          </SelectContent>
        </Select>
      </FilterBarField>
      <FilterBarField label="Call answered" htmlFor="filter-answered">
        <YesNoSelect id="filter-answered" name="answered" value={filters.answered} onValueChange={set('answered')} />
      </FilterBarField>
      <FilterBarField label="Message Left" htmlFor="filter-message-left">
        <YesNoSelect
          id="filter-message-left"
          name="messageLeft"
          value={filters.messageLeft}
          onValueChange={set('messageLeft')}
        />
      </FilterBarField>
      <FilterBarField label="Caller Name">
        <Input
          name="callerName"
          value={filters.callerName}
          onChange={(event) => set('callerName')(event.target.value)}
        />
      </FilterBarField>
      <FilterBarField label="Transcript">
        <Input
          name="transcript"
          value={filters.transcript}
          onChange={(event) => set('transcript')(event.target.value)}
        />
      </FilterBarField>
      <FilterBarField label="Hold time in seconds">
        <NumberRangeInput name="holdTime" unit="s" value={filters.holdTime} onValueChange={set('holdTime')} />
      </FilterBarField>
      <FilterBarField label="Call duration">
        <NumberRangeInput name="duration" unit="s" value={filters.duration} onValueChange={set('duration')} />
      </FilterBarField>
    </FilterBar>
  );
}

const meta = {
  title: 'Data/FilterBar',
  component: FilterBar,
  args: {
    'aria-label': 'Filter calls',
    onSearch: fn(),
    onReset: fn(),
    onExpandedChange: fn(),
  },
  render: (args) => <CallHistoryFilterBar {...args} />,
} satisfies Meta<typeof FilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Collapsed: the first row of filters and the buttons. Enter in a field searches. */
export const Collapsed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Expand' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('spinbutton', { name: 'Call duration Min' })).toBeNull();
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'Collapse' })).toHaveAttribute('aria-expanded', 'true');
    await expect(args.onExpandedChange).toHaveBeenCalledWith(true);
    const callerName = canvas.getByRole('textbox', { name: 'Caller Name' });
    await userEvent.type(callerName, 'Ada{Enter}');
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    const values = (args.onSearch as ReturnType<typeof fn>).mock.calls[0]?.[0] as FormData;
    await expect(values.get('callerName')).toBe('Ada');
  },
};

/** Expanded: every filter shows. Reset puts them all back; Search sends the named values. */
export const Expanded: Story = {
  args: { defaultExpanded: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const callerName = canvas.getByRole('textbox', { name: 'Caller Name' });
    const durationMin = canvas.getByRole('spinbutton', { name: 'Call duration Min' });
    await userEvent.type(callerName, 'Ada');
    await userEvent.type(durationMin, '60');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Call answered' }));
    await userEvent.click(await body.findByRole('option', { name: 'Yes' }));
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    let values = (args.onSearch as ReturnType<typeof fn>).mock.lastCall?.[0] as FormData;
    await expect(values.get('callerName')).toBe('Ada');
    await expect(values.get('duration.min')).toBe('60');
    await expect(values.get('answered')).toBe('yes');

    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(args.onReset).toHaveBeenCalledTimes(1);
    await expect(callerName).toHaveValue('');
    await expect(durationMin).toHaveValue(null);
    await expect(canvas.getByRole('combobox', { name: 'Call answered' })).toHaveTextContent('All');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    values = (args.onSearch as ReturnType<typeof fn>).mock.lastCall?.[0] as FormData;
    await expect(values.get('answered')).toBe('all');
  },
};

/** Filters given as data rather than children. */
export const FromItems: Story = {
  render: (args) => <FilterBar {...args} />,
  args: {
    children: undefined,
    items: [
      { key: 'callerName', label: 'Caller Name', control: <Input name="callerName" /> },
      { key: 'email', label: 'Email', control: <Input name="email" type="email" /> },
    ],
  },
};

export const Searching: Story = {
  args: { searching: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Search' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const WithActions: Story = {
  args: {
    actions: (
      <Button variant="ghost" icon={<Download aria-hidden />}>
        Export
      </Button>
    ),
  },
};

/** Everything always shows when the bar may not collapse. */
export const NotCollapsible: Story = {
  args: { collapsible: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Expand' })).toBeNull();
    await expect(canvas.getByRole('spinbutton', { name: 'Call duration Min' })).toBeVisible();
  },
};
