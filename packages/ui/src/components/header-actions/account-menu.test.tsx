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

  it('shows the chosen status on the avatar and as the button’s description, and offers the others at the top of the menu', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <AccountMenu
        name="Serati Ma"
        items={[{ id: 'logout', label: 'Logout', onSelect: vi.fn() }]}
        status={{
          label: 'Availability',
          value: 'away',
          onChange,
          options: [
            { value: 'available', label: 'Available', tone: 'success' },
            { value: 'away', label: 'Away', tone: 'warning' },
            { value: 'offline', label: 'Offline', tone: 'muted' },
          ],
        }}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Serati Ma', description: 'Away' });
    expect(trigger.querySelector('[data-slot=account-status]')).toHaveAttribute('data-tone', 'warning');
    await userEvent.click(trigger);
    const menu = screen.getByRole('menu');
    const choices = within(menu).getAllByRole('menuitemradio');
    expect(choices.map((choice) => [choice.textContent, choice.getAttribute('aria-checked')])).toEqual([
      ['Available', 'false'],
      ['Away', 'true'],
      ['Offline', 'false'],
    ]);
    expect(within(menu).getByText('Availability')).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Available' }));
    expect(onChange).toHaveBeenCalledWith('available');
  });

  it('shows no dot and no status group without a status', () => {
    renderWithProviders(<AccountMenu name="Serati Ma" items={[]} />);
    expect(screen.getByRole('button', { name: 'Serati Ma' }).querySelector('[data-slot=account-status]')).toBeNull();
  });
});
