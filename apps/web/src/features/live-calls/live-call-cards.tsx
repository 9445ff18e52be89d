import { ERROR_CODES, isApiError, type LiveCall, type LiveCallList } from '@parley/api';
import { formatDuration, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { CallCard, CallCardStack } from '@parley/ui/call-card';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { showError } from '../../lib/show-error';
import { CallDetails } from './call-details';
import { CallMedia } from './call-media';
import { createRinger } from './ringer';
import { openSignalInbox } from './signal-inbox';
import { LIVE_CALLS_KEY, withCall } from './use-live-calls';

/** How long "Answered by Lea" stays on a card that rang for this member. */
export const TAKEN_SHOWN_MS = 5000;

type Busy = 'answer' | 'decline' | 'hangUp';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Whether the browser may show notifications, and asks for it when it has not been asked. */
function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * The live call cards in the shell, on every screen (issue 16): each call ringing for this member
 * (Answer, Decline), the call they took (Hang up), and "Answered by Lea" for a moment when another
 * member took one that rang for them. While something rings: the ring sound (or, when the browser
 * holds it back until the page is clicked, a button that lets it out), and a browser notification
 * when the tab is hidden.
 */
export function LiveCallCards({ list, userId, available }: { list: LiveCallList; userId: string; available: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useNow(1000);
  const [busy, setBusy] = useState<Record<string, Busy>>({});
  const [muted, setMuted] = useState(false);
  const [permission, setPermission] = useState(notificationPermission);
  const ringer = useRef<ReturnType<typeof createRinger> | undefined>(undefined);
  const rangHere = useRef(new Set<string>());
  const notified = useRef(new Set<string>());

  const ringing = list.calls.filter(
    (call) => call.state === 'ringing' && available && !list.declined.includes(call.id),
  );
  for (const call of ringing) {
    rangHere.current.add(call.id);
  }
  const mine = list.calls.filter((call) => call.state === 'connected' && call.receivedBy?.id === userId);
  const taken = list.calls.filter(
    (call) =>
      call.state === 'connected' &&
      call.receivedBy?.id !== userId &&
      rangHere.current.has(call.id) &&
      now - Date.parse(call.receivedAt ?? call.incomingAt) < TAKEN_SHOWN_MS,
  );
  const ringingIds = ringing.map((call) => call.id).join(',');

  // The ring sounds while any call rings for this member.
  useEffect(() => {
    if (!ringingIds) {
      ringer.current?.stop();
      return;
    }
    ringer.current ??= createRinger();
    let current = true;
    void ringer.current.start().then((audible) => {
      if (current) {
        setMuted(!audible);
      }
    });
    return () => {
      current = false;
    };
  }, [ringingIds]);
  useEffect(() => () => ringer.current?.stop(), []);
  // The visitor's offer may come before this member's side of the call listens: kept until it does.
  useEffect(() => openSignalInbox(), []);

  // A hidden tab shows a notification for each new ringing call.
  useEffect(() => {
    for (const call of ringing) {
      if (notified.current.has(call.id)) {
        continue;
      }
      notified.current.add(call.id);
      if (document.visibilityState === 'hidden' && notificationPermission() === 'granted') {
        const shown = new Notification(t('web.liveCalls.notification', { name: callerOf(call) }), {
          body: contactOf(call).join(' · '),
          tag: `call-${call.id}`,
          requireInteraction: true,
        });
        shown.onclick = () => {
          window.focus();
          shown.close();
        };
      }
    }
  });

  function callerOf(call: LiveCall): string {
    return call.callerName.trim() || t('ui.callCard.visitor');
  }
  function contactOf(call: LiveCall): string[] {
    return [call.callerEmail, call.callerContact].filter((value): value is string => Boolean(value));
  }

  const act = useMutation({
    mutationFn: async ({ call, action }: { call: LiveCall; action: Busy }) => {
      setBusy((current) => ({ ...current, [call.id]: action }));
      const endpoint =
        action === 'answer'
          ? api.liveCalls.answer
          : action === 'decline'
            ? api.liveCalls.decline
            : api.liveCalls.hangUp;
      return (await endpoint(call.id)).data;
    },
    onSuccess: (call, { action }) =>
      queryClient.setQueryData<LiveCallList>(LIVE_CALLS_KEY, (current) => {
        if (!current) {
          return current;
        }
        const next = withCall(current, call);
        return action === 'decline' && !next.declined.includes(call.id)
          ? { ...next, declined: [...next.declined, call.id] }
          : next;
      }),
    onError: (error) => {
      // Another member answered first, or the caller hung up: the card follows from the socket.
      if (
        isApiError(error) &&
        (error.errorCode === ERROR_CODES.callTaken || error.errorCode === ERROR_CODES.callOver)
      ) {
        void queryClient.invalidateQueries({ queryKey: LIVE_CALLS_KEY });
        return;
      }
      showError(error, { navigate });
    },
    onSettled: (_data, _error, { call }) => setBusy(({ [call.id]: _done, ...rest }) => rest),
  });

  const ringNotice = muted ? (
    <>
      <span>{t('web.liveCalls.muted')}</span>
      <Button
        size="sm"
        variant="link"
        className="h-auto p-0"
        onClick={() => void ringer.current?.unblock().then((audible) => setMuted(!audible))}
      >
        {t('web.liveCalls.unmute')}
      </Button>
    </>
  ) : permission === 'default' ? (
    <>
      <span>{t('web.liveCalls.notifyOffer')}</span>
      <Button
        size="sm"
        variant="link"
        className="h-auto p-0"
        onClick={() => void Notification.requestPermission().then(setPermission)}
      >
        {t('web.liveCalls.notifyAllow')}
      </Button>
    </>
  ) : undefined;

  const topic = (call: LiveCall) => (call.menuItem ? t(`web.liveCalls.menu.${call.menuItem}`) : undefined);
  const seconds = (from: string | null) => formatDuration((now - Date.parse(from ?? '')) / 1000, locale);

  if (ringing.length + mine.length + taken.length === 0) {
    return null;
  }
  return (
    <CallCardStack>
      {[...mine, ...taken, ...ringing].map((call) => {
        const state = call.state === 'ringing' ? 'ringing' : call.receivedBy?.id === userId ? 'connected' : 'taken';
        return (
          <CallCard
            key={call.id}
            state={state}
            callerName={call.callerName}
            contact={contactOf(call)}
            topic={topic(call)}
            elapsed={seconds(state === 'connected' ? call.receivedAt : call.incomingAt)}
            {...(call.receivedBy ? { takenBy: call.receivedBy.name } : {})}
            {...(busy[call.id] ? { busy: busy[call.id] } : {})}
            {...(state === 'ringing' && ringNotice ? { notice: ringNotice } : {})}
            onAnswer={() => act.mutate({ call, action: 'answer' })}
            onDecline={() => act.mutate({ call, action: 'decline' })}
            onHangUp={() => act.mutate({ call, action: 'hangUp' })}
          >
            {state === 'connected' ? (
              <>
                <CallMedia call={call} />
                <CallDetails callId={call.id} callerName={call.callerName} />
              </>
            ) : null}
          </CallCard>
        );
      })}
    </CallCardStack>
  );
}
