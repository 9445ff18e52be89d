import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import {
  LoaderCircle,
  Mic,
  MicOff,
  SignalHigh,
  SignalLow,
  SignalMedium,
  User,
  Video,
  VideoOff,
  Volume2,
  WifiOff,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { MediaChoice } from './devices';
import type { PeerState } from './peer';
import { SelfVideo } from './self-video';
import { useCallPeer } from './use-call-peer';
import type { CallSocket } from './visitor-socket';

/** Whether the browser refused to play sound before the visitor touched the page again. */
async function playBlocked(video: HTMLVideoElement): Promise<boolean> {
  try {
    await video.play();
    return false;
  } catch (error) {
    return (error as { name?: unknown } | null)?.name === 'NotAllowedError';
  }
}

/** The member's camera, large, and their voice: the element plays both. */
function MemberVideo({ stream, label }: { stream: MediaStream | null; label: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) {
      return;
    }
    element.srcObject = stream;
    if (!stream) {
      return;
    }
    let current = true;
    void playBlocked(element).then((refused) => {
      if (current) {
        setBlocked(refused);
      }
    });
    return () => {
      current = false;
    };
  }, [stream]);

  const showsVideo = (stream?.getVideoTracks().length ?? 0) > 0;
  return (
    <div className="flex w-full flex-col items-center gap-2">
      <div className="relative mx-auto aspect-video max-h-[55vh] w-full max-w-[calc(55vh*16/9)] overflow-hidden rounded-lg bg-black">
        {/* biome-ignore lint/a11y/useMediaCaption: a live call; there is no caption track to give */}
        <video ref={video} autoPlay playsInline aria-label={label} className="size-full object-cover" />
        {showsVideo ? null : (
          <div className="absolute inset-0 grid place-items-center bg-muted text-muted-foreground">
            <User aria-hidden="true" className="size-12" />
          </div>
        )}
      </div>
      {blocked ? (
        <Button
          icon={<Volume2 aria-hidden="true" />}
          onClick={() => {
            const element = video.current;
            if (element) {
              void playBlocked(element).then(setBlocked);
            }
          }}
        >
          {t('widget.call.tapToHear')}
        </Button>
      ) : null}
    </div>
  );
}

/** The visitor's own camera, small and mirrored (as people expect to see themselves), never heard. */
function OwnVideo({ stream, cameraOn, label }: { stream: MediaStream; cameraOn: boolean; label: string }) {
  return (
    <div className="relative aspect-video w-28 shrink-0 self-end overflow-hidden rounded-md bg-black">
      <SelfVideo stream={stream} label={label} className="size-full" />
      {cameraOn ? null : (
        <div className="absolute inset-0 grid place-items-center bg-muted text-muted-foreground">
          <VideoOff aria-hidden="true" className="size-6" />
        </div>
      )}
    </div>
  );
}

const QUALITY = {
  good: { Icon: SignalHigh, key: 'widget.call.qualityGood' },
  fair: { Icon: SignalMedium, key: 'widget.call.qualityFair' },
  poor: { Icon: SignalLow, key: 'widget.call.qualityPoor' },
} as const;

/** How the call's media connection is doing, in words (and an icon beside them). */
function ConnectionQuality({ state }: { state: PeerState }) {
  const { t } = useTranslation();
  let icon: ReactNode;
  let text: string;
  if (state.link === 'connected') {
    const quality = state.quality ?? 'good';
    const { Icon, key } = QUALITY[quality];
    icon = <Icon aria-hidden="true" className={quality === 'poor' ? 'size-4 text-destructive' : 'size-4'} />;
    text = t(key);
  } else if (state.link === 'unsupported') {
    icon = <WifiOff aria-hidden="true" className="size-4" />;
    text = t('widget.call.unsupported');
  } else {
    icon = <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />;
    text = t(state.link === 'connecting' ? 'widget.call.mediaConnecting' : 'widget.call.mediaReconnecting');
  }
  return (
    <p role="status" className="flex items-center justify-center gap-1.5 text-muted-foreground text-sm">
      {icon}
      <span>{text}</span>
    </p>
  );
}

/** What the member does not get of the visitor, when their devices did not all open. */
function mediaNoticeKey(state: PeerState, hasCamera: boolean, choice: MediaChoice): string | null {
  if (!state.mediaReady || state.link === 'unsupported') {
    return null;
  }
  if (!state.local) {
    return 'widget.call.receiveOnly';
  }
  return hasCamera || choice.audioOnly ? null : 'widget.call.cameraUnavailable';
}

interface ConnectedCallProps {
  callId: string;
  token: string;
  memberName: string | null;
  socket: CallSocket | null;
  /** The devices the visitor chose on the call form. */
  choice: MediaChoice;
  /** The screen's Hang up button. */
  hangUp: ReactNode;
}

/**
 * The call once a member answered: their video large, the visitor's own small under it, how the
 * connection is doing, and the visitor's controls (microphone, camera, hang up). The connection
 * lives as long as this screen.
 */
export function ConnectedCall({ callId, token, memberName, socket, choice, hangUp }: ConnectedCallProps) {
  const { t } = useTranslation();
  const { state, microphoneOn, cameraOn, toggleMicrophone, toggleCamera } = useCallPeer({
    callId,
    token,
    socket,
    choice,
  });
  const hasMicrophone = (state.local?.getAudioTracks().length ?? 0) > 0;
  const hasCamera = (state.local?.getVideoTracks().length ?? 0) > 0;
  const mediaNotice = mediaNoticeKey(state, hasCamera, choice);

  return (
    <>
      <div className="flex w-full flex-col gap-2">
        <MemberVideo
          stream={state.remote}
          label={memberName ? t('widget.call.memberVideo', { memberName }) : t('widget.call.teamVideo')}
        />
        {state.local && hasCamera ? (
          <OwnVideo stream={state.local} cameraOn={cameraOn} label={t('widget.call.ownVideo')} />
        ) : null}
      </div>
      <ConnectionQuality state={state} />
      {mediaNotice ? <p className="text-muted-foreground text-sm">{t(mediaNotice)}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        {/* Toggles keep their name; aria-pressed says the state (a name that changed too would read "Unmute, pressed"). */}
        {hasMicrophone ? (
          <Button
            variant={microphoneOn ? 'outline' : 'secondary'}
            aria-pressed={!microphoneOn}
            icon={microphoneOn ? <Mic aria-hidden="true" /> : <MicOff aria-hidden="true" />}
            onClick={toggleMicrophone}
          >
            {t('widget.call.mute')}
          </Button>
        ) : null}
        {hasCamera ? (
          <Button
            variant={cameraOn ? 'outline' : 'secondary'}
            aria-pressed={!cameraOn}
            icon={cameraOn ? <Video aria-hidden="true" /> : <VideoOff aria-hidden="true" />}
            onClick={toggleCamera}
          >
            {t('widget.call.cameraOff')}
          </Button>
        ) : null}
        {hangUp}
      </div>
    </>
  );
}
