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
  stop: ReturnType<typeof vi.fn>;
  getSettings: () => { deviceId: string };
}

/** A media stream of fake tracks, one per device named. */
export function fakeStream(devices: { audio?: string; video?: string }): { stream: MediaStream; tracks: FakeTrack[] } {
  const tracks: FakeTrack[] = [];
  for (const kind of ['audio', 'video'] as const) {
    const deviceId = devices[kind];
    if (deviceId) {
      tracks.push({ kind, stop: vi.fn(), getSettings: () => ({ deviceId }) });
    }
  }
  const stream = {
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
  } as unknown as MediaStream;
  return { stream, tracks };
}

/** Puts (or with `undefined`, takes away) `navigator.mediaDevices`, which jsdom lacks. */
export function stubMediaDevices(devices: Partial<MediaDevices> | undefined): void {
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
}
