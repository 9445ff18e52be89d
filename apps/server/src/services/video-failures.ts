import type { VideoErrorCode } from '@parley/api';

/**
 * Why a video is in `error`, in English, as `videos.error_message` keeps it (logs and the API's
 * `errorMessage` read it); {@link videoErrorCode} tells the web which one it is, to word it in the
 * member's language. The size refusals are worded with their numbers (see `sizeRefusal`).
 */
export const VIDEO_FAILURES = {
  uploadLost: 'The upload did not finish. Record or upload the video again.',
  notAVideo: 'The file is not an MP4 or WebM video. Record again or choose another file.',
  processingFailed: 'The video could not be processed.',
  noFile: 'No video file was made for this demo message (ffmpeg is missing or failed).',
} as const;

/** The beginnings of the size refusals' wordings (over the server's limit, over what was declared). */
export const TOO_LARGE_PREFIXES = ['The video is larger than the limit of ', 'The upload has more bytes ('] as const;

/** The code of a video's stored failure; null when it has none, `unknown` for a wording this version did not write. */
export function videoErrorCode(errorMessage: string | null): VideoErrorCode | null {
  if (errorMessage === null) {
    return null;
  }
  for (const [code, text] of Object.entries(VIDEO_FAILURES)) {
    if (text === errorMessage) {
      return code as keyof typeof VIDEO_FAILURES;
    }
  }
  return TOO_LARGE_PREFIXES.some((prefix) => errorMessage.startsWith(prefix)) ? 'tooLarge' : 'unknown';
}
