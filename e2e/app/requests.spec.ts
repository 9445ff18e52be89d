import { randomUUID } from 'node:crypto';
import { apiSignIn, DEMO, expect, openSignedIn, test, uniqueEmail, waitForMessage } from './fixtures';

test('a visitor sends the contact form; the admin is told, opens the request, replies, and the reply is e-mailed', async ({
  page,
  request,
}) => {
  const name = `Grace ${randomUUID().slice(0, 6)}`;
  const email = uniqueEmail('visitor');
  await page.goto('/contact-us');
  await page.getByRole('textbox', { name: /^name/i }).fill(name);
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page
    .getByRole('textbox', { name: /message/i })
    .fill('Can Parley answer our support line?\nWe get 50 calls a day.');
  await page.getByRole('button', { name: /send|submit/i }).click();
  await expect(page.getByText(/thank/i).first()).toBeVisible();

  // The admin gets an e-mail as well as the notice.
  const announcement = await waitForMessage(request, DEMO.admin.email, (message) =>
    (message.subject ?? '').includes(name),
  );
  expect(announcement.subject).toBe(`New message from ${name}`);
  expect(announcement.text).toMatch(/\/requests\/[0-9a-f-]{36}/);

  const admin = await apiSignIn(request, DEMO.admin.email, DEMO.password);
  await openSignedIn(page, { token: admin.data.token, role: admin.currentAuthority }, '/dashboard');
  await page.getByRole('button', { name: /^Notices/ }).click();
  await page.getByRole('tab', { name: /Messages/ }).click();
  await page.getByText(`New message from ${name}`).click();

  // The notice opens the request itself.
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('We get 50 calls a day.')).toBeVisible();
  await expect(page.getByText('No replies sent yet.')).toBeVisible();

  const reply = page.getByRole('textbox', { name: /Reply by e-mail/ });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please write your reply!')).toBeVisible();
  await reply.fill('Yes, it can. Shall we talk on Tuesday?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Reply sent.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Replies' }).getByText('Yes, it can. Shall we talk on Tuesday?'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(/Replied/);

  const sent = await waitForMessage(request, email);
  expect(sent.subject).toMatch(/^Re: your message to /);
  expect(sent.text).toContain('Yes, it can. Shall we talk on Tuesday?');
  expect(sent.text).toContain('> Can Parley answer our support line?');

  // The list shows it, replied; a user does not get the screen.
  await page.getByRole('link', { name: 'All requests' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Replied')).toBeVisible();
  await expect(row.getByText('Contact', { exact: true })).toBeVisible();
});

test('users have no Requests screen: not in the menu, and the address is refused', async ({ page, request }) => {
  const sam = await apiSignIn(request, DEMO.sam.email, DEMO.password);
  await openSignedIn(page, { token: sam.data.token, role: sam.currentAuthority }, '/requests');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Requests' })).toHaveCount(
    0,
  );
  await expect(page.getByText(/not authorized/i).first()).toBeVisible();
});
