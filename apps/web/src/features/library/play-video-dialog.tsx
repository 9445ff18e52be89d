import type { Video } from '@parley/api';
import { Trans, useTranslation } from '@parley/i18n';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { VideoPlayer } from '@parley/ui/video-player';
import { VideoDate } from '../../components/video-display';
import { resolveApiUrl } from '../../lib/api-url';

interface PlayVideoDialogProps {
  video: Video | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Starts the video as soon as its element is there: Play was the person's own click, so the
 * browser lets it play with sound. A refusal (a browser that still says no) leaves the player's
 * own Play button, as before.
 */
function playAtOnce(element: HTMLVideoElement | null) {
  if (!element) {
    return;
  }
  try {
    Promise.resolve(element.play()).catch(() => undefined);
  } catch {
    // A browser without media playback: the player shows its controls as they are.
  }
}

/** Plays a library video in a dialog, with Parley's accessible player; it starts at once. */
function PlayVideoDialog({ video, onOpenChange }: PlayVideoDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={video !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {video ? (
          <>
            <DialogHeader>
              <DialogTitle>
                <bdi>{video.title}</bdi>
              </DialogTitle>
              <DialogDescription>
                <Trans i18nKey="web.library.byOwner" isolate={{ name: video.owner.name }} /> ·{' '}
                <VideoDate value={video.createdAt} />
              </DialogDescription>
            </DialogHeader>
            {video.playbackUrl ? (
              <VideoPlayer
                src={resolveApiUrl(video.playbackUrl)}
                type={video.contentType}
                {...(video.posterUrl ? { poster: resolveApiUrl(video.posterUrl) } : {})}
                aria-label={t('web.library.playerLabel', { title: video.title })}
                videoRef={playAtOnce}
              />
            ) : (
              <p className="text-muted-foreground text-sm">{t('web.library.notPlayable')}</p>
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export { PlayVideoDialog };
