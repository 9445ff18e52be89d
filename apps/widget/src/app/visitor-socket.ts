import { type VisitorCall, visitorCallSchema } from '@parley/api';

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

/** A message of the server, read no further than its type (the rest is checked where it is used). */
function readMessage(data: unknown): { type?: unknown; call?: unknown } | undefined {
  try {
    const message: unknown = JSON.parse(String(data));
    return typeof message === 'object' && message !== null ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Follows the visitor's call over the frame's own `/ws` socket: the token first, then the call's
 * state, place in line and who answered, as the server tells them. A dropped socket is opened
 * again after a growing wait; a refused token ends it. Answers the stop.
 */
export function followCall({ token, onCall, onConnection }: FollowCallOptions): () => void {
  const url = new URL('/ws', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let stopped = false;

  const connect = () => {
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('open', () => current.send(JSON.stringify({ type: 'auth', token })));
    current.addEventListener('message', (event) => {
      const message = readMessage(event.data);
      if (stopped || !message) {
        return;
      }
      if (message.type === 'error') {
        // The server refused the token (the call's token expired) and closes the socket; a new one
        // would be refused too. Told by this message rather than the close code (REALTIME_CLOSE),
        // whose module would bring the members' realtime schemas into the frame.
        stopped = true;
      } else if (message.type === 'ready') {
        attempts = 0;
        onConnection?.(true);
      } else if (message.type === 'visitorCall') {
        const parsed = visitorCallSchema.safeParse(message.call);
        if (parsed.success) {
          onCall(parsed.data);
        }
      }
    });
    current.addEventListener('close', () => {
      if (stopped || socket !== current) {
        return;
      }
      onConnection?.(false);
      const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)];
      attempts += 1;
      retry = setTimeout(connect, delay);
    });
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close(1000);
  };
}
