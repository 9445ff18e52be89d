import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { AccountMenu } from './account-menu';

describe('AccountMenu', () => {
  it('conforms', async () => {
    renderWithProviders(<AccountMenu name="Serati Ma" items={[]} className="custom" />);
    await expectConformance(screen.getByRole('button', { name: 'Serati Ma' }), {
      slot: 'account-menu',
      className: 'custom',
    });
  });

  it('opens the caller’s items and runs the chosen one', async () => {
    const logout = vi.fn();
    const settings = vi.fn();
    renderWithProviders(
      <AccountMenu
        name="Serati Ma"
        items={[
          { id: 'settings', label: 'Account Settings', onSelect: settings },
          { id: 'logout', label: 'Logout', onSelect: logout, destructive: true, separatorBefore: true },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Serati Ma' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account Settings', 'Logout']);
    expect(within(menu).getByRole('separator')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(settings).not.toHaveBeenCalled();
  });
});
