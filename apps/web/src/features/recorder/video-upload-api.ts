import type { Video } from '@parley/api';
import { api } from '../../lib/api';
import { resolveApiUrl } from '../../lib/api-url';
import type { VideoUploadApi } from './upload-manager';

/** The app's client (`api.videos`) as the upload manager needs it. */
export function createVideoUploadApi(client: Pick<typeof api, 'videos'> = api): VideoUploadApi<Video> {
  return {
    create: async (input) => {
      const { data } = await client.videos.create(input);
      return { videoId: data.video.id, partSize: data.upload.partSize, partCount: data.upload.partCount };
    },
    status: async (videoId) => (await client.videos.uploadState(videoId)).data,
    partUrls: async (videoId, partNumbers) => {
      const { data } = await client.videos.uploadParts(videoId, { partNumbers });
      return data.parts.map((part) => ({ ...part, url: resolveApiUrl(part.url) }));
    },
    complete: async (videoId, parts) => (await client.videos.completeUpload(videoId, { parts })).data,
    joined: async (videoId) => {
      const { data } = await client.videos.get(videoId);
      return data.status === 'processing' || data.status === 'ready' ? data : null;
    },
    cancel: (videoId) => client.videos.abortUpload(videoId),
  };
}
