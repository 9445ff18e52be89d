import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE,
  type RealtimeServerMessage,
  realtimeAuthMessageSchema,
  signalMessageSchema,
  type VisitorCall,
} from '@parley/api';
import type { FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
import { placeInLine } from '../services/live-calls';
import type { Principal, VisitorPrincipal } from '../services/sessions';
import { SIGNALS_PER_MINUTE, type SignalSender, unpackSignal } from '../services/signalling';
import '../plugins/types';

/** How often an open socket's session is checked again, so a revoked one is cut off. */
const RECHECK_MS = 60_000;

/**
 * `/ws`: one socket per tab. The tab proves who it is with its token in the first message (not
 * in the address, which logs and proxies keep), then receives its member's notices and its team's
 * video, call recording, availability and live call changes. A visitor's socket proves itself with
 * its call's token and hears of that call alone.
 */
export default async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ws', { websocket: true, config: { access: 'public' }, schema: { hide: true } }, (socket) => {
    let principal: Principal | VisitorPrincipal | null = null;
    let unsubscribe: (() => void) | undefined;
    let recheck: NodeJS.Timeout | undefined;

    const send = (message: RealtimeServerMessage) => {
      if (socket.readyState === socket.OPEN) {
        socket.send(JSON.stringify(message));
      }
    };
    const refuse = (code: number, reason: string) => {
      send({ type: 'error', errorCode: ERROR_CODES.unauthorized, errorMessage: reason });
      socket.close(code, reason);
    };
    /** Closes the socket when its session ended (logout, password change, member disabled or removed). */
    const stillValid = async (token: string): Promise<boolean> => {
      const current = await app.sessions.verify(token);
      if (current?.scope !== 'full') {
        refuse(REALTIME_CLOSE.unauthorized, 'Your session has ended.');
        return false;
      }
      return true;
    };

    /**
     * A visitor's socket hears of their own call only: its state, and their place in line while it
     * rings (read once per change for all the team's visitors on this instance).
     */
    const followVisitorCall = async (visitor: VisitorPrincipal): Promise<(() => void) | undefined> => {
      const row = await app.liveCalls.find(visitor.callId, visitor.teamId);
      if (!row) {
        refuse(REALTIME_CLOSE.unauthorized, 'This call is not known.');
        return undefined;
      }
      let last = await app.liveCalls.visitorView(row);
      const tell = (call: VisitorCall) => {
        if (JSON.stringify(call) !== JSON.stringify(last)) {
          last = call;
          send({ type: 'visitorCall', call });
        }
      };
      const stopCall = app.events.subscribeTeam(visitor.teamId, (event) => {
        if (event.type === 'live' && event.call.id === visitor.callId && event.call.state !== 'ringing') {
          tell({
            ...last,
            state: event.call.state,
            position: null,
            estimatedWaitSeconds: null,
            memberName: event.call.receivedBy?.name ?? null,
          });
        }
      });
      const stopQueue = app.queueWatch.watch(visitor.teamId, (queue) => {
        if (last.state === 'ringing') {
          tell({ ...last, ...placeInLine(queue, visitor.callId) });
        }
      });
      // The member's signals for this call (offer, answer, ICE candidates).
      const stopSignals = app.events.subscribeVisitor(visitor.callId, (event) => {
        const signal = unpackSignal(event.packed);
        if (signal) {
          send({ type: 'signal', callId: visitor.callId, signal });
        }
      });
      // While the call is live, this socket is the visitor: its close means they left (after a
      // grace time, which a reconnect ends).
      const socketId = randomUUID();
      await app.liveCalls.visitorJoined(visitor.callId, socketId);
      send({ type: 'ready' });
      send({ type: 'visitorCall', call: last });
      return () => {
        stopCall();
        stopQueue();
        stopSignals();
        app.liveCalls
          .visitorLeft(visitor.callId, socketId)
          .catch((error: unknown) => app.log.warn({ err: error }, "visitor's leaving not stored"));
      };
    };

    const authTimer = setTimeout(
      () => refuse(REALTIME_CLOSE.authTimeout, 'No token was sent.'),
      REALTIME_AUTH_TIMEOUT_MS,
    );

    /** Who this socket signals as, once signed in; and how many signals it sent this minute. */
    let sender: SignalSender | undefined;
    let signals = { windowStart: 0, count: 0 };
    const refuseSignal = (errorMessage: string) =>
      send({ type: 'error', errorCode: ERROR_CODES.validationFailed, errorMessage });
    const onSignal = (data: RawData) => {
      const now = Date.now();
      if (now - signals.windowStart >= 60_000) {
        signals = { windowStart: now, count: 0 };
      }
      signals.count += 1;
      if (signals.count > SIGNALS_PER_MINUTE) {
        send({ type: 'error', errorCode: ERROR_CODES.tooManyRequests, errorMessage: 'Too many signals.' });
        socket.close(1008, 'Too many signals');
        return;
      }
      let parsed: ReturnType<typeof signalMessageSchema.safeParse>;
      try {
        parsed = signalMessageSchema.safeParse(JSON.parse(data.toString()));
      } catch {
        refuseSignal('A message must be JSON.');
        return;
      }
      if (!parsed.success || !sender) {
        refuseSignal('A signal is { type: "signal", callId, signal: a description or an ICE candidate }.');
        return;
      }
      const { callId, signal } = parsed.data;
      app.signalling
        .relay(sender, callId, signal)
        .then((refusal) => {
          if (refusal) {
            refuseSignal(
              refusal === 'notYourCall'
                ? 'You can signal only a call you are in.'
                : 'This call is not connected: nothing to signal.',
            );
          }
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'signal not relayed'));
    };

    socket.on('message', (data) => {
      if (principal) {
        onSignal(data);
        return;
      }
      void (async () => {
        let token: string;
        try {
          token = realtimeAuthMessageSchema.parse(JSON.parse(data.toString())).token;
        } catch {
          refuse(REALTIME_CLOSE.unauthorized, 'The first message must carry a token.');
          return;
        }
        const verified = await app.sessions.verify(token);
        if (verified?.scope !== 'full') {
          const visitor = verified ? null : await app.sessions.verifyVisitor(token);
          if (!visitor) {
            refuse(REALTIME_CLOSE.unauthorized, 'The token was refused.');
            return;
          }
          clearTimeout(authTimer);
          principal = visitor;
          sender = { side: 'visitor', callId: visitor.callId };
          const stop = await followVisitorCall(visitor);
          if (socket.readyState === socket.OPEN) {
            unsubscribe = stop;
          } else {
            stop?.();
          }
          return;
        }
        clearTimeout(authTimer);
        principal = verified;
        sender = { side: 'member', teamId: verified.teamId, userId: verified.userId };
        // The session is checked when it may have ended (a `sessionsEnded` event for this member,
        // and once a minute for its expiry), not at every message: a burst of calls ringing would
        // otherwise cost one query per message per socket. Messages wait for a check under way, so
        // none goes out after the session ended.
        let checked: Promise<boolean> = Promise.resolve(true);
        const check = () => {
          checked = checked.then((valid) => (valid ? stillValid(token) : false));
          return checked;
        };
        const forward = (message: RealtimeServerMessage) => {
          checked
            .then((valid) => {
              if (valid) {
                send(message);
              }
            })
            // The database went away (the server is stopping): the message is not sent, nothing breaks.
            .catch((error: unknown) => app.log.debug({ err: error }, 'realtime message not forwarded'));
        };
        const stopNotices = app.events.subscribe(verified.userId, (event) => {
          if (event.type === 'sessionsEnded') {
            check().catch((error: unknown) => app.log.debug({ err: error }, 'session not checked again'));
          } else if (event.type === 'notice') {
            forward({ type: 'notice', notice: event.notice });
          } else if (event.type === 'signal') {
            const signal = unpackSignal(event.packed);
            if (signal) {
              forward({ type: 'signal', callId: event.callId, signal });
            }
          } else {
            forward({ type: 'declined', callId: event.callId });
          }
        });
        const stopTeam = app.events.subscribeTeam(verified.teamId, (event) => {
          if (event.type === 'video') {
            forward({ type: 'video', video: event.video });
          } else if (event.type === 'call') {
            forward({ type: 'call', call: event.call });
          } else if (event.type === 'live') {
            forward({ type: 'live', call: event.call });
          } else {
            forward({ type: 'presence', presence: event.presence });
          }
        });
        // The member has a tab open: their team sees them as they chose (Available, Away).
        // Back in a call they took, if they had left it.
        const connection = app.presence
          .connect(verified.teamId, verified.userId)
          .then(async (id) => {
            await app.liveCalls.memberJoined(verified.userId);
            return id;
          })
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'presence row not stored');
            return undefined;
          });
        unsubscribe = () => {
          stopNotices();
          stopTeam();
          void connection
            .then((id) => (id ? app.presence.disconnect(id) : undefined))
            // Their last tab closed: they left the calls they took.
            .then(() => app.liveCalls.memberLeft(verified.userId))
            .catch((error: unknown) => app.log.warn({ err: error }, 'presence row not removed'));
        };
        recheck = setInterval(() => {
          check().catch((error: unknown) => app.log.debug({ err: error }, 'session not checked again'));
        }, RECHECK_MS);
        send({ type: 'ready' });
      })().catch((error: unknown) => {
        app.log.error({ err: error }, 'socket sign-in failed');
        socket.close(1011, 'Server error');
      });
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(recheck);
      unsubscribe?.();
    });
  });
}
