import type { CallMediaUpload } from './schemas/live-calls';

/**
 * How often the recorder hands over what it recorded, and so at most how much a crash or a
 * closed tab loses (the local store takes a part this small; S3 wants 5 MiB, so there a part waits
 * until it holds that much).
 */
export const CALL_RECORDING_SLICE_MS = 3000;
/** Tries of one part before it is given up (the parts after it then no longer count). */
const PART_TRIES = 3;

/** The API calls one side of a call records through: the member's or the visitor's routes. */
export interface CallRecordingTransport {
  open(contentType: string): Promise<CallMediaUpload>;
  parts(mediaId: string, partNumbers: number[]): Promise<Array<{ partNumber: number; url: string }>>;
  complete(mediaId: string): Promise<unknown>;
}

export interface CallRecording {
  /** Stops recording, sends what is left and closes the upload; resolves when that is done or failed. */
  stop(): Promise<void>;
  /**
   * Stops recording and sends what is left, leaving the upload open (to close or throw away next):
   * answers its id and whether every part went, null when nothing could be sent at all.
   */
  end(): Promise<{ id: string; whole: boolean } | null>;
  /** What was recorded so far, in this browser (with `keep`), to watch before sending. */
  recorded(): Blob;
}

export interface RecordCallOptions {
  sliceMs?: number;
  onError?: (error: unknown) => void;
  /** Keep what is recorded in memory too, for {@link CallRecording.recorded}. */
  keep?: boolean;
  /** Bytes sent and bytes recorded so far, after each slice and each part sent. */
  onProgress?: (sent: number, recorded: number) => void;
}

/** What MediaRecorder records in this browser, for a stream with or without pictures; null when nothing fits. */
export function recordingType(hasVideo: boolean): string | null {
  const recorder = globalThis.MediaRecorder;
  if (!recorder) {
    return null;
  }
  const candidates = hasVideo
    ? ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']
    : ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];
  return candidates.find((type) => recorder.isTypeSupported(type)) ?? null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Records one side of a live call, its own camera and microphone (issue 16: not the other side's
 * stream, whose sound Chromium does not give a recorder unless it plays), and sends it while the
 * call runs: a part every {@link CALL_RECORDING_SLICE_MS}, one after the other, to the store's
 * pre-signed addresses. A muted microphone or a camera turned off records silence or black, as the
 * other side saw it. Without MediaRecorder (or a type it records) nothing is recorded, and the call
 * goes on; a failure to send is logged, never the call's.
 */
export function recordCall(
  stream: MediaStream,
  transport: CallRecordingTransport,
  options: RecordCallOptions = {},
): CallRecording {
  const onError = options.onError ?? ((error: unknown) => console.warn('The call recording could not be sent:', error));
  const mimeType = globalThis.MediaRecorder ? recordingType(stream.getVideoTracks().length > 0) : null;
  const nothing: CallRecording = { stop: async () => {}, end: async () => null, recorded: () => new Blob([]) };
  if (!mimeType || stream.getTracks().length === 0) {
    return nothing;
  }
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 1_000_000, audioBitsPerSecond: 64_000 });
  } catch (error) {
    onError(error);
    return nothing;
  }
  const contentType = mimeType.split(';')[0] ?? mimeType;
  const opened = transport.open(mimeType);
  // Unhandled until a part needs it: a refusal (the call ended meanwhile) is reported once, below.
  opened.catch(() => undefined);
  let pending: Blob[] = [];
  let pendingBytes = 0;
  let partNumber = 0;
  let failed = false;
  let sending: Promise<void> = Promise.resolve();
  const kept: Blob[] = [];
  let recordedBytes = 0;
  let sentBytes = 0;
  const progress = () => options.onProgress?.(sentBytes, recordedBytes);

  async function send(number: number, body: Blob): Promise<void> {
    const { id } = await opened;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const [address] = await transport.parts(id, [number]);
        if (!address) {
          throw new Error(`No address for part ${number}.`);
        }
        const response = await fetch(address.url, { method: 'PUT', body, headers: { 'content-type': contentType } });
        if (!response.ok) {
          throw new Error(`Part ${number} was refused (${response.status}).`);
        }
        sentBytes += body.size;
        progress();
        return;
      } catch (error) {
        if (attempt >= PART_TRIES) {
          throw error;
        }
        await wait(500 * 2 ** attempt);
      }
    }
  }

  /** Sends what is waiting as the next part, after the parts before it. */
  function flush(): void {
    if (pending.length === 0 || failed) {
      return;
    }
    const body = new Blob(pending, { type: contentType });
    pending = [];
    pendingBytes = 0;
    partNumber += 1;
    const number = partNumber;
    sending = sending.then(() =>
      send(number, body).catch((error: unknown) => {
        // Later parts would follow a gap, which the file cannot have: the recording ends here.
        failed = true;
        onError(error);
      }),
    );
  }

  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size === 0) {
      return;
    }
    pending.push(event.data);
    pendingBytes += event.data.size;
    recordedBytes += event.data.size;
    if (options.keep) {
      kept.push(event.data);
    }
    progress();
    void opened.then(
      ({ minPartBytes }) => {
        if (pendingBytes >= minPartBytes && recorder.state === 'recording') {
          flush();
        }
      },
      () => undefined,
    );
  });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  recorder.start(options.sliceMs ?? CALL_RECORDING_SLICE_MS);

  let ending: Promise<{ id: string; whole: boolean } | null> | undefined;
  let stopping: Promise<void> | undefined;
  const end = () => {
    ending ??= (async () => {
      if (recorder.state !== 'inactive') {
        recorder.stop();
      }
      await stopped;
      let media: CallMediaUpload;
      try {
        media = await opened;
      } catch (error) {
        onError(error);
        return null;
      }
      flush();
      await sending;
      return { id: media.id, whole: !failed };
    })();
    return ending;
  };
  return {
    end,
    stop() {
      stopping ??= (async () => {
        const media = await end();
        if (media) {
          await transport.complete(media.id).catch(onError);
        }
      })();
      return stopping;
    },
    recorded: () => new Blob(kept, { type: contentType }),
  };
}
