import type { LiveCall } from '@parley/api';
import { type CallRecording, type CallRecordingTransport, recordCall } from '@parley/api/call-recorder';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { createMemberPeer, type MemberPeer, type PeerState, type Quality, qualityOf } from './member-peer';
import { readSignals, sendSignal } from './signal-inbox';

/** The member's routes for their side of the call's recording. */
function memberRecording(callId: string): CallRecordingTransport {
  return {
    open: async (contentType) => (await api.liveCalls.openMedia(callId, { contentType })).data,
    parts: async (mediaId, partNumbers) =>
      (await api.liveCalls.mediaParts(callId, mediaId, { partNumbers })).data.parts,
    complete: (mediaId) => api.liveCalls.completeMedia(callId, mediaId),
  };
}

/** How often the connection's quality is read. */
const STATS_EVERY_MS = 2000;

/** The member's camera and microphone; the microphone alone when there is no camera; none at all otherwise. */
async function openDevices(): Promise<MediaStream | undefined> {
  for (const constraints of [{ audio: true, video: true }, { audio: true }]) {
    try {
      return await navigator.mediaDevices.getUserMedia(constraints);
    } catch {
      // Try with less.
    }
  }
  return undefined;
}

function StreamVideo({
  stream,
  muted,
  label,
  className,
}: {
  stream: MediaStream | undefined;
  muted?: boolean;
  label: string;
  className: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== (stream ?? null)) {
      ref.current.srcObject = stream ?? null;
    }
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} className={className} />;
}

/**
 * The call's sound and pictures for the member who took it (issue 16): the visitor's video large,
 * their own small, mute and camera, and how the connection is. WebRTC with the visitor, who offers;
 * the signals ride the tab's socket.
 */
export function CallMedia({ call }: { call: LiveCall }) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<MediaStream>();
  const [remote, setRemote] = useState<MediaStream>();
  const [state, setState] = useState<PeerState | 'unsupported'>('connecting');
  const [quality, setQuality] = useState<Quality>();
  const [noDevices, setNoDevices] = useState(false);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const peer = useRef<MemberPeer | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    let stopReading: (() => void) | undefined;
    let recording: CallRecording | undefined;
    void (async () => {
      const [servers, stream] = await Promise.all([
        api.liveCalls.iceServers().then(
          ({ data }) => data.iceServers,
          () => [],
        ),
        openDevices(),
      ]);
      if (cancelled) {
        for (const track of stream?.getTracks() ?? []) {
          track.stop();
        }
        return;
      }
      setLocal(stream);
      setNoDevices(!stream);
      // The member's own side, sent while the call runs, for the call's recording.
      recording = stream ? recordCall(stream, memberRecording(call.id)) : undefined;
      if (!globalThis.RTCPeerConnection) {
        // A browser without WebRTC (or a test's jsdom): the call goes on, without sound or pictures here.
        setState('unsupported');
        return;
      }
      const created = createMemberPeer({
        iceServers: servers,
        localStream: stream,
        send: (signal) => sendSignal(call.id, signal),
        onRemoteStream: setRemote,
        onState: setState,
      });
      peer.current = created;
      stopReading = readSignals(call.id, (signal) => {
        created.receive(signal).catch((error: unknown) => console.warn('A call signal could not be used:', error));
      });
      // Ready for the visitor's offer. After a reload mid-call the visitor's connection is to the
      // tab that went: this tells them to start a new one (before any answer, they ignore it).
      sendSignal(call.id, { kind: 'hello' });
    })();
    return () => {
      cancelled = true;
      stopReading?.();
      // Before the tracks stop, so that its last part holds the call's last words.
      void recording?.stop();
      peer.current?.close();
      peer.current = undefined;
    };
  }, [call.id]);

  useEffect(() => {
    const timer = setInterval(() => {
      void peer.current?.stats().then((report) => {
        if (report) {
          setQuality(qualityOf(report));
        }
      });
    }, STATS_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  const toggle = (kind: 'audio' | 'video', off: boolean) => {
    for (const track of local?.getTracks() ?? []) {
      if (track.kind === kind) {
        track.enabled = !off;
      }
    }
  };
  const name = call.callerName.trim() || t('ui.callCard.visitor');
  const status =
    state === 'connected' && quality
      ? t(`web.liveCalls.media.quality.${quality}`)
      : state === 'connected'
        ? t('web.liveCalls.media.connected')
        : t(`web.liveCalls.media.${state}`);
  const hasAudio = local?.getAudioTracks().length ?? 0;
  const hasVideo = local?.getVideoTracks().length ?? 0;

  return (
    <div className="grid gap-2">
      <div className="relative overflow-hidden rounded-md bg-black">
        <StreamVideo
          stream={remote}
          label={t('web.liveCalls.media.remote', { name })}
          className="aspect-video w-full object-contain"
        />
        {hasVideo ? (
          <StreamVideo
            stream={local}
            muted
            label={t('web.liveCalls.media.local')}
            className="absolute end-2 bottom-2 aspect-video w-1/3 rounded border border-white/40 object-cover -scale-x-100"
          />
        ) : null}
      </div>
      <p role="status" className="text-muted-foreground text-xs">
        {status}
      </p>
      {noDevices ? <p className="text-muted-foreground text-xs">{t('web.liveCalls.media.noDevices')}</p> : null}
      {/* Toggles keep their name; aria-pressed says the state (a name that changed too would read "Unmute, pressed"). */}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-pressed={muted}
          disabled={!hasAudio}
          onClick={() => {
            toggle('audio', !muted);
            setMuted(!muted);
          }}
        >
          {muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
          {t('web.liveCalls.media.mute')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-pressed={cameraOff}
          disabled={!hasVideo}
          onClick={() => {
            toggle('video', !cameraOff);
            setCameraOff(!cameraOff);
          }}
        >
          {cameraOff ? <VideoOff aria-hidden /> : <Video aria-hidden />}
          {t('web.liveCalls.media.cameraOff')}
        </Button>
      </div>
    </div>
  );
}
