import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Label } from '../label/label';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Inputs/Checkbox',
  component: Checkbox,
  args: { id: 'remember', onCheckedChange: fn() },
  render: (args) => (
    <div className="flex items-center gap-2">
      <Checkbox {...args} />
      <Label htmlFor={args.id}>Remember me</Label>
    </div>
  ),
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', { name: 'Remember me' });
    await userEvent.click(canvas.getByText('Remember me'));
    await expect(checkbox).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(2);
  },
};

export const Checked: Story = { args: { defaultChecked: true } };

export const Indeterminate: Story = {
  args: { checked: 'indeterminate' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toHaveAttribute('aria-checked', 'mixed');
  },
};

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await userEvent.click(checkbox, { pointerEventsCheck: 0 });
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };

const kinds = [
  { id: 'missed', label: 'Missed calls' },
  { id: 'answered', label: 'Answered calls' },
  { id: 'messages', label: 'Messages' },
];

/** A parent checkbox that reflects its children: checked, unchecked or indeterminate. */
export const SelectAll: Story = {
  render: () => {
    const [selected, setSelected] = useState<string[]>(['missed']);
    const parentState =
      selected.length === kinds.length ? true : selected.length === 0 ? false : ('indeterminate' as const);
    return (
      <fieldset className="grid gap-2">
        <legend className="sr-only">Call kinds</legend>
        <div className="flex items-center gap-2">
          <Checkbox
            id="all"
            checked={parentState}
            onCheckedChange={(checked) => setSelected(checked === true ? kinds.map((kind) => kind.id) : [])}
          />
          <Label htmlFor="all">All calls</Label>
        </div>
        {kinds.map((kind) => (
          <div key={kind.id} className="flex items-center gap-2 ps-6">
            <Checkbox
              id={kind.id}
              checked={selected.includes(kind.id)}
              onCheckedChange={(checked) =>
                setSelected((current) =>
                  checked === true ? [...current, kind.id] : current.filter((item) => item !== kind.id),
                )
              }
            />
            <Label htmlFor={kind.id}>{kind.label}</Label>
          </div>
        ))}
      </fieldset>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const parent = canvas.getByRole('checkbox', { name: 'All calls' });
    await expect(parent).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(parent);
    await expect(parent).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Messages' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Messages' }));
    await expect(parent).toHaveAttribute('aria-checked', 'mixed');
  },
};

/** Every state side by side, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-[repeat(4,max-content)] items-center gap-4">
      {(
        [
          ['unchecked', false, false],
          ['checked', true, false],
          ['indeterminate', 'indeterminate', false],
          ['disabled', false, true],
          ['disabled checked', true, true],
          ['disabled indeterminate', 'indeterminate', true],
        ] as const
      ).map(([label, checked, disabled]) => (
        <div key={label} className="flex items-center gap-2">
          <Checkbox id={`grid-${label}`} checked={checked} disabled={disabled} />
          <Label htmlFor={`grid-${label}`}>{label}</Label>
        </div>
      ))}
      <div className="flex items-center gap-2">
        <Checkbox id="grid-invalid" aria-invalid />
        <Label htmlFor="grid-invalid">invalid</Label>
      </div>
    </div>
  ),
};
