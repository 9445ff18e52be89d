import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type Signal, signalSchema } from '@parley/api';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls } from '../db/schema';
import type { Events } from './events';

/** How many signals one socket may send a minute (a call's setup is a few dozen; restarts add some). */
export const SIGNALS_PER_MINUTE = 300;

/** Who sends a signal: the member in the call, or the call's visitor. */
export type SignalSender = { side: 'member'; teamId: string; userId: string } | { side: 'visitor'; callId: string };

/** Why a signal was not passed on, in words the sender's console can show. */
export type SignalRefusal = 'notYourCall' | 'notConnected';

export function packSignal(signal: Signal): string {
  return deflateRawSync(JSON.stringify(signal)).toString('base64');
}

/** The signal in a packed event, checked again (an event is only as good as what wrote it). */
export function unpackSignal(packed: string): Signal | undefined {
  try {
    const parsed = signalSchema.safeParse(JSON.parse(inflateRawSync(Buffer.from(packed, 'base64')).toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * WebRTC signalling over `/ws` (issue 16): a socket may signal only the other side of a call it is
 * in while the call is connected — the member who took it, or the call's own visitor (their
 * token names it). The signal goes through the events, so the other side may be on any instance.
 */
export function createSignalling(db: () => Db, events: Events) {
  return {
    async relay(sender: SignalSender, callId: string, signal: Signal): Promise<SignalRefusal | undefined> {
      if (sender.side === 'visitor' && sender.callId !== callId) {
        return 'notYourCall';
      }
      const [call] = await db()
        .select({ teamId: calls.teamId, liveState: calls.liveState, receivedBy: calls.receivedBy })
        .from(calls)
        .where(and(eq(calls.id, callId), sender.side === 'member' ? eq(calls.teamId, sender.teamId) : undefined));
      if (!call || (sender.side === 'member' && call.receivedBy !== sender.userId)) {
        return 'notYourCall';
      }
      if (call.liveState !== 'connected' || !call.receivedBy) {
        return 'notConnected';
      }
      const packed = packSignal(signal);
      await events.publish(
        sender.side === 'member'
          ? { type: 'signal', to: 'visitor', callId, packed }
          : { type: 'signal', to: 'member', userId: call.receivedBy, callId, packed },
      );
      return undefined;
    },
  };
}
export type Signalling = ReturnType<typeof createSignalling>;
