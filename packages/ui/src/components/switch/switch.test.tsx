import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Label } from '../label/label';
import { Switch, type SwitchProps } from './switch';

function LabelledSwitch(props: SwitchProps) {
  return (
    <div>
      <Label htmlFor="system-messages">System messages</Label>
      <Switch id="system-messages" {...props} />
    </div>
  );
}

function Controlled() {
  const [checked, setChecked] = useState(true);
  return (
    <>
      <LabelledSwitch checked={checked} onCheckedChange={setChecked} checkedText="Open" uncheckedText="Close" />
      <output>{checked ? 'on' : 'off'}</output>
    </>
  );
}

describe('Switch', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<LabelledSwitch className="custom" checkedText="Open" uncheckedText="Close" />);
    await expectConformance(screen.getByRole('switch', { name: 'System messages' }), {
      slot: 'switch',
      className: 'custom',
    });
  });

  it('toggles with Space, Enter and a click on its label', async () => {
    const onCheckedChange = vi.fn();
    renderWithProviders(<LabelledSwitch onCheckedChange={onCheckedChange} />);
    const toggle = screen.getByRole('switch', { name: 'System messages' });
    expect(toggle).not.toBeChecked();
    await userEvent.tab();
    expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(toggle).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(toggle).not.toBeChecked();
    await userEvent.click(screen.getByText('System messages'));
    expect(toggle).toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('shows the text for its state without changing its accessible name', async () => {
    renderWithProviders(<LabelledSwitch defaultChecked checkedText="Open" uncheckedText="Close" />);
    const toggle = screen.getByRole('switch', { name: 'System messages' });
    expect(toggle).toHaveAttribute('data-state', 'checked');
    expect(toggle).toHaveTextContent('Open');
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('System messages');
    expect(toggle).toHaveAttribute('data-state', 'unchecked');
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    expect(screen.getByRole('switch')).toBeChecked();
    await userEvent.click(screen.getByRole('switch'));
    expect(screen.getByRole('switch')).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('off');
  });

  it('reports its size for styling', () => {
    renderWithProviders(<LabelledSwitch size="sm" />);
    expect(screen.getByRole('switch')).toHaveAttribute('data-size', 'sm');
  });

  it('ignores input when disabled', async () => {
    const onCheckedChange = vi.fn();
    renderWithProviders(<LabelledSwitch disabled defaultChecked onCheckedChange={onCheckedChange} />);
    const toggle = screen.getByRole('switch');
    expect(toggle).toBeDisabled();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('takes Field attributes and submits under its name', () => {
    let submitted: FormData | undefined;
    const ref = { current: null as HTMLButtonElement | null };
    renderWithProviders(
      <form
        aria-label="Notifications"
        onSubmit={(event) => {
          event.preventDefault();
          submitted = new FormData(event.currentTarget);
        }}
      >
        <LabelledSwitch ref={ref} name="system" defaultChecked aria-describedby="system-hint" aria-invalid />
        <p id="system-hint">System messages will be shown in the form of a station letter</p>
      </form>,
    );
    const toggle = screen.getByRole('switch', { name: 'System messages' });
    expect(ref.current).toBe(toggle);
    expect(toggle).toHaveAccessibleDescription('System messages will be shown in the form of a station letter');
    expect(toggle).toHaveAttribute('aria-invalid', 'true');
    fireEvent.submit(screen.getByRole('form', { name: 'Notifications' }));
    expect(submitted?.get('system')).toBe('on');
  });
});
