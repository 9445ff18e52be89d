import { describe, expect, it, vi } from 'vitest';
import { createVideoUploadApi } from './video-upload-api';

describe('createVideoUploadApi', () => {
  it('adapts api.videos to the upload manager', async () => {
    const videos = {
      create: vi.fn(async () => ({
        success: true,
        data: { video: { id: 'v1' }, upload: { partSize: 8, partCount: 2 } },
      })),
      uploadState: vi.fn(async () => ({ success: true, data: { partSize: 8, partCount: 2, parts: [] } })),
      uploadParts: vi.fn(async () => ({
        success: true,
        data: { parts: [{ partNumber: 1, url: '/files/uploads/v1/1?s=1', expiresAt: '2026-11-23T12:00:00Z' }] },
      })),
      completeUpload: vi.fn(async () => ({ success: true, data: { id: 'v1', status: 'processing' } })),
      abortUpload: vi.fn(async () => undefined),
    };
    const uploadApi = createVideoUploadApi({ videos } as never);
    expect(await uploadApi.create({ title: 't', kind: 'library', contentType: 'video/webm', size: 10 })).toEqual({
      videoId: 'v1',
      partSize: 8,
      partCount: 2,
    });
    expect(await uploadApi.status('v1')).toEqual({ partSize: 8, partCount: 2, parts: [] });
    const [url] = await uploadApi.partUrls('v1', [1]);
    expect(videos.uploadParts).toHaveBeenCalledWith('v1', { partNumbers: [1] });
    expect(url?.url).toBe(`${window.location.origin}/files/uploads/v1/1?s=1`);
    expect(await uploadApi.complete('v1', [{ partNumber: 1, etag: 'e' }])).toEqual({ id: 'v1', status: 'processing' });
    await uploadApi.cancel('v1');
    expect(videos.abortUpload).toHaveBeenCalledWith('v1');
  });

  it('answers a joined video (processing or ready), and null for one that is not', async () => {
    const statuses = ['processing', 'ready', 'uploading', 'error'];
    const videos = { get: vi.fn(async (id: string) => ({ success: true, data: { id, status: statuses.shift() } })) };
    const uploadApi = createVideoUploadApi({ videos } as never);
    expect(await uploadApi.joined('v1')).toEqual({ id: 'v1', status: 'processing' });
    expect(await uploadApi.joined('v2')).toEqual({ id: 'v2', status: 'ready' });
    expect(await uploadApi.joined('v3')).toBeNull();
    expect(await uploadApi.joined('v4')).toBeNull();
  });
});
