import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, openSignedIn, test } from './fixtures';

/**
 * A recording that cannot be made (SPEC §4, §8), on the demo data: some older calls have no raw
 * media, so their recording is in `error`. A member reads SPEC §8's message next to the icon and
 * may try again; the admin, the one a member is told to contact, reads why. Retry starts one job,
 * which fails again for the same reason.
 */

interface ListedCall {
  id: string;
  serialNumber: number;
  callerName: string;
  recordingStatus: string;
  recordingError: string | null;
}

const ADVICE = 'Recording cannot be generated ,Please contact admin';
const CAUSE = 'Recording cannot be generated: this call has no recorded media to join.';

/** The oldest call whose recording failed for want of media, found through the API. */
async function failedCall(request: APIRequestContext, token: string): Promise<ListedCall> {
  for (let current = 1; current <= 20; current += 1) {
    const response = await request.get('/api/calls', {
      headers: { authorization: `Bearer ${token}` },
      params: { current: String(current), pageSize: '100', sort: 'incomingAt', order: 'asc' },
    });
    expect(response.status(), await response.text()).toBe(200);
    const found = ((await response.json()) as { list: ListedCall[] }).list.find(
      (call) => call.recordingStatus === 'error' && call.recordingError === 'noMedia',
    );
    if (found) {
      return found;
    }
  }
  throw new Error('No failed recording in the demo data');
}

/** The call's row in the call history, filtered by its caller's name. */
async function rowOf(page: Page, call: ListedCall) {
  const table = page.getByRole('table', { name: 'Call history' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  return table.getByRole('row').filter({
    has: page.getByRole('button', { name: `Retry, Call ${call.serialNumber}`, exact: true }),
  });
}

test.describe('a recording that cannot be made', () => {
  test.setTimeout(90_000);

  test('a member reads SPEC §8’s message with Retry; the admin reads why, and Retry tries once more', async ({
    page,
    request,
  }) => {
    const admin = await apiSignIn(request, DEMO.admin.email, DEMO.password);
    const call = await failedCall(request, admin.data.token);
    const path = `/call-history?${new URLSearchParams({ callerName: call.callerName, sort: 'incomingAt', order: 'asc' })}`;

    const sam = await apiSignIn(request, DEMO.sam.email, DEMO.password);
    await openSignedIn(page, { token: sam.data.token, role: sam.currentAuthority }, path);
    const memberRow = await rowOf(page, call);
    await expect(memberRow.getByText(ADVICE, { exact: true })).toBeVisible();
    await expect(memberRow.getByText(CAUSE)).toHaveCount(0);

    await openSignedIn(page, { token: admin.data.token, role: admin.currentAuthority }, path);
    const row = await rowOf(page, call);
    await expect(row.getByText(CAUSE, { exact: true })).toBeVisible();
    const retry = row.getByRole('button', { name: `Retry, Call ${call.serialNumber}`, exact: true });
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/calls/${call.id}/recording`) && response.request().method() === 'POST',
    );
    await retry.click();
    expect((await answered).status()).toBe(202);
    // The job finds no media again and says so: the socket brings the error back, with Retry.
    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/calls/${call.id}`, {
            headers: { authorization: `Bearer ${admin.data.token}` },
          });
          const { data } = (await response.json()) as { data: ListedCall };
          return `${data.recordingStatus} ${data.recordingError}`;
        },
        { timeout: 60_000 },
      )
      .toBe('error noMedia');
    await expect(row.getByText(CAUSE, { exact: true })).toBeVisible();
    await expect(retry).toBeEnabled();
  });
});
