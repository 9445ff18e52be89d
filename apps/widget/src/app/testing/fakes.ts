import type { VisitorCall } from '@parley/api';
import { vi } from 'vitest';

/** A WebSocket the test drives: it records what the frame sends, and the test opens, answers and drops it. */
export class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readonly url: string;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000) {
    this.closedWith = code;
  }

  /** The server accepted the connection. */
  open() {
    this.dispatchEvent(new Event('open'));
  }

  /** The server sends a message. */
  receive(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The connection ends from the server's side (or the network's: 1006). */
  drop(code = 1006) {
    this.dispatchEvent(new CloseEvent('close', { code }));
  }

  static last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) {
      throw new Error('No socket was opened.');
    }
    return socket;
  }
}

export const CALL_ID = '0b6a3a4e-3f5e-4c1a-9d43-8a2b7c1e5f00';
export const CALL_TOKEN = 'visitor-call-token';

export function visitorCall(overrides: Partial<VisitorCall> = {}): VisitorCall {
  return {
    id: CALL_ID,
    state: 'ringing',
    position: 2,
    estimatedWaitSeconds: 170,
    ringsUntil: '2026-11-28T10:01:00.000Z',
    memberName: null,
    ...overrides,
  };
}

export function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface FakeTrack {
  kind: 'audio' | 'video';
  enabled: boolean;
  stop: ReturnType<typeof vi.fn>;
  getSettings: () => { deviceId: string };
}

export function fakeTrack(kind: 'audio' | 'video', deviceId = `${kind}-device`): FakeTrack {
  return { kind, enabled: true, stop: vi.fn(), getSettings: () => ({ deviceId }) };
}

/** `MediaStream`, which jsdom lacks: a list of tracks. */
export class FakeMediaStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
}

/** A media stream of fake tracks, one per device named. */
export function fakeStream(devices: { audio?: string; video?: string }): { stream: MediaStream; tracks: FakeTrack[] } {
  const tracks: FakeTrack[] = [];
  for (const kind of ['audio', 'video'] as const) {
    const deviceId = devices[kind];
    if (deviceId) {
      tracks.push(fakeTrack(kind, deviceId));
    }
  }
  return { stream: new FakeMediaStream(tracks) as unknown as MediaStream, tracks };
}

interface FakeTransceiver {
  kind: string;
  track: FakeTrack | undefined;
  direction: RTCRtpTransceiverDirection | undefined;
}

/**
 * An `RTCPeerConnection` the test drives: it records what the peer asks of it (transceivers,
 * descriptions, candidates), and the test gathers candidates, changes the ICE state and sends
 * tracks. Descriptions follow the real signalling states.
 */
export class FakePeerConnection extends EventTarget {
  static instances: FakePeerConnection[] = [];
  configuration: RTCConfiguration;
  readonly transceivers: FakeTransceiver[] = [];
  readonly offerOptions: (RTCOfferOptions | undefined)[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  closed = false;
  /** What `getStats()` answers. */
  stats = new Map<string, Record<string, unknown>>();

  constructor(configuration: RTCConfiguration = {}) {
    super();
    this.configuration = configuration;
    FakePeerConnection.instances.push(this);
  }

  addTransceiver(trackOrKind: FakeTrack | string, init: RTCRtpTransceiverInit = {}) {
    const track = typeof trackOrKind === 'string' ? undefined : trackOrKind;
    this.transceivers.push({ kind: track?.kind ?? String(trackOrKind), track, direction: init.direction });
  }

  async createOffer(options?: RTCOfferOptions) {
    this.offerOptions.push(options);
    return { type: 'offer', sdp: `offer ${this.offerOptions.length}${options?.iceRestart ? ' (ICE restart)' : ''}` };
  }

  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    this.signalingState = 'have-local-offer';
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    if (this.signalingState !== 'have-local-offer' || description.type !== 'answer') {
      throw new DOMException('Wrong state for an answer.', 'InvalidStateError');
    }
    this.remoteDescription = description;
    this.signalingState = 'stable';
  }

  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription) {
      throw new DOMException('No remote description.', 'InvalidStateError');
    }
    this.candidates.push(candidate);
  }

  getConfiguration() {
    return this.configuration;
  }

  setConfiguration(configuration: RTCConfiguration) {
    this.configuration = configuration;
  }

  async getStats() {
    return this.stats;
  }

  close() {
    this.closed = true;
    this.signalingState = 'closed';
  }

  /** The browser found one of this side's ICE candidates (null: gathering ended). */
  gather(candidate: RTCIceCandidateInit | null) {
    this.dispatchEvent(
      Object.assign(new Event('icecandidate'), { candidate: candidate && { toJSON: () => candidate } }),
    );
  }

  setIceState(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.dispatchEvent(new Event('iceconnectionstatechange'));
  }

  /** A track of the other side came in. */
  receiveTrack(track: FakeTrack) {
    this.dispatchEvent(Object.assign(new Event('track'), { track, streams: [] }));
  }

  static last(): FakePeerConnection {
    const connection = FakePeerConnection.instances.at(-1);
    if (!connection) {
      throw new Error('No peer connection was made.');
    }
    return connection;
  }
}

/** `getStats()` as Chromium answers it: the transport naming its candidate pair, and the incoming streams. */
export function fakeStats({
  roundTripSeconds,
  packetsLost = 0,
  packetsReceived = 1000,
}: {
  roundTripSeconds: number;
  packetsLost?: number;
  packetsReceived?: number;
}): Map<string, Record<string, unknown>> {
  return new Map<string, Record<string, unknown>>([
    ['T01', { id: 'T01', type: 'transport', selectedCandidatePairId: 'CP1' }],
    ['CP0', { id: 'CP0', type: 'candidate-pair', state: 'failed', currentRoundTripTime: 9 }],
    [
      'CP1',
      {
        id: 'CP1',
        type: 'candidate-pair',
        state: 'succeeded',
        nominated: true,
        currentRoundTripTime: roundTripSeconds,
      },
    ],
    ['IA', { id: 'IA', type: 'inbound-rtp', kind: 'audio', packetsLost, packetsReceived }],
    ['IV', { id: 'IV', type: 'inbound-rtp', kind: 'video', packetsLost: 0, packetsReceived: 0 }],
  ]);
}

/** Puts (or with `undefined`, takes away) `navigator.mediaDevices`, which jsdom lacks. */
export function stubMediaDevices(devices: Partial<MediaDevices> | undefined): void {
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
}

/**
 * A `MediaRecorder` (which jsdom lacks) the test drives: it records webm, and hands over a slice
 * when the test says (`emit`) and a last one on `stop`, as the browser does.
 */
export class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('video/webm') || type.startsWith('audio/webm');
  state: RecordingState = 'inactive';
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions = {},
  ) {
    super();
    FakeMediaRecorder.instances.push(this);
  }

  start() {
    this.state = 'recording';
  }

  /** The recorder's next slice. */
  emit(text: string) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([text]) }));
  }

  stop() {
    if (this.state === 'inactive') {
      return;
    }
    this.state = 'inactive';
    this.emit('end');
    this.dispatchEvent(new Event('stop'));
  }

  static last(): FakeMediaRecorder {
    const recorder = FakeMediaRecorder.instances.at(-1);
    if (!recorder) {
      throw new Error('No recorder was made.');
    }
    return recorder;
  }
}
