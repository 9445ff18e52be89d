import { i18n } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { dismiss } from '../../components/toast/toast';
import { containingText } from '../shared/text-match';
import { AccountSettingsPage } from './account-settings';

const onUpdate = fn();
const onAvatarChange = fn();
const onSecurityAction = fn();
const onBindingChange = fn();
const onNotificationChange = fn();

const meta = {
  title: 'Examples/Account Settings',
  component: AccountSettingsPage,
  parameters: { layout: 'fullscreen' },
  args: { onUpdate, onAvatarChange, onSecurityAction, onBindingChange, onNotificationChange },
  // The spies are shared by every story (and every re-render of one): start each story with none of their calls.
  beforeEach: () => {
    for (const spy of [onUpdate, onAvatarChange, onSecurityAction, onBindingChange, onNotificationChange]) {
      spy.mockClear();
    }
  },
} satisfies Meta<typeof AccountSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

function regionName(code: string): string {
  return new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code) ?? code;
}

/** Picks an option of a Select and waits for the list to close (it hides the page while open). */
async function choose(canvasElement: HTMLElement, trigger: HTMLElement, option: string) {
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(trigger);
  await userEvent.click(await body.findByRole('option', { name: option }));
  await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
}

function textbox(canvas: Canvas, key: string): HTMLElement {
  return canvas.getByRole('textbox', { name: i18n.t(key) });
}

/** A tiny fixed picture, so the avatar story needs no network and always looks the same. */
const AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#0958d9"/>' +
  '<circle cx="32" cy="26" r="12" fill="#ffffff"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#ffffff"/></svg>';

/** Basic Settings, filled with SPEC §3's placeholder profile. */
export const BasicSettings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: i18n.t('example.accountSettings.tab.basic') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(textbox(canvas, 'example.accountSettings.nickname')).toHaveValue('Serati Ma');
    await expect(canvas.getByRole('combobox', { name: i18n.t('example.accountSettings.city') })).toHaveTextContent(
      i18n.t('example.geo.CN.zhejiang.hangzhou'),
    );
  },
};

/** Every emptied field says 'Please input your …!'; a new country empties the province and city. */
export const BasicSettingsRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const key of [
      'example.accountSettings.email',
      'example.accountSettings.nickname',
      'example.accountSettings.profile',
      'example.accountSettings.address',
    ]) {
      await userEvent.clear(textbox(canvas, key));
    }
    await userEvent.clear(canvas.getByRole('textbox', { name: i18n.t('example.accountSettings.phone') }));
    await choose(
      canvasElement,
      canvas.getByRole('combobox', { name: i18n.t('example.accountSettings.country') }),
      regionName('EG'),
    );
    await expect(canvas.getByRole('combobox', { name: i18n.t('example.accountSettings.city') })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.accountSettings.update') }));

    for (const key of [
      'example.accountSettings.email.required',
      'example.accountSettings.nickname.required',
      'example.accountSettings.profile.required',
      'example.accountSettings.geographic.required',
      'example.accountSettings.address.required',
      'example.accountSettings.phone.required',
    ]) {
      await expect(await canvas.findByText(i18n.t(key))).toBeVisible();
    }
    await expect(textbox(canvas, 'example.accountSettings.email')).toHaveFocus();
    await expect(args.onUpdate).not.toHaveBeenCalled();
  },
};

/** A new nickname and city, sent with 'Update Information'. */
export const UpdateInformation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const nickname = textbox(canvas, 'example.accountSettings.nickname');
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Mona Adel');
    await choose(
      canvasElement,
      canvas.getByRole('combobox', { name: i18n.t('example.accountSettings.country') }),
      regionName('EG'),
    );
    await choose(
      canvasElement,
      canvas.getByRole('combobox', { name: i18n.t('example.accountSettings.province') }),
      i18n.t('example.geo.EG.alexandria'),
    );
    await choose(
      canvasElement,
      canvas.getByRole('combobox', { name: i18n.t('example.accountSettings.city') }),
      i18n.t('example.geo.EG.alexandria.montaza'),
    );
    await userEvent.click(canvas.getByRole('button', { name: i18n.t('example.accountSettings.update') }));
    await waitFor(() => expect(args.onUpdate).toHaveBeenCalledTimes(1));
    await expect(args.onUpdate).toHaveBeenCalledWith(
      expect.objectContaining({
        nickname: 'Mona Adel',
        country: 'EG',
        geographic: { province: 'alexandria', city: 'montaza' },
      }),
    );
    await waitFor(() => expect(body.getByText(i18n.t('example.accountSettings.updated'))).toBeVisible());
    dismiss();
    await waitFor(() => expect(body.queryByText(i18n.t('example.accountSettings.updated'))).toBeNull());
  },
};

