import type { VisitorCall } from '@parley/api';
import { type TranslateFunction, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Spinner } from '@parley/ui/spinner';
import { MessageSquareText, PhoneCall, PhoneOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from './api';
import type { PlacedCall } from './call-form';
import type { MediaChoice } from './devices';
import { ScreenHeading } from './screen-heading';
import { type CallSocket, followCall } from './visitor-socket';

/**
 * The call's pictures and sound (WebRTC), fetched while it rings: the frame opens without them. A
 * fetch that fails (offline) is tried again when the call connects.
 */
const loadConnected = () => import('./call-connected');
const ConnectedCall = lazy(async () => ({ default: (await loadConnected()).ConnectedCall }));

/** What the visitor sees of their call; `ended` also when they hung up themselves. */
export type CallView = 'ringing' | 'connected' | 'missed' | 'ended';

export function callView(call: VisitorCall, hungUp: boolean): CallView {
  return hungUp ? 'ended' : call.state;
}

/** "About 3 min", or "less than a minute"; nothing when the team has no hold times yet. */
function waitText(t: TranslateFunction, seconds: number | null): string | null {
  if (seconds === null) {
    return null;
  }
  return seconds < 60 ? t('widget.call.waitUnderMinute') : t('widget.call.wait', { minutes: Math.round(seconds / 60) });
}

/** A name someone typed, isolated so that its direction does not reorder the sentence around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

interface CallScreenProps {
  placed: PlacedCall;
  /** The camera and microphone chosen on the call form, opened once a member answers. */
  media: MediaChoice;
  onMenu: () => void;
  onLeaveMessage: () => void;
}

/**
 * The visitor's call after Call: ringing (their place in line and the likely wait, live from the
 * socket), connected (both videos, over WebRTC signalled through the same socket), missed (with
 * the offer of a video message) or ended. While it rings or is connected the visitor may hang up,
 * and leaving the page hangs up for them.
 */
export function CallScreen({ placed, media, onMenu, onLeaveMessage }: CallScreenProps) {
  const { t } = useTranslation();
  const { token } = placed;
  const [call, setCall] = useState(placed.call);
  const [hungUp, setHungUp] = useState(false);
  const [connected, setConnected] = useState(true);
  const [socket, setSocket] = useState<CallSocket | null>(null);
  const view = callView(call, hungUp);
  const live = view === 'ringing' || view === 'connected';

  useEffect(() => {
    if (view === 'ringing') {
      loadConnected().catch(() => undefined);
    }
  }, [view]);

  useEffect(() => {
    if (!live) {
      return;
    }
    const opened = followCall({ token, onCall: setCall, onConnection: setConnected });
    setSocket(opened);
    // The frame closed or the visitor left: the team should not answer an empty line.
    const leave = () => {
      api.visitor.hangUp(call.id, token, { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      opened.stop();
      setSocket(null);
    };
  }, [live, call.id, token]);

  /**
   * Over for the visitor at once, as a phone's red button is: waiting for the answer would let the
   * socket's news of the call the hang-up itself ended ('missed' while ringing) show first. Sent to
   * outlive the frame, which the visitor may close next; unreachable, the call still stops ringing
   * at its time and the member can end it.
   */
  const hangUp = () => {
    setHungUp(true);
    api.visitor.hangUp(call.id, token, { keepalive: true }).catch(() => undefined);
  };

  const hangUpButton = (
    <Button variant="destructive" icon={<PhoneOff aria-hidden="true" />} onClick={hangUp}>
      {t('widget.call.hangUp')}
    </Button>
  );
  const menuButton = (
    <Button variant="outline" onClick={onMenu}>
      {t('widget.call.backToMenu')}
    </Button>
  );
  const wait = waitText(t, call.estimatedWaitSeconds);

  return (
    <section className="flex flex-col items-center gap-4 py-4 text-center">
      {view === 'ringing' ? (
        <>
          <PhoneCall aria-hidden="true" className="size-10 text-primary-text motion-safe:animate-pulse" />
          <ScreenHeading key={view}>{t('widget.call.ringing')}</ScreenHeading>
          <div role="status" className="flex flex-col gap-1">
            {call.position === null ? null : <p>{t('widget.call.position', { position: call.position })}</p>}
            {wait ? <p className="text-muted-foreground text-sm">{wait}</p> : null}
          </div>
          {connected ? null : <p className="text-muted-foreground text-sm">{t('widget.call.reconnecting')}</p>}
          {hangUpButton}
        </>
      ) : null}
      {view === 'connected' ? (
        <>
          <ScreenHeading key={view}>
            {call.memberName
              ? t('widget.call.connected', { memberName: isolate(call.memberName) })
              : t('widget.call.connectedAnonymous')}
          </ScreenHeading>
          {connected ? null : <p className="text-muted-foreground text-sm">{t('widget.call.reconnecting')}</p>}
          <Suspense
            fallback={
              <>
                <Spinner label={t('widget.call.mediaConnecting')} />
                {hangUpButton}
              </>
            }
          >
            <ConnectedCall
              callId={call.id}
              token={token}
              memberName={call.memberName}
              socket={socket}
              choice={media}
              hangUp={hangUpButton}
            />
          </Suspense>
        </>
      ) : null}
      {view === 'missed' ? (
        <>
          <ScreenHeading key={view}>{t('widget.call.missed')}</ScreenHeading>
          <div className="flex flex-wrap justify-center gap-2">
            <Button icon={<MessageSquareText aria-hidden="true" />} onClick={onLeaveMessage}>
              {t('widget.menu.message')}
            </Button>
            {menuButton}
          </div>
        </>
      ) : null}
      {view === 'ended' ? (
        <>
          <ScreenHeading key={view}>{t('widget.call.thanks')}</ScreenHeading>
          {menuButton}
        </>
      ) : null}
    </section>
  );
}
