/** Seconds the countdown shows before recording starts. */
export const COUNTDOWN_SECONDS = 3;

/** Why the camera, the microphone or the recording failed; each has its own message. */
export type RecorderErrorKind =
  /** The person or the browser refused the camera or microphone. */
  | 'permission-denied'
  /** No camera or no microphone is connected. */
  | 'no-device'
  /** The device is there but another application holds it. */
  | 'in-use'
  /** The browser cannot record (no getUserMedia or no MediaRecorder, or an insecure page). */
  | 'unsupported'
  /** MediaRecorder or the local store failed while recording. */
  | 'recorder'
  /** The upload failed; the recording is still stored and can be sent again. */
  | 'upload'
  | 'unknown';

export type RecorderState =
  | { status: 'idle' }
  | { status: 'requesting-permission' }
  | { status: 'preview' }
  | { status: 'countdown'; remaining: number }
  | { status: 'recording'; elapsedMs: number; segmentStartedAt: number }
  | { status: 'paused'; elapsedMs: number }
  | { status: 'stopped'; durationMs: number }
  | { status: 'saving'; durationMs: number }
  | { status: 'uploading'; durationMs: number }
  | { status: 'done'; durationMs: number; videoId: string }
  | {
      status: 'error';
      error: RecorderErrorKind;
      /** Where Retry goes: ask for the devices again, or back to the review of a stored recording. */
      recoverTo: 'idle' | 'stopped';
      durationMs: number;
    };

export type RecorderStatus = RecorderState['status'];

export type RecorderEvent =
  | { type: 'request-permission' }
  | { type: 'permission-granted' }
  | { type: 'media-failed'; error: RecorderErrorKind }
  | { type: 'start' }
  | { type: 'tick'; at: number }
  | { type: 'cancel-countdown' }
  | { type: 'pause'; at: number }
  | { type: 'resume'; at: number }
  | { type: 'stop'; at: number }
  | { type: 'retake' }
  | { type: 'save' }
  | { type: 'upload-started' }
  | { type: 'upload-done'; videoId: string }
  | { type: 'upload-failed' }
  | { type: 'upload-cancelled' }
  | { type: 'recording-failed' }
  | { type: 'retry' }
  /** A recording found after a reload: straight to its review. */
  | { type: 'recovered'; durationMs: number };

export const initialRecorderState: RecorderState = { status: 'idle' };

/**
 * What the recorder screen shows for a state: the camera starting, the live camera with its
 * controls, the review of a take (saving and a failed upload included), or why the camera failed.
 */
export type RecorderPhase = 'starting' | 'live' | 'review' | 'failed';

export function recorderPhase(state: RecorderState): RecorderPhase {
  switch (state.status) {
    case 'idle':
    case 'requesting-permission':
      return 'starting';
    case 'preview':
    case 'countdown':
    case 'recording':
    case 'paused':
      return 'live';
    case 'stopped':
    case 'saving':
    case 'uploading':
    case 'done':
      return 'review';
    case 'error':
      return state.recoverTo === 'idle' ? 'failed' : 'review';
    default:
      state satisfies never;
      return 'failed';
  }
}

/** Milliseconds recorded so far, counting the running segment up to `now`. */
export function elapsedMs(state: RecorderState, now: number): number {
  switch (state.status) {
    case 'recording':
      return state.elapsedMs + Math.max(0, now - state.segmentStartedAt);
    case 'paused':
      return state.elapsedMs;
    case 'stopped':
    case 'saving':
    case 'uploading':
    case 'done':
    case 'error':
      return state.durationMs;
    default:
      return 0;
  }
}

/** The error kind of a failed `getUserMedia` (DOMException names as browsers give them). */
export function mediaErrorKind(error: unknown): RecorderErrorKind {
  const name = error instanceof Error || (typeof error === 'object' && error !== null) ? (error as Error).name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-device';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use';
    case 'TypeError':
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}

/**
 * The recorder's states (idle → requesting-permission → preview → countdown → recording ⇄
 * paused → stopped → saving → uploading → done, or error) as a pure reducer: an event that does
 * not apply in the current state leaves it as it is.
 */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'request-permission':
      return state.status === 'idle' || (state.status === 'error' && state.recoverTo === 'idle')
        ? { status: 'requesting-permission' }
        : state;
    case 'permission-granted':
      return state.status === 'requesting-permission' || state.status === 'preview' ? { status: 'preview' } : state;
    case 'media-failed':
      return state.status === 'requesting-permission' || state.status === 'preview' || state.status === 'countdown'
        ? { status: 'error', error: event.error, recoverTo: 'idle', durationMs: 0 }
        : state;
    case 'start':
      return state.status === 'preview' ? { status: 'countdown', remaining: COUNTDOWN_SECONDS } : state;
    case 'tick':
      if (state.status !== 'countdown') {
        return state;
      }
      return state.remaining > 1
        ? { status: 'countdown', remaining: state.remaining - 1 }
        : { status: 'recording', elapsedMs: 0, segmentStartedAt: event.at };
    case 'cancel-countdown':
      return state.status === 'countdown' ? { status: 'preview' } : state;
    case 'pause':
      return state.status === 'recording' ? { status: 'paused', elapsedMs: elapsedMs(state, event.at) } : state;
    case 'resume':
      return state.status === 'paused'
        ? { status: 'recording', elapsedMs: state.elapsedMs, segmentStartedAt: event.at }
        : state;
    case 'stop':
      return state.status === 'recording' || state.status === 'paused'
        ? { status: 'stopped', durationMs: elapsedMs(state, event.at) }
        : state;
    case 'retake':
      return state.status === 'stopped' || (state.status === 'error' && state.recoverTo === 'stopped')
        ? { status: 'preview' }
        : state;
    case 'save':
      return state.status === 'stopped' || (state.status === 'error' && state.recoverTo === 'stopped')
        ? { status: 'saving', durationMs: state.durationMs }
        : state;
    case 'upload-started':
      return state.status === 'saving' ? { status: 'uploading', durationMs: state.durationMs } : state;
    case 'upload-done':
      return state.status === 'uploading' || state.status === 'saving'
        ? { status: 'done', durationMs: state.durationMs, videoId: event.videoId }
        : state;
    case 'upload-failed':
      return state.status === 'uploading' || state.status === 'saving'
        ? { status: 'error', error: 'upload', recoverTo: 'stopped', durationMs: state.durationMs }
        : state;
    case 'upload-cancelled':
      return state.status === 'uploading' || state.status === 'saving'
        ? { status: 'stopped', durationMs: state.durationMs }
        : state;
    case 'recording-failed':
      return state.status === 'recording' || state.status === 'paused' || state.status === 'countdown'
        ? { status: 'error', error: 'recorder', recoverTo: 'idle', durationMs: 0 }
        : state;
    case 'retry':
      if (state.status !== 'error') {
        return state;
      }
      return state.recoverTo === 'stopped'
        ? { status: 'stopped', durationMs: state.durationMs }
        : { status: 'requesting-permission' };
    case 'recovered':
      return state.status === 'idle' || state.status === 'preview' || state.status === 'requesting-permission'
        ? { status: 'stopped', durationMs: event.durationMs }
        : state;
    default:
      event satisfies never;
      return state;
  }
}

/** True while the camera should be live (preview, countdown and recording). */
export function needsCamera(status: RecorderStatus): boolean {
  return (
    status === 'requesting-permission' ||
    status === 'preview' ||
    status === 'countdown' ||
    status === 'recording' ||
    status === 'paused'
  );
}
