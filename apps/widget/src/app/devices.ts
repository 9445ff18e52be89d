/** The visitor's cameras and microphones, as the browser lists them once they allowed access. */
export interface MediaInputs {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** Which devices to open: the browser's defaults where none is named; no camera with `audioOnly`. */
export interface MediaChoice {
  cameraId?: string | undefined;
  microphoneId?: string | undefined;
  audioOnly?: boolean;
}

/** Why there is no preview: the visitor (or the page's policy) refused, or no device could be used. */
export type MediaProblem = 'denied' | 'unavailable';

const exactly = (deviceId: string | undefined) => (deviceId ? { deviceId: { exact: deviceId } } : true);

/** Opens the chosen camera and microphone (the browser asks the visitor the first time). */
export function openMedia(choice: MediaChoice): Promise<MediaStream> {
  const devices = navigator.mediaDevices as MediaDevices | undefined;
  if (!devices?.getUserMedia) {
    // An insecure page, or a browser without media: as if no device could be used.
    return Promise.reject(new DOMException('No media devices.', 'NotFoundError'));
  }
  return devices.getUserMedia({
    audio: exactly(choice.microphoneId),
    video: choice.audioOnly ? false : exactly(choice.cameraId),
  });
}

/**
 * Opens the visitor's devices for a call, settling for less rather than nothing: the browser's own
 * devices when the chosen ones are gone, then the microphone alone. Undefined when none could be
 * used (or the visitor refused): the visitor then sees and hears the team without being seen or heard.
 */
export async function openForCall(choice: MediaChoice): Promise<MediaStream | undefined> {
  const tries: MediaChoice[] = [choice];
  if (choice.cameraId || choice.microphoneId) {
    tries.push({ audioOnly: choice.audioOnly });
  }
  if (!choice.audioOnly) {
    tries.push({ audioOnly: true });
  }
  for (const attempt of tries) {
    try {
      return await openMedia(attempt);
    } catch (error) {
      if (mediaProblem(error) === 'denied') {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The cameras and microphones (named once the visitor allowed access). */
export async function listInputs(): Promise<MediaInputs> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: all.filter((device) => device.kind === 'videoinput'),
    microphones: all.filter((device) => device.kind === 'audioinput'),
  };
}

/** The device a stream's track of that kind came from. */
export function deviceOf(stream: MediaStream, kind: 'audio' | 'video'): string | undefined {
  const [track] = kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks();
  return track?.getSettings?.().deviceId;
}

/** Turns the camera and microphone off: the browser's recording light goes out. */
export function stopTracks(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) {
    track.stop();
  }
}

/** What a failed `getUserMedia` means for the visitor. */
export function mediaProblem(error: unknown): MediaProblem {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}
