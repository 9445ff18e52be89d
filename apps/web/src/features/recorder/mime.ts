/**
 * What MediaRecorder is asked to record, best first: MP4 with H.264 where the browser can (it
 * plays everywhere), WebM otherwise (VP9, then VP8, with Opus).
 */
export const RECORDING_MIME_CANDIDATES = [
  'video/mp4;codecs=avc1',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

/** The first candidate the browser records, or undefined when it records none (then MediaRecorder picks). */
export function chooseRecordingMimeType(
  isTypeSupported: ((type: string) => boolean) | undefined = globalThis.MediaRecorder?.isTypeSupported?.bind(
    globalThis.MediaRecorder,
  ),
): string | undefined {
  if (!isTypeSupported) {
    return undefined;
  }
  return RECORDING_MIME_CANDIDATES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

export type VideoContentType = 'video/mp4' | 'video/webm';

/**
 * The content type a recording travels with (upload and PUT): its container without codec
 * parameters, which the server accepts as MP4 or WebM.
 */
export function videoContentType(mimeType: string | undefined): VideoContentType {
  return (mimeType ?? '').trim().toLowerCase().startsWith('video/mp4') ? 'video/mp4' : 'video/webm';
}

/** The file extension of a recording's type. */
export function videoFileExtension(mimeType: string | undefined): 'mp4' | 'webm' {
  return videoContentType(mimeType) === 'video/mp4' ? 'mp4' : 'webm';
}
