import { randomBytes } from 'node:crypto';
import { fakeSlackControl, fakeWorkspace } from '../../apps/server/test/fake-slack';
import { expect, openSignedIn, registerTeam, test, uniqueEmail } from './fixtures';

const SPEC_MESSAGE = 'Something went wrong, please try again later';

test('an admin connects Slack, syncs users through a rate limit, sees who matched, and a revoked token fails; in Arabic too', async ({
  page,
  request,
}) => {
  // Never skipped: a run without the fake (a setup that stopped passing it on) must fail, not pass quietly.
  const slackUrl = process.env.PARLEY_E2E_SLACK_URL;
  if (!slackUrl) {
    throw new Error(
      'PARLEY_E2E_SLACK_URL is not set: e2e/app/global-setup.ts starts a fake Slack Web API and sets it. With PARLEY_E2E_URL (a server already running), start that server with SLACK_API_URL at a fake Slack (apps/server/test/fake-slack.ts) and set PARLEY_E2E_SLACK_URL to the same address.',
    );
  }
  const slack = fakeSlackControl(slackUrl);
  const admin = await registerTeam(request, 'slack');
  const outsider = uniqueEmail('outside');
  const token = `xoxb-e2e-${randomBytes(10).toString('hex')}`;
  await slack.addToken(
    token,
    fakeWorkspace(`TE2E${randomBytes(3).toString('hex').toUpperCase()}`, 'Acme E2E', [
      { name: 'Admin In Slack', email: admin.email.toUpperCase() },
      { name: 'Outside Person', email: outsider },
    ]),
  );

  await openSignedIn(page, { token: admin.token, role: admin.role }, '/settings/slack-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Slack settings' })).toBeVisible();
  await expect(page.getByText('No token saved yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync Users' })).toBeDisabled();

  // A token Slack does not know: the spec's message, nothing saved.
  const field = page.getByLabel('Token', { exact: false }).and(page.locator('input'));
  await field.fill('xoxb-not-known-to-slack');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SPEC_MESSAGE })).toBeVisible();
  await expect(page.getByText('No token saved yet.')).toBeVisible();

  // Saved: only its last 4 characters are shown.
  await field.fill(token);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('slack-status')).toContainText('Connected to Acme E2E');
  await expect(page.getByTestId('slack-token-last4')).toHaveText(`Token ending in ${token.slice(-4)}`);
  await expect(field).toHaveValue('');
  await expect(page.getByText(token)).toHaveCount(0);

  // Sync Users: Slack answers 429 with Retry-After first; the sync waits and goes on.
  const before = (await slack.requests()).length;
  await slack.rateLimitOnce('users.list', 1);
  await page.getByRole('button', { name: 'Sync Users' }).click();
  await expect(page.getByText('Users synced')).toBeVisible();
  const listed = (await slack.requests()).slice(before).filter((seen) => seen.method === 'users.list');
  expect(listed.map((seen) => seen.status).slice(0, 2)).toEqual([429, 200]);
  await expect(page.getByTestId('slack-last-run')).toContainText('Last run');
  const matched = page.getByRole('table', { name: 'Matched' });
  await expect(matched.getByRole('row').filter({ hasText: 'Admin In Slack' })).toContainText(admin.name);
  await page.getByRole('tab', { name: /Not matched/ }).click();
  await expect(page.getByRole('table', { name: 'Not matched' }).getByText('Outside Person')).toBeVisible();
  await expect(page.getByText('Deploy bot')).toHaveCount(0);

  // The token is revoked in Slack: the next sync says the spec's message, the result stays.
  await slack.revoke(token);
  await page.getByRole('button', { name: 'Sync Users' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SPEC_MESSAGE })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Not matched' }).getByText('Outside Person')).toBeVisible();

  // In Arabic, on a phone: right to left, translated, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('language', 'ar-EG'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'إعدادات Slack' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'مزامنة المستخدمين' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /مطابَقون/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
