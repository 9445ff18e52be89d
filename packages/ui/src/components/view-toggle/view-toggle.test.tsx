import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { ViewToggle } from './view-toggle';

describe('ViewToggle', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<ViewToggle className="custom" />);
    await expectConformance(screen.getByRole('radiogroup', { name: 'View' }), {
      slot: 'view-toggle',
      className: 'custom',
    });
  });

  it('starts on grid and switches to list (uncontrolled)', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ViewToggle onValueChange={onValueChange} />);
    expect(screen.getByRole('radio', { name: 'Grid' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    expect(onValueChange).toHaveBeenCalledWith('list');
    expect(screen.getByRole('radio', { name: 'List' })).toHaveAttribute('aria-checked', 'true');
  });

  it('follows its value (controlled) and never ends with no view', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ViewToggle value="list" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    expect(onValueChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'List' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Grid' }));
    expect(onValueChange).toHaveBeenCalledWith('grid');
    // Controlled: it waits for the new value.
    expect(screen.getByRole('radio', { name: 'List' })).toHaveAttribute('aria-checked', 'true');
  });

  it('moves between the views with the arrow keys', async () => {
    renderWithProviders(<ViewToggle />);
    screen.getByRole('radio', { name: 'Grid' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'List' })).toHaveFocus();
  });
});
