/**
 * "Upload cut off half way (server restarted)": its own server (restarted mid-upload on the same
 * DATA_DIR) and a noisy fake camera, so that a few seconds make a file of several parts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { expect, registerTeam, test } from './fixtures';
import { type ParleyServer, repositoryRoot, startParley } from './parley-server';
import { listVideos, record, storedRecordingHash } from './video-helpers';

test.setTimeout(240_000);
// Noise from a file as the camera: MP4 that big makes several parts in a few seconds.
const noise = path.join(repositoryRoot, 'test-results', 'noise-640x480.y4m');
if (!existsSync(noise)) {
  mkdirSync(path.dirname(noise), { recursive: true });
  const width = 640;
  const height = 480;
  const file = openSync(noise, 'w');
  writeSync(file, `YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  for (let frame = 0; frame < 30; frame += 1) {
    writeSync(file, 'FRAME\n');
    writeSync(file, randomBytes((width * height * 3) / 2));
  }
  closeSync(file);
}
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${noise}`,
    ],
  },
});

let server: ParleyServer;
test.beforeAll(async () => {
  // No demo team (the test registers its own): a quicker start beside the suite's other server.
  const options = {
    logFile: path.join(repositoryRoot, 'test-results/app-server-restart.log'),
    env: { DEMO_DATA: 'false' },
  };
  server = await startParley(options).catch(() => startParley(options));
});
test.afterAll(async () => {
  await server?.stop();
});

test('an upload cut off half way resumes, sends no part twice, and the stored file is the recording', async ({
  page,
}) => {
  const api = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
  });
  const account = await registerTeam(api, 'video-resume');
  await page.goto(`${server.url}/exception/404`);
  await page.evaluate((token) => {
    localStorage.setItem('isLogin', 'true');
    localStorage.setItem('loginRole', 'admin');
    localStorage.setItem('AuthToken', token);
  }, account.token);
  await page.goto(`${server.url}/record/library/new`);
  await record(page, 5);
  const recorded = await storedRecordingHash(page);
  // More than one part (the server cuts files into 8 MiB parts by default).
  expect(recorded.size).toBeGreaterThan(9 * 1024 * 1024);

  const puts = new Map<number, number>();
  let firstPartDone!: () => void;
  const firstPart = new Promise<void>((resolve) => {
    firstPartDone = resolve;
  });
  let restarted: Promise<void> | undefined;
  await page.route(/\/uploads\/[^/]+\/\d+\?/, async (route) => {
    const partNumber = Number(/\/uploads\/[^/]+\/(\d+)\?/.exec(route.request().url())?.[1]);
    puts.set(partNumber, (puts.get(partNumber) ?? 0) + 1);
    if (partNumber === 1 && puts.get(1) === 1) {
      const response = await route.fetch();
      await route.fulfill({ response });
      firstPartDone();
      return;
    }
    if (partNumber === 2 && puts.get(2) === 1) {
      // Half way: the first part has arrived; the server goes down under the second.
      await firstPart;
      restarted = server.restart(() => new Promise((resolve) => setTimeout(resolve, 1000)));
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await page.getByRole('textbox', { name: 'Title' }).fill('Survives a restart');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('progressbar', { name: 'Uploading the recording' })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/video-library`, { timeout: 180_000 });
  await restarted;

  expect(puts.get(1)).toBe(1);
  expect(puts.get(2)).toBeGreaterThanOrEqual(2);
  const { list } = await listVideos(api, account.token, server.url);
  const video = list.find((candidate) => candidate.title === 'Survives a restart');
  expect(video?.size).toBe(recorded.size);
  await expect
    .poll(
      async () => (await listVideos(api, account.token, server.url)).list.find((v) => v.id === video?.id)?.playbackUrl,
      {
        timeout: 30_000,
      },
    )
    .toBeTruthy();
  const playable = (await listVideos(api, account.token, server.url)).list.find((v) => v.id === video?.id);
  const download = await api.get(new URL(playable?.playbackUrl ?? '', server.url).href);
  expect(download.status()).toBe(200);
  expect(
    createHash('sha256')
      .update(await download.body())
      .digest('hex'),
  ).toBe(recorded.sha256);
  await api.dispose();
});
