import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Label } from '../label/label';
import { Checkbox, type CheckboxProps } from './checkbox';

function LabelledCheckbox(props: CheckboxProps) {
  return (
    <div>
      <Checkbox id="remember" {...props} />
      <Label htmlFor="remember">Remember me</Label>
    </div>
  );
}

function SelectAll() {
  const [selected, setSelected] = useState<string[]>(['missed']);
  const all = ['missed', 'answered'];
  const parentState = selected.length === all.length ? true : selected.length === 0 ? false : 'indeterminate';
  return (
    <>
      <Checkbox
        aria-label="All calls"
        checked={parentState}
        onCheckedChange={(checked) => setSelected(checked === true ? all : [])}
      />
      {all.map((kind) => (
        <Checkbox
          key={kind}
          aria-label={kind}
          checked={selected.includes(kind)}
          onCheckedChange={(checked) =>
            setSelected((current) => (checked === true ? [...current, kind] : current.filter((item) => item !== kind)))
          }
        />
      ))}
    </>
  );
}

describe('Checkbox', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<LabelledCheckbox className="custom" />);
    await expectConformance(screen.getByRole('checkbox', { name: 'Remember me' }), {
      slot: 'checkbox',
      className: 'custom',
    });
  });

  it('toggles with Space and by clicking its label', async () => {
    const onCheckedChange = vi.fn();
    renderWithProviders(<LabelledCheckbox onCheckedChange={onCheckedChange} />);
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    await userEvent.tab();
    expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(checkbox).toBeChecked();
    await userEvent.click(screen.getByText('Remember me'));
    expect(checkbox).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('does not toggle with Enter, as the checkbox pattern says', async () => {
    renderWithProviders(<LabelledCheckbox />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('works uncontrolled from defaultChecked', async () => {
    renderWithProviders(<LabelledCheckbox defaultChecked />);
    const checkbox = screen.getByRole('checkbox');
    expect(checkbox).toBeChecked();
    await userEvent.click(checkbox);
    expect(checkbox).not.toBeChecked();
  });

  it('reports the indeterminate state as mixed and resolves it when controlled', async () => {
    renderWithProviders(<SelectAll />);
    const parent = screen.getByRole('checkbox', { name: 'All calls' });
    expect(parent).toHaveAttribute('aria-checked', 'mixed');
    expect(parent).toHaveAttribute('data-state', 'indeterminate');
    expect(parent).toBePartiallyChecked();
    await userEvent.click(parent);
    expect(parent).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'answered' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'missed' }));
    expect(parent).toBePartiallyChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'answered' }));
    expect(parent).not.toBeChecked();
    expect(parent).toHaveAttribute('aria-checked', 'false');
  });

  it('ignores clicks when disabled', async () => {
    const onCheckedChange = vi.fn();
    renderWithProviders(<LabelledCheckbox disabled onCheckedChange={onCheckedChange} />);
    const checkbox = screen.getByRole('checkbox');
    expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox);
    expect(checkbox).not.toBeChecked();
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('passes Field attributes through and submits its value with a form', () => {
    let submitted: FormData | undefined;
    renderWithProviders(
      <form
        aria-label="Settings"
        onSubmit={(event) => {
          event.preventDefault();
          submitted = new FormData(event.currentTarget);
        }}
      >
        <LabelledCheckbox name="remember" value="yes" defaultChecked aria-invalid aria-describedby="hint" />
        <p id="hint">Stay signed in on this device</p>
      </form>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(checkbox).toHaveAttribute('id', 'remember');
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('Stay signed in on this device');
    fireEvent.submit(screen.getByRole('form', { name: 'Settings' }));
    expect(submitted?.get('remember')).toBe('yes');
  });

  it('forwards its ref to the button', () => {
    const ref = { current: null as HTMLButtonElement | null };
    renderWithProviders(<Checkbox aria-label="Agree" ref={ref} />);
    expect(ref.current).toBe(screen.getByRole('checkbox', { name: 'Agree' }));
  });
});
