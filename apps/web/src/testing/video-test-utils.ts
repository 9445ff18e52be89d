import type { Video } from '@parley/api';

let counter = 0;

/** A video as the API answers it; ids are valid UUIDs, fields overridable. */
export function makeVideo(overrides: Partial<Video> = {}): Video {
  counter += 1;
  const suffix = String(counter).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${suffix}`,
    title: `Video ${counter}`,
    kind: 'library',
    ref: null,
    status: 'ready',
    contentType: 'video/webm',
    size: 1000,
    durationSeconds: 65,
    posterUrl: `/files/posters/${suffix}.jpg?expires=1&signature=x`,
    playbackUrl: `/files/videos/${suffix}.webm?expires=1&signature=x`,
    owner: { id: '00000000-0000-4000-8000-000000000999', name: 'Nora Ali' },
    createdAt: '2026-11-20T10:00:00.000Z',
    errorMessage: null,
    ...overrides,
  };
}
