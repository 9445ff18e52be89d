import { type Signal, type SignalMessage, signalMessageSchema, type VisitorCall, visitorCallSchema } from '@parley/api';

/** Waits before each new try when the socket drops, longest last (then repeated). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000] as const;

export interface FollowCallOptions {
  /** The call's own token, from `POST /api/visitor/calls`. */
  token: string;
  /** The call as it stands: first on connecting, then on every change. */
  onCall: (call: VisitorCall) => void;
  /** True once the server accepted the token, false when the socket dropped (a new try follows). */
  onConnection?: (connected: boolean) => void;
}

/** The visitor's call socket: it also carries the call's WebRTC signals (SPEC issue 16) both ways. */
export interface CallSocket {
  /** Sends a signal to the member in the call; held until the socket is (again) ready when it is not. */
  send(message: SignalMessage): void;
  /** Calls `listener` with each signal the member sends; answers the unsubscribe. */
  listen(listener: (signal: Signal) => void): () => void;
  /** Closes the socket for good. */
  stop(): void;
}

/** How many signals wait at most for the socket to be back (a call's setup is a few dozen). */
export const OUTBOX_LIMIT = 100;

/** A message of the server, read no further than its type (the rest is checked where it is used). */
function readMessage(data: unknown): { type?: unknown; call?: unknown; signal?: unknown } | undefined {
  try {
    const message: unknown = JSON.parse(String(data));
    return typeof message === 'object' && message !== null ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Follows the visitor's call over the frame's own `/ws` socket: the token first, then the call's
 * state, place in line and who answered, as the server tells them, and the member's signals. A
 * dropped socket is opened again after a growing wait (what was sent meanwhile goes once it is
 * ready); a refused token ends it.
 */
export function followCall({ token, onCall, onConnection }: FollowCallOptions): CallSocket {
  const url = new URL('/ws', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  let socket: WebSocket | undefined;
  /** Whether `socket` is signed in: only then may it carry signals. */
  let ready = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let stopped = false;
  const outbox: string[] = [];
  const listeners = new Set<(signal: Signal) => void>();

  const connect = () => {
    const current = new WebSocket(url);
    socket = current;
    ready = false;
    current.addEventListener('open', () => current.send(JSON.stringify({ type: 'auth', token })));
    current.addEventListener('message', (event) => {
      const message = readMessage(event.data);
      if (stopped || !message) {
        return;
      }
      if (message.type === 'error') {
        // Before `ready`: the server refused the token (the call's token expired) and closes the
        // socket; a new one would be refused too. Told by this message rather than the close code
        // (REALTIME_CLOSE), whose module would bring the members' realtime schemas into the frame.
        // After it: a signal refused (the call is no longer connected), and the socket stays open.
        if (!ready) {
          stopped = true;
        }
      } else if (message.type === 'ready') {
        attempts = 0;
        ready = true;
        for (const data of outbox.splice(0)) {
          current.send(data);
        }
        onConnection?.(true);
      } else if (message.type === 'visitorCall') {
        const parsed = visitorCallSchema.safeParse(message.call);
        if (parsed.success) {
          onCall(parsed.data);
        }
      } else if (message.type === 'signal') {
        const parsed = signalMessageSchema.safeParse(message);
        if (parsed.success) {
          for (const listener of listeners) {
            listener(parsed.data.signal);
          }
        }
      }
    });
    current.addEventListener('close', () => {
      if (stopped || socket !== current) {
        return;
      }
      ready = false;
      onConnection?.(false);
      const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)];
      attempts += 1;
      retry = setTimeout(connect, delay);
    });
  };

  connect();
  return {
    send(message) {
      if (stopped) {
        return;
      }
      const data = JSON.stringify(message);
      if (ready && socket) {
        socket.send(data);
        return;
      }
      outbox.push(data);
      outbox.splice(0, Math.max(0, outbox.length - OUTBOX_LIMIT));
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    stop() {
      stopped = true;
      clearTimeout(retry);
      listeners.clear();
      outbox.length = 0;
      socket?.close(1000);
    },
  };
}
