import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderWithProviders } from '../../testing';
import { AccountSettingsPage, CURRENT_USER } from './account-settings';

async function choose(trigger: HTMLElement, option: string) {
  await userEvent.click(trigger);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('AccountSettingsPage', () => {
  beforeEach(() => {
    // jsdom has no object URLs; the avatar preview asks for one.
    URL.createObjectURL = vi.fn(() => 'blob:avatar');
    URL.revokeObjectURL = vi.fn();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has no axe violations on each tab', async () => {
    renderWithProviders(<AccountSettingsPage />);
    await expectNoAxeViolations();
    for (const tab of ['Security Settings', 'Account Binding', 'New Message Notification']) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByRole('heading', { level: 2, name: tab })).toBeInTheDocument();
      await expectNoAxeViolations();
    }
  });

  it('moves between the sections with the arrow keys, as vertical tabs', async () => {
    renderWithProviders(<AccountSettingsPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Basic Settings' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Security Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Security Settings' })).toBeInTheDocument();
  });

  it("says 'Please input your …!' for every emptied field and does not update", async () => {
    const onUpdate = vi.fn();
    renderWithProviders(<AccountSettingsPage onUpdate={onUpdate} />);
    for (const name of ['Email', 'Nickname', 'Personal profile', 'Street address', 'Phone number']) {
      await userEvent.clear(screen.getByRole('textbox', { name }));
    }
    await choose(screen.getByRole('combobox', { name: 'Country/Region' }), 'Egypt');
    expect(screen.getByRole('combobox', { name: 'Province' })).toHaveTextContent('Please select');
    expect(screen.getByRole('combobox', { name: 'City' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    expect(await screen.findByText('Please input your email!')).toBeInTheDocument();
    expect(screen.getByText('Please input your Nickname!')).toBeInTheDocument();
    expect(screen.getByText('Please input your personal profile!')).toBeInTheDocument();
    expect(screen.getByText('Please input your geographic info!')).toBeInTheDocument();
    expect(screen.getByText('Please input your address!')).toBeInTheDocument();
    expect(screen.getByText('Please input your phone number!')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Province or city' })).toHaveAccessibleDescription(
      'Please input your geographic info!',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('refuses a phone number that cannot exist', async () => {
    renderWithProviders(<AccountSettingsPage />);
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    expect(await screen.findByText('Phone number is invalid!')).toBeInTheDocument();
  });

  it('updates the information with the new values and confirms it', async () => {
    const onUpdate = vi.fn();
    renderWithProviders(<AccountSettingsPage onUpdate={onUpdate} />);
    const nickname = screen.getByRole('textbox', { name: 'Nickname' });
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Mona Adel');
    expect(screen.getByText('MA')).toBeInTheDocument();
    await choose(screen.getByRole('combobox', { name: 'Province' }), 'Guangdong');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveTextContent('Please select');
    await choose(screen.getByRole('combobox', { name: 'City' }), 'Shenzhen');
    await userEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    await waitFor(() => expect(onUpdate).toHaveBeenCalledTimes(1));
    expect(onUpdate).toHaveBeenCalledWith({
      ...CURRENT_USER,
      nickname: 'Mona Adel',
      geographic: { province: 'guangdong', city: 'shenzhen' },
    });
    expect(await screen.findByText('Basic information updated')).toBeInTheDocument();
  });

  it('takes a new avatar picture from the file picker', async () => {
    const onAvatarChange = vi.fn();
    const { container } = renderWithProviders(<AccountSettingsPage onAvatarChange={onAvatarChange} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    const click = vi.spyOn(input as HTMLInputElement, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'Change avatar' }));
    expect(click).toHaveBeenCalledTimes(1);
    const picture = new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' });
    await userEvent.upload(input as HTMLInputElement, picture);
    expect(onAvatarChange).toHaveBeenCalledExactlyOnceWith(picture);
    expect(URL.createObjectURL).toHaveBeenCalledWith(picture);
  });

  it('modifies the password in a dialog and shows the new strength', async () => {
    renderWithProviders(<AccountSettingsPage defaultTab="security" />);
    expect(screen.getByText('Current password strength: Strong')).toBeInTheDocument();
    const modify = screen.getByRole('button', { name: 'Modify Account Password' });
    await userEvent.click(modify);
    const dialog = screen.getByRole('dialog', { name: 'Modify password' });
    await userEvent.type(within(dialog).getByLabelText(/New password/), 'abc12345');
    await userEvent.type(within(dialog).getByLabelText(/Confirm password/), 'abc1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The passwords that you entered do not match!')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Confirm password/), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Current password strength: Medium')).toBeInTheDocument();
    expect(modify).toHaveFocus();
  });

  it('starts the dialog empty again after it was cancelled', async () => {
    renderWithProviders(<AccountSettingsPage defaultTab="security" />);
    await userEvent.click(screen.getByRole('button', { name: 'Modify Account Password' }));
    await userEvent.type(screen.getByLabelText(/New password/), 'half typed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Modify Account Password' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Modify Account Password' }));
    expect(screen.getByLabelText(/New password/)).toHaveValue('');
  });

  it('names each security action after its setting and reports it', async () => {
    const onSecurityAction = vi.fn();
    renderWithProviders(<AccountSettingsPage defaultTab="security" onSecurityAction={onSecurityAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'Modify Security Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set Security Question' }));
    await userEvent.click(screen.getByRole('button', { name: 'Modify Backup Email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bind MFA Device' }));
    expect(onSecurityAction.mock.calls.map(([item]) => item)).toEqual(['phone', 'question', 'email', 'mfa']);
  });

  it('binds and unbinds a third-party account', async () => {
    const onBindingChange = vi.fn();
    renderWithProviders(<AccountSettingsPage defaultTab="binding" onBindingChange={onBindingChange} />);
    expect(screen.getAllByRole('button', { name: /^Bind / })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Bind DingTalk' }));
    expect(screen.getByText('DingTalk account bound')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unbind DingTalk' }));
    expect(screen.getByText('No DingTalk account bound')).toBeInTheDocument();
    expect(onBindingChange.mock.calls).toEqual([
      ['dingtalk', true],
      ['dingtalk', false],
    ]);
  });

  it('switches each notification on and off', async () => {
    const onNotificationChange = vi.fn();
    renderWithProviders(<AccountSettingsPage defaultTab="notification" onNotificationChange={onNotificationChange} />);
    const todo = screen.getByRole('switch', { name: 'To-do Notification' });
    expect(todo).toBeChecked();
    expect(todo).toHaveAccessibleDescription('To-do items arrive as site messages.');
    await userEvent.click(todo);
    expect(todo).not.toBeChecked();
    await userEvent.keyboard(' ');
    expect(todo).toBeChecked();
    expect(onNotificationChange.mock.calls).toEqual([
      ['todo', false],
      ['todo', true],
    ]);
  });
});
