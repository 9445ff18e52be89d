import {
  type Notice,
  REALTIME_CLOSE,
  type RealtimeAuthMessage,
  type RealtimeServerMessage,
  realtimeServerMessageSchema,
  type SignalMessage,
} from '@parley/api';

/** Waits between reconnection attempts: doubling from the first, never above the cap. */
export const RECONNECT_INITIAL_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export interface RealtimeOptions {
  /** The socket's address, e.g. `wss://parley.example.com/ws`. */
  url: string;
  /** Sent in the first message, never in the address (logs and proxies keep addresses). */
  token: string;
  onNotice: (notice: Notice) => void;
  /** Every message the server sends (notices included), for features that follow other types. */
  onMessage?: (message: RealtimeServerMessage) => void;
  /** The server accepted the token; `reconnected` is true after a dropped connection came back. */
  onReady?: (reconnected: boolean) => void;
  /** The server refused the token (close code 4401): the session has ended; no retry. */
  onUnauthorized?: () => void;
  /** The WebSocket class (tests pass a fake). */
  WebSocketImpl?: typeof WebSocket;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** 0–1; spreads reconnections so tabs do not all come back at the same instant. */
  random?: () => number;
}

export interface RealtimeConnection {
  /** Closes the socket and stops reconnecting (logout, unmount). */
  close: () => void;
  /** Sends a message once the server accepted the token; false when the socket is not ready (dropped, reconnecting). */
  send: (message: SignalMessage) => boolean;
}

/** `ws(s)://<host>/ws` of the API: the page's own origin unless the build names another. */
export function realtimeUrl(
  apiBase: string = import.meta.env.VITE_API_URL ?? '',
  origin: string = window.location.origin,
): string {
  const url = new URL('/ws', apiBase || origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * The live notice feed of `/ws`: sends `{type:'auth', token}` first, hands every notice over, and
 * reconnects with backoff (equal jitter) when the connection drops — at once when the browser
 * comes back online. A refused token ends it for good.
 */
export function connectRealtime({
  url,
  token,
  onNotice,
  onMessage,
  onReady,
  onUnauthorized,
  WebSocketImpl = globalThis.WebSocket,
  initialDelayMs = RECONNECT_INITIAL_MS,
  maxDelayMs = RECONNECT_MAX_MS,
  random = Math.random,
}: RealtimeOptions): RealtimeConnection {
  let socket: WebSocket | null = null;
  let ready = false;
  let attempts = 0;
  let everReady = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function open(): void {
    timer = undefined;
    const current = new WebSocketImpl(url);
    socket = current;
    current.addEventListener('open', () => {
      const auth: RealtimeAuthMessage = { type: 'auth', token };
      current.send(JSON.stringify(auth));
    });
    current.addEventListener('message', (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = realtimeServerMessageSchema.safeParse(data);
      if (!parsed.success) {
        return;
      }
      const message = parsed.data;
      onMessage?.(message);
      switch (message.type) {
        case 'ready':
          ready = true;
          attempts = 0;
          onReady?.(everReady);
          everReady = true;
          return;
        case 'notice':
          onNotice(message.notice);
          return;
        case 'video':
        case 'call':
        case 'presence':
        case 'live':
        case 'declined':
        case 'visitorCall':
        case 'signal':
          // Features subscribe to it through onMessage (see realtime-bus.ts).
          return;
        case 'error':
          // The close that follows says what to do.
          return;
        default:
          message satisfies never;
      }
    });
    current.addEventListener('close', (event: CloseEvent) => {
      if (stopped || socket !== current) {
        return;
      }
      ready = false;
      socket = null;
      if (event.code === REALTIME_CLOSE.unauthorized) {
        stop();
        onUnauthorized?.();
        return;
      }
      scheduleReconnect();
    });
  }

  function scheduleReconnect(): void {
    const ceiling = Math.min(maxDelayMs, initialDelayMs * 2 ** attempts);
    attempts += 1;
    const delay = ceiling / 2 + (ceiling / 2) * random();
    timer = setTimeout(open, delay);
  }

  function onOnline(): void {
    if (!stopped && timer !== undefined) {
      clearTimeout(timer);
      open();
    }
  }

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
    timer = undefined;
    window.removeEventListener('online', onOnline);
  }

  window.addEventListener('online', onOnline);
  open();

  return {
    send: (message) => {
      if (!ready || !socket || socket.readyState !== socket.OPEN) {
        return false;
      }
      socket.send(JSON.stringify(message));
      return true;
    },
    close: () => {
      stop();
      const current = socket;
      socket = null;
      if (current && (current.readyState === current.CONNECTING || current.readyState === current.OPEN)) {
        current.close(1000, 'Signed out');
      }
    },
  };
}
