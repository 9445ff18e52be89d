import { DEMO, expect, registerTeam, signInWithForm, storedKeys, test } from './fixtures';

test.describe('signing in with an account', () => {
  test('the demo admin lands on the dashboard, named in the shell, with the session stored', async ({ page }) => {
    await page.goto('/user/login');
    await signInWithForm(page, DEMO.admin.email, DEMO.password);

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('button', { name: DEMO.admin.name })).toBeVisible();
    const keys = await storedKeys(page);
    expect(keys.isLogin).toBeTruthy();
    expect(keys.loginRole).toBe('admin');
    expect(keys.AuthToken?.split('.')).toHaveLength(3);
    expect(keys.LoginID).toBe(DEMO.admin.email);
  });

  test('a wrong password shows the credentials message and stores nothing', async ({ page }) => {
    await page.goto('/user/login');
    await signInWithForm(page, DEMO.lea.email, 'not-the-password');

    await expect(page.getByText('Please check credential and try again !')).toBeVisible();
    await expect(page).toHaveURL('/user/login');
    expect((await storedKeys(page)).isLogin).toBeNull();
  });

  test('empty fields show the required messages', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByText('Please input your username!')).toBeVisible();
    await expect(page.getByText('Please input your password!')).toBeVisible();
  });
});

test('offline, asking for a reset link shows SPEC §8\'s "Network abnormal" notification, though the toasts\' code cannot load', async ({
  page,
  context,
}) => {
  await page.goto('/user/forgot-password');
  // The page's own code is in; the toasts' code loads on the first key press, which is offline.
  await page.waitForLoadState('networkidle');
  const toastCode: string[] = [];
  page.on('requestfailed', (request) => {
    if (/toast-regions-[^/]+\.js$/.test(request.url())) {
      toastCode.push(request.url());
    }
  });
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).pressSequentially(DEMO.lea.email);
  await page.getByRole('button', { name: 'Send link' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Network abnormal' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Your network is abnormal and cannot connect to the server');
  expect(toastCode.length).toBeGreaterThan(0);

  // Back online, the same form sends the link; nothing typed was lost.
  await context.setOffline(false);
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(DEMO.lea.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Check your e-mail')).toBeVisible();
});

test.describe('the redirect parameter (SPEC §2.2)', () => {
  test('a redirect to the same origin is honoured', async ({ page, request, baseURL }) => {
    const account = await registerTeam(request, 'redirect-same');
    const target = new URL('/analytics', baseURL).href;
    await page.goto(`/user/login?${new URLSearchParams({ redirect: target })}`);
    await signInWithForm(page, account.email, account.password);

    await expect(page).toHaveURL('/analytics');
  });

  test('a redirect to another origin sends the member to / (which, signed in, leads to the dashboard)', async ({
    page,
    request,
  }) => {
    const account = await registerTeam(request, 'redirect-evil');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        visited.push(frame.url());
      }
    });
    const foreign: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).hostname === 'evil.example') {
        foreign.push(sent.url());
      }
    });
    await page.goto(`/user/login?${new URLSearchParams({ redirect: 'https://evil.example/x' })}`);
    await signInWithForm(page, account.email, account.password);

    // SPEC §2.1: `/` inside the authenticated layout redirects to /dashboard.
    await expect(page).toHaveURL('/dashboard');
    const paths = visited.map((address) => new URL(address).pathname);
    expect(paths.slice(paths.lastIndexOf('/user/login') + 1)).toEqual(['/', '/dashboard']);
    expect(visited.every((address) => !address.includes('evil.example') || address.includes('redirect='))).toBe(true);
    expect(foreign).toEqual([]);
  });

  // `/user/login?redirect=/%23//host/x` left the member on the login page with an uncaught 'External navigation is not allowed'.
  test('a hash-form redirect to another host is refused like any other foreign one', async ({ page, request }) => {
    const account = await registerTeam(request, 'redirect-hash');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const foreign: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).hostname === 'evil.example') {
        foreign.push(sent.url());
      }
    });
    await page.goto('/user/login?redirect=/%23//evil.example/x');
    await signInWithForm(page, account.email, account.password);

    await expect(page).toHaveURL('/dashboard');
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
