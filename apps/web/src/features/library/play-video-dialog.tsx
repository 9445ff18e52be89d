import type { Video } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { VideoPlayer } from '@parley/ui/video-player';
import { VideoDate } from '../../components/video-display';
import { resolveApiUrl } from '../../lib/api-url';

interface PlayVideoDialogProps {
  video: Video | null;
  onOpenChange: (open: boolean) => void;
}

/** Plays a library video in a dialog, with Parley's accessible player. */
function PlayVideoDialog({ video, onOpenChange }: PlayVideoDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={video !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {video ? (
          <>
            <DialogHeader>
              <DialogTitle>{video.title}</DialogTitle>
              <DialogDescription>
                {t('web.library.byOwner', { name: video.owner.name })} · <VideoDate value={video.createdAt} />
              </DialogDescription>
            </DialogHeader>
            {video.playbackUrl ? (
              <VideoPlayer
                src={resolveApiUrl(video.playbackUrl)}
                type={video.contentType}
                {...(video.posterUrl ? { poster: resolveApiUrl(video.posterUrl) } : {})}
                aria-label={t('web.library.playerLabel', { title: video.title })}
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
