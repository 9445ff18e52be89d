import { randomBytes, randomUUID } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/** The demo team the server loads on a fresh database (apps/server/src/demo/seed.ts). */
export const DEMO = {
  password: 'parley-demo',
  admin: { email: 'admin@demo.parley.test', name: 'Nora Ali' },
  sam: { email: 'sam@demo.parley.test', name: 'Sam Carter', phone: '+12025550102', nationalPhone: '2025550102' },
  lea: { email: 'lea@demo.parley.test', name: 'Lea Martin' },
} as const;

/** A message of the development mailbox (`GET /api/dev/outbox`). */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

/** What a sign-in answers (SPEC §3 login response). */
export interface LoginAnswer {
  currentAuthority: 'admin' | 'user';
  data: { token: string; firstLogin: boolean };
}

/** A fresh account, registered for one test. */
export interface Account {
  email: string;
  password: string;
  /** The displayed name: the server makes it from the e-mail's local part. */
  name: string;
}

/**
 * Each test comes from its own client address (X-Forwarded-For; the server runs with TRUST_PROXY),
 * so the per-address rate limits (five sign-ins a minute) count each test apart while the suite
 * runs in parallel, and a test never waits for another's window to end.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const [a = 1, b = 1, c = 1] = randomBytes(3);
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `10.${a}.${b}.${c}` });
  },
});

export { expect };

/** An address nobody else uses, so that tests never share an account. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Registers a new team through the API; its first member is an admin who is signed in at once. */
export async function registerTeam(
  request: APIRequestContext,
  label: string,
): Promise<Account & { token: string; role: 'admin' | 'user' }> {
  const email = uniqueEmail(label);
  const password = `pw-${randomUUID()}`;
  // The member is named after the address's local part, which the tests then find in the shell.
  const name = email.split('@')[0] ?? email;
  const response = await request.post('/common/register', {
    data: { name, teamName: `Team ${label}`, email, password, confirmPassword: password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const answer = (await response.json()) as LoginAnswer;
  return {
    email,
    password,
    name,
    token: answer.data.token,
    role: answer.currentAuthority,
  };
}

/** Signs in through the API (for tests whose subject is not the sign-in itself). */
export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<LoginAnswer> {
  const response = await request.post('/common/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginAnswer;
}

/** Puts a session into local storage as a sign-in leaves it (SPEC §3 keys), then opens `path`. */
export async function openSignedIn(
  page: Page,
  session: { token: string; role: string; email?: string },
  path: string,
): Promise<void> {
  // Any page of the app's origin gives access to its storage; the 404 page loads the least.
  await page.goto('/exception/404');
  await page.evaluate(({ token, role, email }) => {
    localStorage.setItem('isLogin', 'true');
    localStorage.setItem('loginRole', role);
    localStorage.setItem('AuthToken', token);
    if (email) {
      localStorage.setItem('LoginID', email);
    }
  }, session);
  await page.goto(path);
  // A signed-in screen's address paints a prerendered loading page first (the shell's shape, left to
  // right, in the default language); the tests start once the app has put the screen in its place.
  await expect(page.getByTestId('shell-placeholder')).toHaveCount(0, { timeout: 30_000 });
}

/** The local storage entries of SPEC §3 as the page sees them. */
export async function storedKeys(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() =>
    Object.fromEntries(
      ['isLogin', 'loginRole', 'AuthToken', 'LoginID', 'VideoRecording', 'language'].map((key) => [
        key,
        localStorage.getItem(key),
      ]),
    ),
  );
}

/**
 * Waits for the development mailbox to hold a message to `to` that matches, and answers the newest.
 * The mailbox answers only direct connections from this machine, so it is read with a plain fetch,
 * without the test's X-Forwarded-For address (`request` stays in the signature for its callers).
 */
export async function waitForMessage(
  _request: APIRequestContext,
  to: string,
  matches: (message: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage> {
  const server = process.env.PARLEY_E2E_URL;
  if (!server) {
    throw new Error('PARLEY_E2E_URL is not set: the global setup starts the server and sets it.');
  }
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const address = new URL('/api/dev/outbox', server);
        address.searchParams.set('to', to);
        const response = await fetch(address);
        expect(response.status, 'the development mailbox answers this machine').toBe(200);
        const messages = (await response.json()) as OutboxMessage[];
        found = messages.find(matches);
        return found !== undefined;
      },
      { message: `a message to ${to} in the development mailbox`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) {
    throw new Error(`No message to ${to}`);
  }
  return found;
}

/** The account-login form of the login page: fills it in and submits it as a person would. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  const username = page.getByRole('textbox', { name: 'Username or e-mail', exact: true });
  await username.fill('');
  await username.pressSequentially(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}
