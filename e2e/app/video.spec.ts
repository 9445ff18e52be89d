import { randomBytes } from 'node:crypto';
import { expect, openSignedIn, registerTeam, storedKeys, test, waitForMessage } from './fixtures';
import { expectPlays, listVideos, playFromLibrary, record, storedRecordingBytes } from './video-helpers';

test.describe('video recorder and library', () => {
  test.setTimeout(120_000);

  test('records 5 s, saves, and the video appears in the library and plays', async ({ page, request }) => {
    const account = await registerTeam(request, 'video-record');
    await openSignedIn(page, account, '/record/library/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Record a library video' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Camera' })).toBeEnabled();
    await record(page, 5);
    await page.getByRole('textbox', { name: 'Title' }).fill('E2E welcome');
    const created = page.waitForRequest(
      (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/videos',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    // The recorder timed the recording and says so, for the library to show before the server measures it.
    const { durationSeconds } = (await created).postDataJSON() as { durationSeconds?: number };
    expect(durationSeconds).toBeGreaterThan(4);
    expect(durationSeconds).toBeLessThan(10);

    await expect(page).toHaveURL('/video-library', { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'E2E welcome' })).toBeVisible();
    const card = page.getByTestId('library-card').filter({ hasText: 'E2E welcome' });
    await expect(card.locator('time[datetime^="PT"]')).toHaveText(/^0:0[4-9]$/);
    await playFromLibrary(page, 'E2E welcome');
    // The server has the whole file: the browser kept nothing.
    expect((await storedKeys(page)).VideoRecording).toBeNull();
  });

  test('a reload in the middle of a recording offers it back, and it uploads', async ({ page, request }) => {
    const account = await registerTeam(request, 'video-recover');
    await openSignedIn(page, account, '/record/library/new');
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 10_000 });
    // Until MediaRecorder has handed over timeslices with video in them, and they are stored.
    await expect.poll(() => storedRecordingBytes(page), { timeout: 30_000 }).toBeGreaterThan(20_000);
    const recordingId = (await storedKeys(page)).VideoRecording;
    expect(recordingId).toBeTruthy();

    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'A recording was interrupted — recover it?' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    const title = dialog.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue(/^Recording of /);
    await title.fill('Recovered take');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    expect((await storedKeys(page)).VideoRecording).toBeNull();

    await page.goto('/video-library');
    await expect(page.getByRole('heading', { name: 'Recovered take' })).toBeVisible();
    const { list } = await listVideos(request, account.token);
    expect(list.find((video) => video.title === 'Recovered take')?.size).toBeGreaterThan(10_000);
  });

  test('a follow-up message: the e-mail arrives, the watch page plays it, the sender is told', async ({
    page,
    request,
    browser,
  }) => {
    const account = await registerTeam(request, 'video-message');
    await openSignedIn(page, account, '/record/library/new');
    await record(page, 3);
    await page.getByRole('textbox', { name: 'Title' }).fill('For Grace');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/video-library', { timeout: 30_000 });

    await expect(page.getByRole('button', { name: 'Play For Grace' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Actions for For Grace' }).click();
    await page.getByRole('menuitem', { name: 'Send' }).click();
    const modal = page.getByRole('dialog', { name: 'Recipient details' });
    const recipient = `grace-${randomBytes(4).toString('hex')}@example.test`;
    await modal.getByRole('textbox', { name: 'E-mail' }).fill(recipient);
    await modal.getByRole('textbox', { name: 'Phone' }).fill('2025550123');
    await modal.getByRole('textbox', { name: 'Message' }).fill('Here is the walkthrough we promised.');
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Video message sent')).toBeVisible();

    const mail = await waitForMessage(request, recipient, (message) => message.channel === 'email');
    const link = /https?:\/\/[^\s"<>]+\/v\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    // What the bell says before anyone watched (registering left a welcome notice, say).
    const bell = page.getByRole('button', { name: /^Notices/ });
    const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);

    // The recipient is nobody signed in.
    const visitor = await browser.newContext();
    const watch = await visitor.newPage();
    await watch.goto(link ?? '');
    await expect(watch.getByRole('heading', { level: 1, name: 'For Grace' })).toBeVisible();
    await expect(watch.getByText('Here is the walkthrough we promised.')).toBeVisible();
    await expect(watch.getByText(`Sent by ${account.name}`)).toBeVisible();
    await expectPlays(watch.locator('video'));
    await visitor.close();

    // The sender hears that the message was watched: one more unread notice, live on the bell, that says so.
    await expect(page.getByRole('button', { name: `Notices, ${unreadBefore + 1} unread` })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('button', { name: `Notices, ${unreadBefore + 1} unread` }).click();
    await page.getByRole('tab', { name: /^Messages/ }).click();
    await expect(page.getByText(`${recipient} watched your video “For Grace”`)).toBeVisible();
  });
});