/** 'Change avatar' takes a picture and shows it in place of the initials. */
export const ChangeAvatar: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await expect(input).not.toBeNull();
    if (!input) {
      return;
    }
    const picture = new File([AVATAR_SVG], 'avatar.svg', { type: 'image/svg+xml' });
    await userEvent.upload(input, picture);
    await expect(args.onAvatarChange).toHaveBeenCalledWith(picture);
    await expect(await canvas.findByRole('img', { name: 'Serati Ma' })).toBeVisible();
  },
};

/** Security Settings: Modify opens the password dialog, which checks the password and its confirmation. */
export const SecuritySettings: Story = {
  args: { defaultTab: 'security' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(
      canvas.getByText(
        i18n.t('example.accountSettings.security.password.description', { level: i18n.t('ui.password.strong') }),
      ),
    ).toBeVisible();
    const setQuestion = `${i18n.t('example.accountSettings.action.set')} ${i18n.t('example.accountSettings.security.question')}`;
    await userEvent.click(canvas.getByRole('button', { name: setQuestion }));
    await expect(args.onSecurityAction).toHaveBeenCalledWith('question');

    const modifyPassword = `${i18n.t('example.accountSettings.action.modify')} ${i18n.t('example.accountSettings.security.password')}`;
    await userEvent.click(canvas.getByRole('button', { name: modifyPassword }));
    const dialog = await body.findByRole('dialog', { name: i18n.t('example.accountSettings.password.title') });
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('ui.action.save') }));
    await expect(await within(dialog).findByText(i18n.t('validation.password.required'))).toBeVisible();
    await expect(within(dialog).getByText(i18n.t('validation.password.confirm'))).toBeVisible();

    await userEvent.type(
      within(dialog).getByLabelText(containingText(i18n.t('example.accountSettings.password.new'))),
      'password',
    );
    await userEvent.type(
      within(dialog).getByLabelText(containingText(i18n.t('example.accountSettings.password.confirm'))),
      'passw0rd',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('ui.action.save') }));
    await expect(await within(dialog).findByText(i18n.t('validation.password.mismatch'))).toBeVisible();
  },
};

/** A weaker new password is saved and the strength shown follows it. */
export const PasswordModified: Story = {
  args: { defaultTab: 'security' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const modifyPassword = `${i18n.t('example.accountSettings.action.modify')} ${i18n.t('example.accountSettings.security.password')}`;
    await userEvent.click(canvas.getByRole('button', { name: modifyPassword }));
    const dialog = await body.findByRole('dialog', { name: i18n.t('example.accountSettings.password.title') });
    await userEvent.type(
      within(dialog).getByLabelText(containingText(i18n.t('example.accountSettings.password.new'))),
      'password',
    );
    await userEvent.type(
      within(dialog).getByLabelText(containingText(i18n.t('example.accountSettings.password.confirm'))),
      'password',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('ui.action.save') }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(
      canvas.getByText(
        i18n.t('example.accountSettings.security.password.description', { level: i18n.t('ui.password.weak') }),
      ),
    ).toBeVisible();
    await waitFor(() => expect(body.getByText(i18n.t('example.accountSettings.password.updated'))).toBeVisible());
    dismiss();
    await waitFor(() => expect(body.queryByText(i18n.t('example.accountSettings.password.updated'))).toBeNull());
  },
};

/** Account Binding: Bind links a third-party account, and the row then offers Unbind. */
export const AccountBinding: Story = {
  args: { defaultTab: 'binding' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const service = i18n.t('example.accountSettings.binding.alipay');
    await userEvent.click(
      canvas.getByRole('button', { name: `${i18n.t('example.accountSettings.action.bind')} ${service}` }),
    );
    await expect(args.onBindingChange).toHaveBeenCalledWith('alipay', true);
    await expect(canvas.getByText(i18n.t('example.accountSettings.binding.bound', { service }))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: `${i18n.t('example.accountSettings.action.unbind')} ${service}` }),
    ).toBeVisible();
  },
};

/** New Message Notification: three Open/Close switches, all on at first. */
export const Notifications: Story = {
  args: { defaultTab: 'notification' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const switches = canvas.getAllByRole('switch');
    await expect(switches).toHaveLength(3);
    for (const toggle of switches) {
      await expect(toggle).toBeChecked();
    }
    const system = canvas.getByRole('switch', { name: i18n.t('example.accountSettings.notification.system') });
    await expect(system).toHaveAccessibleDescription(i18n.t('example.accountSettings.notification.system.description'));
    await userEvent.click(system);
    await expect(system).not.toBeChecked();
    await expect(args.onNotificationChange).toHaveBeenCalledWith('system', false);
  },
};
