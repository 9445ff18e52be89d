import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** Opens the recorder, records about `seconds`, stops, and names the take. */
export async function record(page: Page, seconds: number): Promise<void> {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('region', { name: 'Recorded video' })).toBeVisible();
}

/** The bytes IndexedDB holds of the recording VideoRecording names (0 before there is one). */
export async function storedRecordingBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const id = localStorage.getItem('VideoRecording');
    if (!id) {
      return 0;
    }
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open('parley-recordings');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const recording: { bytes: number } | undefined = await new Promise((resolve, reject) => {
      const get = db.transaction('recordings').objectStore('recordings').get(id);
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    db.close();
    return recording?.bytes ?? 0;
  });
}

/** The SHA-256 of the recording the page holds in IndexedDB (the one VideoRecording names). */
export async function storedRecordingHash(page: Page): Promise<{ sha256: string; size: number }> {
  return page.evaluate(async () => {
    const id = localStorage.getItem('VideoRecording');
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open('parley-recordings');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const chunks: { index: number; blob: Blob }[] = await new Promise((resolve, reject) => {
      const all = db
        .transaction('chunks')
        .objectStore('chunks')
        .getAll(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    db.close();
    const file = new Blob(chunks.sort((a, b) => a.index - b.index).map((chunk) => chunk.blob));
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    const sha256 = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return { sha256, size: file.size };
  });
}

/** The team's videos, as the API lists them. */
export async function listVideos(request: APIRequestContext, token: string, baseURL = '') {
  const response = await request.get(`${baseURL}/api/videos`, {
    headers: { authorization: `Bearer ${token}` },
    params: { current: 1, pageSize: 50 },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    list: { id: string; title: string; status: string; playbackUrl: string | null; size: number | null }[];
  };
}

/** Waits until the library card's video is ready (the server processes it), then plays it in the dialog. */
export async function playFromLibrary(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('button', { name: `Play ${title}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `Play ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectPlays(dialog.locator('video'));
}

export async function expectPlays(video: Locator): Promise<void> {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play().catch(() => undefined);
  });
  await expect
    .poll(async () => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      message: 'the video plays',
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
}
