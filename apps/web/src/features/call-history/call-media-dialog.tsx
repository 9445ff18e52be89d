import type { Call } from '@parley/api';
import { Trans, useTranslation } from '@parley/i18n';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { Spinner } from '@parley/ui/spinner';
import { type VideoCaptionTrack, VideoPlayer } from '@parley/ui/video-player';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { resolveApiUrl } from '../../lib/api-url';
import { useCallName } from './call-actions';
import { CallTime } from './call-columns';
import { callCaptionsVttQueryOptions } from './call-queries';

/** What the player shows: the video message a visitor left, or the call's generated recording. */
export type CallMediaKind = 'message' | 'recording';

/** The captions as a Blob URL for the player's `<track>` (the API's address needs the bearer token). */
function useCaptionsTrackUrl(vtt: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (vtt === undefined || typeof URL.createObjectURL !== 'function') {
      return;
    }
    const created = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [vtt]);
  return url;
}

interface CallMediaDialogProps {
  call: Call;
  kind: CallMediaKind;
  onOpenChange: (open: boolean) => void;
}

/**
 * Plays a call's video in a dialog with Parley's accessible player: the visitor's video message,
 * or the generated recording with its captions track (shown at once).
 */
function CallMediaDialog({ call, kind, onOpenChange }: CallMediaDialogProps) {
  const { t } = useTranslation();
  const callName = useCallName()(call);
  const withCaptions = kind === 'recording' && call.hasCaptions;
  const vtt = useQuery({ ...callCaptionsVttQueryOptions(call.id), enabled: withCaptions });
  const trackUrl = useCaptionsTrackUrl(withCaptions ? vtt.data : undefined);
  const address = kind === 'message' ? call.message?.playbackUrl : call.recordingUrl;
  const poster = kind === 'message' ? call.message?.posterUrl : null;
  // A visitor who left no name is "Visitor", as on the live call card.
  const callerName = call.callerName.trim() || t('ui.callCard.visitor');
  const title =
    kind === 'message'
      ? t('web.calls.messageTitle', { name: callerName })
      : t('web.calls.recordingTitle', { call: callName });
  const captions: VideoCaptionTrack[] = trackUrl
    ? [{ src: trackUrl, srcLang: 'und', label: t('web.calls.captions.title'), default: true }]
    : [];
  // The track is in place before the video starts, so the captions show from the first cue.
  const waitingForCaptions = withCaptions && vtt.isPending;

  let body: React.ReactNode;
  if (!address) {
    body = <p className="text-muted-foreground text-sm">{t('web.library.notPlayable')}</p>;
  } else if (waitingForCaptions) {
    body = (
      <div className="flex aspect-video items-center justify-center rounded-lg border bg-muted">
        <Spinner label={t('ui.loading')} />
      </div>
    );
  } else {
    body = (
      <>
        <VideoPlayer
          key={trackUrl ?? 'no-captions'}
          src={resolveApiUrl(address)}
          {...(poster ? { poster: resolveApiUrl(poster) } : {})}
          captions={captions}
          aria-label={title}
        />
        {withCaptions && vtt.isError ? (
          <p className="text-muted-foreground text-sm">{t('web.calls.captions.loadFailed')}</p>
        ) : null}
      </>
    );
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            {/* The caller's name as they typed it, isolated: its brackets and full stops stay in place. */}
            {kind === 'message' ? <Trans i18nKey="web.calls.messageTitle" isolate={{ name: callerName }} /> : title}
          </DialogTitle>
          <DialogDescription>
            <bdi>{call.callerName}</bdi> · <CallTime value={call.incomingAt} />
          </DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}

export { CallMediaDialog, type CallMediaDialogProps };
