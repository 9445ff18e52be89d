import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/query-client';

/**
 * `POST /api/video-messages`: sends a video to a recipient (one share link, e-mailed and texted).
 * The call it follows up changes too (its follow-up becomes `sent`): the call history, which
 * caches calls, fetches them again when the follow-up flow says it was sent.
 */
export function useSendVideoMessage(callbacks?: MutationCallbacks<typeof api.videoMessages.create>) {
  return useMutation({ ...callbacks, mutationFn: api.videoMessages.create });
}
