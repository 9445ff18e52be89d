import type { Signal } from '@parley/api';
import { sendRealtime, subscribeRealtime } from '../../lib/realtime-bus';

/** How long an outgoing signal waits for the socket to come back before it is dropped. */
const SEND_PATIENCE_MS = 15_000;
const SEND_RETRY_MS = 250;

const queued = new Map<string, Signal[]>();
const readers = new Map<string, (signal: Signal) => void>();
let stop: (() => void) | undefined;

/**
 * Keeps the visitors' signals from the moment a call rings here: the visitor offers as soon as
 * the member answers, which can be before the member's camera is open and their side listens.
 */
export function openSignalInbox(): () => void {
  stop ??= subscribeRealtime('signal', ({ callId, signal }) => {
    const reader = readers.get(callId);
    if (reader) {
      reader(signal);
    } else {
      queued.set(callId, [...(queued.get(callId) ?? []), signal]);
    }
  });
  return () => {
    stop?.();
    stop = undefined;
    queued.clear();
    readers.clear();
  };
}

/** Hands the call's waiting signals to `read`, then each one as it comes; answers the stop. */
export function readSignals(callId: string, read: (signal: Signal) => void): () => void {
  for (const signal of queued.get(callId) ?? []) {
    read(signal);
  }
  queued.delete(callId);
  readers.set(callId, read);
  return () => {
    if (readers.get(callId) === read) {
      readers.delete(callId);
    }
  };
}

/** Sends a signal to the call's other side; while the socket reconnects it waits, in order. */
export function sendSignal(callId: string, signal: Signal): void {
  const started = Date.now();
  const attempt = () => {
    if (sendRealtime({ type: 'signal', callId, signal })) {
      return;
    }
    if (Date.now() - started < SEND_PATIENCE_MS) {
      setTimeout(attempt, SEND_RETRY_MS);
    }
  };
  attempt();
}
