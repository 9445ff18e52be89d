import type { RealtimeServerMessage, SignalMessage } from '@parley/api';

type MessageOf<Type extends RealtimeServerMessage['type']> = Extract<RealtimeServerMessage, { type: Type }>;
type Listener = (message: RealtimeServerMessage) => void;

const listeners = new Map<RealtimeServerMessage['type'], Set<Listener>>();

/**
 * The shell owns the one socket of the tab (use-realtime-notices); features follow the message
 * types they care about here, e.g. `subscribeRealtime('video', …)`. Answers the unsubscribe.
 */
export function subscribeRealtime<Type extends RealtimeServerMessage['type']>(
  type: Type,
  listener: (message: MessageOf<Type>) => void,
): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
  }
  const wrapped = listener as Listener;
  set.add(wrapped);
  return () => {
    set.delete(wrapped);
  };
}

/** Hands a message from the socket to the listeners of its type. */
export function publishRealtime(message: RealtimeServerMessage): void {
  for (const listener of [...(listeners.get(message.type) ?? [])]) {
    try {
      listener(message);
    } catch (error) {
      // One feature's failing listener must not keep the message from the others.
      console.error(error);
    }
  }
}

let sender: ((message: SignalMessage) => boolean) | undefined;

/** The shell's socket offers its `send` here while it is open (use-realtime-notices); answers the withdrawal. */
export function setRealtimeSender(send: (message: SignalMessage) => boolean): () => void {
  sender = send;
  return () => {
    if (sender === send) {
      sender = undefined;
    }
  };
}

/** Sends a message on the tab's socket; false when there is none, or it is reconnecting. */
export function sendRealtime(message: SignalMessage): boolean {
  return sender?.(message) ?? false;
}
