import type { Video } from '@parley/api';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type ChunkStore, getChunkStore, type RecordingFlag } from './chunk-store';
import { chooseRecordingMimeType } from './mime';
import {
  elapsedMs,
  initialRecorderState,
  mediaErrorKind,
  needsCamera,
  type RecorderState,
  recorderReducer,
} from './recorder-machine';
import { type RecordingSession, startRecordingSession } from './recording-session';
import { type RecordingUpload, uploadRecording } from './recording-upload';
import { type PutPart, UploadCancelledError, type UploadProgress, type VideoUploadApi } from './upload-manager';
import { createVideoUploadApi } from './video-upload-api';
import { createXhrPutPart } from './xhr-put';

/** What the recorder uses of the browser and the server; tests pass fakes. */
export interface RecorderDependencies {
  openStore: () => Promise<ChunkStore>;
  mediaDevices: Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'> | undefined;
  MediaRecorderImpl: typeof MediaRecorder | undefined;
  uploadApi: () => VideoUploadApi<Video>;
  putPart: () => PutPart;
  createObjectUrl: (blob: Blob) => string;
  revokeObjectUrl: (url: string) => void;
  /** Milliseconds between countdown ticks (tests shorten it). */
  countdownTickMs?: number;
}

export function browserRecorderDependencies(): RecorderDependencies {
  return {
    openStore: getChunkStore,
    mediaDevices: typeof navigator === 'undefined' ? undefined : navigator.mediaDevices,
    MediaRecorderImpl: globalThis.MediaRecorder,
    uploadApi: () => createVideoUploadApi(),
    putPart: () => createXhrPutPart(),
    createObjectUrl: (blob) => URL.createObjectURL(blob),
    revokeObjectUrl: (url) => URL.revokeObjectURL(url),
  };
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

export interface RecordingReview {
  url: string;
  type: string;
  size: number;
}

/**
 * The recorder screen's behaviour: the state machine, the camera and microphone (with device
 * pickers), MediaRecorder writing each timeslice to IndexedDB, the review of the stored file,
 * and its upload. The camera is on only while it is needed.
 */
export function useRecorder({ flag, ref }: { flag: RecordingFlag; ref: string }, deps: RecorderDependencies) {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const stateRef = useRef<RecorderState>(state);
  stateRef.current = state;
  const [stream, setStream] = useState<MediaStream | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState<string | undefined>();
  const [microphoneId, setMicrophoneId] = useState<string | undefined>();
  const sessionRef = useRef<RecordingSession | null>(null);
  /** The session being started (MediaRecorder and its stored record), while it starts. */
  const startingRef = useRef<Promise<RecordingSession | null> | null>(null);
  const [recordingId, setRecordingId] = useState<string | null>(null);
  const [review, setReview] = useState<RecordingReview | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [video, setVideo] = useState<Video | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const uploadRef = useRef<RecordingUpload<Video> | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const generation = useRef(0);
  const mounted = useRef(true);
  const depsRef = useRef(deps);
  depsRef.current = deps;

  const stopStream = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) {
      track.stop();
    }
    streamRef.current = null;
    setStream(null);
  }, []);

  const openCamera = useCallback(
    async (camera?: string, microphone?: string) => {
      const { mediaDevices, MediaRecorderImpl } = depsRef.current;
      const attempt = ++generation.current;
      if (!mediaDevices?.getUserMedia || !MediaRecorderImpl) {
        dispatch({ type: 'media-failed', error: 'unsupported' });
        return;
      }
      try {
        const next = await mediaDevices.getUserMedia({
          video: camera ? { deviceId: { exact: camera } } : true,
          audio: microphone ? { deviceId: { exact: microphone } } : true,
        });
        if (!mounted.current || attempt !== generation.current) {
          for (const track of next.getTracks()) {
            track.stop();
          }
          return;
        }
        stopStream();
        streamRef.current = next;
        setStream(next);
        dispatch({ type: 'permission-granted' });
        setCameraId(next.getVideoTracks()[0]?.getSettings?.().deviceId ?? camera);
        setMicrophoneId(next.getAudioTracks()[0]?.getSettings?.().deviceId ?? microphone);
        // Device names are given only once permission was granted.
        const list = await mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
        if (mounted.current) {
          setDevices({
            cameras: list.filter((device) => device.kind === 'videoinput' && device.deviceId),
            microphones: list.filter((device) => device.kind === 'audioinput' && device.deviceId),
          });
        }
      } catch (error) {
        if (mounted.current && attempt === generation.current) {
          dispatch({ type: 'media-failed', error: mediaErrorKind(error) });
        }
      }
    },
    [stopStream],
  );

  // Ask for the devices as the page opens; on leaving, let go of the camera and of the recording
  // (its chunks stay: the recovery dialog offers it back; a running upload goes on).
  useEffect(() => {
    mounted.current = true;
    dispatch({ type: 'request-permission' });
    void openCamera();
    return () => {
      mounted.current = false;
      generation.current += 1;
      stopStream();
      sessionRef.current?.release();
    };
  }, [openCamera, stopStream]);

  // The camera goes off once it is not needed (review, upload).
  useEffect(() => {
    if (!needsCamera(state.status)) {
      stopStream();
    }
  }, [state.status, stopStream]);

  // The countdown: one tick a second; the last one starts the recording.
  useEffect(() => {
    if (state.status !== 'countdown') {
      return;
    }
    const timer = setTimeout(() => dispatch({ type: 'tick', at: Date.now() }), depsRef.current.countdownTickMs ?? 1000);
    return () => clearTimeout(timer);
  }, [state]);

  // The elapsed time moves while recording.
  useEffect(() => {
    if (state.status !== 'recording') {
      return;
    }
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [state.status]);

  // Recording starts once the countdown is over: MediaRecorder, in timeslices, into the store.
  useEffect(() => {
    if (state.status !== 'recording' || sessionRef.current || startingRef.current) {
      return;
    }
    const currentStream = streamRef.current;
    const { MediaRecorderImpl, openStore } = depsRef.current;
    if (!currentStream || !MediaRecorderImpl) {
      dispatch({ type: 'recording-failed' });
      return;
    }
    const starting = (async (): Promise<RecordingSession | null> => {
      try {
        const store = await openStore();
        const session = await startRecordingSession({
          stream: currentStream,
          store,
          flag,
          ref,
          mimeType: chooseRecordingMimeType(MediaRecorderImpl.isTypeSupported?.bind(MediaRecorderImpl)),
          elapsedMs: () => elapsedMs(stateRef.current, Date.now()),
          onError: () => dispatch({ type: 'recording-failed' }),
          MediaRecorderImpl,
        });
        if (!mounted.current) {
          session.release();
          return null;
        }
        sessionRef.current = session;
        setRecordingId(session.recordingId);
        // Paused before MediaRecorder was up: follow the state.
        if (stateRef.current.status === 'paused') {
          session.pause();
        }
        return session;
      } catch {
        dispatch({ type: 'recording-failed' });
        return null;
      } finally {
        startingRef.current = null;
      }
    })();
    startingRef.current = starting;
  }, [state.status, flag, ref]);

  const clearReview = useCallback(() => {
    setReview((current) => {
      if (current) {
        depsRef.current.revokeObjectUrl(current.url);
      }
      return null;
    });
  }, []);

  useEffect(() => () => clearReview(), [clearReview]);

  const start = useCallback(() => dispatch({ type: 'start' }), []);
  const cancelCountdown = useCallback(() => dispatch({ type: 'cancel-countdown' }), []);

  const pause = useCallback(() => {
    sessionRef.current?.pause();
    dispatch({ type: 'pause', at: Date.now() });
  }, []);

  const resume = useCallback(() => {
    sessionRef.current?.resume();
    dispatch({ type: 'resume', at: Date.now() });
  }, []);

  const stop = useCallback(async () => {
    dispatch({ type: 'stop', at: Date.now() });
    // Stopped while MediaRecorder was still starting: stop it once it is up.
    const session = sessionRef.current ?? (await startingRef.current);
    if (!session) {
      return;
    }
    try {
      await session.stop();
      const store = await depsRef.current.openStore();
      const blob = await store.assemble(session.recordingId);
      if (mounted.current) {
        setReview({ url: depsRef.current.createObjectUrl(blob), type: blob.type, size: blob.size });
      }
    } catch {
      dispatch({ type: 'recording-failed' });
    }
  }, []);

  const retake = useCallback(async () => {
    const session = sessionRef.current;
    sessionRef.current = null;
    setRecordingId(null);
    clearReview();
    setProgress(null);
    setUploadError(null);
    await session?.discard().catch(() => {});
    dispatch({ type: 'retake' });
    dispatch({ type: 'request-permission' });
    await openCamera(cameraId, microphoneId);
  }, [clearReview, openCamera, cameraId, microphoneId]);

  const retry = useCallback(() => {
    if (stateRef.current.status === 'error' && stateRef.current.recoverTo === 'idle') {
      dispatch({ type: 'retry' });
      void openCamera(cameraId, microphoneId);
    } else {
      dispatch({ type: 'retry' });
    }
  }, [openCamera, cameraId, microphoneId]);

  const chooseDevices = useCallback(
    (next: { camera?: string | undefined; microphone?: string | undefined }) => {
      const camera = next.camera ?? cameraId;
      const microphone = next.microphone ?? microphoneId;
      setCameraId(camera);
      setMicrophoneId(microphone);
      void openCamera(camera, microphone);
    },
    [openCamera, cameraId, microphoneId],
  );

  /** Saves the title and uploads the recording; answers the video, or null when cancelled or failed. */
  const save = useCallback(async (title: string): Promise<Video | null> => {
    const id = sessionRef.current?.recordingId;
    if (!id) {
      return null;
    }
    setUploadError(null);
    setProgress(null);
    dispatch({ type: 'save' });
    try {
      const store = await depsRef.current.openStore();
      await store.updateRecording(id, { title });
      const upload = uploadRecording({
        store,
        recordingId: id,
        api: depsRef.current.uploadApi(),
        putPart: depsRef.current.putPart(),
      });
      uploadRef.current = upload;
      dispatch({ type: 'upload-started' });
      const unsubscribe = upload.subscribe((value) => {
        if (mounted.current) {
          setProgress(value);
        }
      });
      try {
        const uploaded = await upload.result;
        // The chunks are gone: this page no longer holds a recording.
        sessionRef.current = null;
        setVideo(uploaded);
        dispatch({ type: 'upload-done', videoId: uploaded.id });
        return uploaded;
      } finally {
        unsubscribe();
        uploadRef.current = null;
      }
    } catch (error) {
      if (error instanceof UploadCancelledError) {
        dispatch({ type: 'upload-cancelled' });
      } else {
        setUploadError(error);
        dispatch({ type: 'upload-failed' });
      }
      return null;
    }
  }, []);

  const cancelUpload = useCallback(async () => {
    setCancelling(true);
    try {
      await uploadRef.current?.cancel();
    } finally {
      if (mounted.current) {
        setCancelling(false);
        setProgress(null);
      }
    }
  }, []);

  return {
    state,
    elapsedMs: elapsedMs(state, now),
    stream,
    devices,
    cameraId,
    microphoneId,
    recordingId,
    review,
    progress,
    uploadError,
    video,
    cancelling,
    start,
    cancelCountdown,
    pause,
    resume,
    stop,
    retake,
    retry,
    chooseDevices,
    save,
    cancelUpload,
  };
}

export type Recorder = ReturnType<typeof useRecorder>;
