import { DEMO, expect, storedKeys, test, waitForMessage } from './fixtures';

test('phone login: a wrong code is refused, the texted code signs in', async ({ page, request }) => {
  const asked = new Date().toISOString();
  await page.goto('/user/login');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(DEMO.sam.nationalPhone);
  await page.getByRole('button', { name: 'Get Code' }).click();
  // The button counts down in seconds before another code may be asked for.
  await expect(page.getByRole('button', { name: /^\d+ seconds?$/ })).toBeVisible();

  const sms = await waitForMessage(
    request,
    DEMO.sam.phone,
    (message) => message.channel === 'sms' && message.createdAt >= asked,
  );
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  expect(code, sms.text).toMatch(/^\d{6}$/);
  const wrong = code === '000000' ? '111111' : '000000';

  const codeField = page.getByRole('textbox', { name: 'Verification code', exact: true });
  await codeField.fill(wrong);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Verification Code Error')).toBeVisible();
  expect((await storedKeys(page)).isLogin).toBeNull();

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('button', { name: DEMO.sam.name })).toBeVisible();
  expect((await storedKeys(page)).loginRole).toBe('user');
});

test('phone login checks the number before sending a code', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('12');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Phone number is invalid!')).toBeVisible();
});
