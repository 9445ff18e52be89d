import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_SECONDS,
  elapsedMs,
  initialRecorderState,
  mediaErrorKind,
  needsCamera,
  type RecorderEvent,
  type RecorderState,
  recorderPhase,
  recorderReducer,
} from './recorder-machine';

function run(events: RecorderEvent[], from: RecorderState = initialRecorderState): RecorderState {
  return events.reduce(recorderReducer, from);
}

const toPreview: RecorderEvent[] = [{ type: 'request-permission' }, { type: 'permission-granted' }];
const toRecording: RecorderEvent[] = [
  ...toPreview,
  { type: 'start' },
  { type: 'tick', at: 1000 },
  { type: 'tick', at: 2000 },
  { type: 'tick', at: 3000 },
];

describe('recorderReducer', () => {
  it('asks for the devices, then previews', () => {
    expect(run([{ type: 'request-permission' }])).toEqual({ status: 'requesting-permission' });
    expect(run(toPreview)).toEqual({ status: 'preview' });
  });

  it('counts down 3-2-1 before it records', () => {
    let state = run([...toPreview, { type: 'start' }]);
    expect(state).toEqual({ status: 'countdown', remaining: COUNTDOWN_SECONDS });
    state = recorderReducer(state, { type: 'tick', at: 1000 });
    expect(state).toEqual({ status: 'countdown', remaining: 2 });
    state = recorderReducer(state, { type: 'tick', at: 2000 });
    expect(state).toEqual({ status: 'countdown', remaining: 1 });
    state = recorderReducer(state, { type: 'tick', at: 3000 });
    expect(state).toEqual({ status: 'recording', elapsedMs: 0, segmentStartedAt: 3000 });
  });

  it('lets the countdown be cancelled back to the preview', () => {
    expect(run([...toPreview, { type: 'start' }, { type: 'cancel-countdown' }])).toEqual({ status: 'preview' });
  });

  it('counts elapsed time across pauses, and not while paused', () => {
    let state = run(toRecording);
    expect(elapsedMs(state, 5000)).toBe(2000);
    state = recorderReducer(state, { type: 'pause', at: 5000 });
    expect(state).toEqual({ status: 'paused', elapsedMs: 2000 });
    expect(elapsedMs(state, 60_000)).toBe(2000);
    state = recorderReducer(state, { type: 'resume', at: 10_000 });
    expect(elapsedMs(state, 11_500)).toBe(3500);
    state = recorderReducer(state, { type: 'stop', at: 12_000 });
    expect(state).toEqual({ status: 'stopped', durationMs: 4000 });
    expect(elapsedMs(state, 99_000)).toBe(4000);
  });

  it('stops from paused too', () => {
    const state = run([...toRecording, { type: 'pause', at: 4000 }, { type: 'stop', at: 9000 }]);
    expect(state).toEqual({ status: 'stopped', durationMs: 1000 });
  });

  it('retakes from the review, back to the preview', () => {
    expect(run([...toRecording, { type: 'stop', at: 4000 }, { type: 'retake' }])).toEqual({ status: 'preview' });
  });

  it('saves, uploads and finishes', () => {
    const stopped = run([...toRecording, { type: 'stop', at: 8000 }]);
    const saving = recorderReducer(stopped, { type: 'save' });
    expect(saving).toEqual({ status: 'saving', durationMs: 5000 });
    const uploading = recorderReducer(saving, { type: 'upload-started' });
    expect(uploading).toEqual({ status: 'uploading', durationMs: 5000 });
    expect(recorderReducer(uploading, { type: 'upload-done', videoId: 'v1' })).toEqual({
      status: 'done',
      durationMs: 5000,
      videoId: 'v1',
    });
  });

  it('keeps the recording after a failed or cancelled upload, and saves again', () => {
    const uploading = run([...toRecording, { type: 'stop', at: 8000 }, { type: 'save' }, { type: 'upload-started' }]);
    const failed = recorderReducer(uploading, { type: 'upload-failed' });
    expect(failed).toEqual({ status: 'error', error: 'upload', recoverTo: 'stopped', durationMs: 5000 });
    expect(recorderReducer(failed, { type: 'save' })).toEqual({ status: 'saving', durationMs: 5000 });
    expect(recorderReducer(failed, { type: 'retry' })).toEqual({ status: 'stopped', durationMs: 5000 });
    expect(recorderReducer(uploading, { type: 'upload-cancelled' })).toEqual({ status: 'stopped', durationMs: 5000 });
  });

  it('reports a refused or missing device, and asks again on retry', () => {
    const denied = run([{ type: 'request-permission' }, { type: 'media-failed', error: 'permission-denied' }]);
    expect(denied).toEqual({ status: 'error', error: 'permission-denied', recoverTo: 'idle', durationMs: 0 });
    expect(recorderReducer(denied, { type: 'retry' })).toEqual({ status: 'requesting-permission' });
    expect(recorderReducer(denied, { type: 'request-permission' })).toEqual({ status: 'requesting-permission' });
    // A device unplugged during the preview.
    expect(run([...toPreview, { type: 'media-failed', error: 'no-device' }])).toMatchObject({ error: 'no-device' });
  });

  it('fails a recording whose recorder breaks', () => {
    expect(run([...toRecording, { type: 'recording-failed' }])).toMatchObject({ status: 'error', error: 'recorder' });
  });

  it('ignores events that do not apply', () => {
    expect(run([{ type: 'start' }])).toEqual(initialRecorderState);
    expect(run([{ type: 'pause', at: 1 }])).toEqual(initialRecorderState);
    expect(run([...toPreview, { type: 'stop', at: 1 }])).toEqual({ status: 'preview' });
    expect(run([...toPreview, { type: 'save' }])).toEqual({ status: 'preview' });
    const recording = run(toRecording);
    expect(recorderReducer(recording, { type: 'start' })).toBe(recording);
    expect(recorderReducer(recording, { type: 'retake' })).toBe(recording);
    expect(recorderReducer(recording, { type: 'resume', at: 1 })).toBe(recording);
  });

  it('opens a recovered recording in its review', () => {
    expect(run([{ type: 'recovered', durationMs: 7000 }])).toEqual({ status: 'stopped', durationMs: 7000 });
  });

  it('keeps the camera on only while it is needed', () => {
    expect(needsCamera('preview')).toBe(true);
    expect(needsCamera('recording')).toBe(true);
    expect(needsCamera('paused')).toBe(true);
    expect(needsCamera('stopped')).toBe(false);
    expect(needsCamera('uploading')).toBe(false);
  });
});

