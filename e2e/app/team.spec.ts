import { randomUUID } from 'node:crypto';
import { expect, openSignedIn, registerTeam, test, uniqueEmail, waitForMessage } from './fixtures';

const oneTimePasswordOf = (text: string) => /One-time password: (\S+)/.exec(text)?.[1] ?? '';

test('an admin invites a member on Support team, sends the invitation again, and sees them sign in and go online', async ({
  browser,
  page,
  request,
}) => {
  const admin = await registerTeam(request, 'support-team');
  await openSignedIn(page, { token: admin.token, role: admin.role }, '/Support-Team');
  await expect(page.getByRole('heading', { name: 'Support team' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: admin.email })).toBeVisible();

  // Invite: the spec's message on a bad e-mail, nothing lost; then sent.
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Lea Martin');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('The input is not valid E-mail!')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Lea Martin');
  const email = uniqueEmail('lea');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  const first = oneTimePasswordOf((await waitForMessage(request, email)).text);

  // Sent again: a new one-time password, and the first one no longer signs in.
  await row.getByRole('button', { name: 'Actions for Lea Martin' }).click();
  await page.getByRole('menuitem', { name: 'Send invitation again' }).click();
  await expect(page.getByText(`A new invitation was sent to ${email}`)).toBeVisible();
  let second = '';
  await expect
    .poll(async () => {
      second = oneTimePasswordOf((await waitForMessage(request, email)).text);
      return second !== '' && second !== first;
    })
    .toBe(true);
  expect((await request.post('/common/login', { data: { email, password: first } })).status()).toBe(401);

  // Lea signs in with the new one, chooses her password, and opens the app: she is online, live.
  const login = await request.post('/common/login', { data: { email, password: second } });
  expect(login.status(), await login.text()).toBe(200);
  const password = `pw-${randomUUID()}`;
  const changed = await request.post('/common/change-password', {
    data: { token: (await login.json()).data.token, password, confirmPassword: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const lea = await browser.newContext();
  const leaPage = await lea.newPage();
  await openSignedIn(leaPage, { token: (await changed.json()).data.token, role: 'user' }, '/Support-Team');
  // A user sees the list read-only.
  await expect(leaPage.getByText('Only team admins can invite, change or remove members.')).toBeVisible();
  await expect(leaPage.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await expect(row).not.toContainText('Invited');
  await expect(row).toContainText('Available');

  // The admin makes her an admin too.
  await row.getByRole('button', { name: 'Actions for Lea Martin' }).click();
  await page.getByRole('menuitem', { name: 'Make admin' }).click();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await lea.close();
});