describe('mediaErrorKind', () => {
  const failure = (name: string) => Object.assign(new Error(name), { name });

  it('names each getUserMedia failure', () => {
    expect(mediaErrorKind(failure('NotAllowedError'))).toBe('permission-denied');
    expect(mediaErrorKind(failure('SecurityError'))).toBe('permission-denied');
    expect(mediaErrorKind(failure('NotFoundError'))).toBe('no-device');
    expect(mediaErrorKind(failure('OverconstrainedError'))).toBe('no-device');
    expect(mediaErrorKind(failure('NotReadableError'))).toBe('in-use');
    expect(mediaErrorKind(new TypeError('no mediaDevices'))).toBe('unsupported');
    expect(mediaErrorKind('weird')).toBe('unknown');
  });
});

describe('recorderPhase', () => {
  it('starts, goes live once previewing, and reviews a take from the stop to the save', () => {
    expect(recorderPhase(initialRecorderState)).toBe('starting');
    expect(recorderPhase({ status: 'requesting-permission' })).toBe('starting');
    expect(recorderPhase(run(toPreview))).toBe('live');
    expect(recorderPhase(run([...toPreview, { type: 'start' }]))).toBe('live');
    expect(recorderPhase(run(toRecording))).toBe('live');
    expect(recorderPhase({ status: 'paused', elapsedMs: 10 })).toBe('live');
    expect(recorderPhase({ status: 'stopped', durationMs: 10 })).toBe('review');
    expect(recorderPhase({ status: 'uploading', durationMs: 10 })).toBe('review');
    expect(recorderPhase({ status: 'done', durationMs: 10, videoId: 'v1' })).toBe('review');
  });

  it('keeps a failed upload in the review, and a camera that could not start as failed', () => {
    expect(recorderPhase({ status: 'error', error: 'upload', recoverTo: 'stopped', durationMs: 10 })).toBe('review');
    expect(recorderPhase({ status: 'error', error: 'no-device', recoverTo: 'idle', durationMs: 0 })).toBe('failed');
  });
});
