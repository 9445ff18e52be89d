import { isApiError } from '@parley/api';
import { Trans, useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Result } from '@parley/ui/result';
import { Skeleton } from '@parley/ui/skeleton';
import { VideoPlayer } from '@parley/ui/video-player';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { RetryAlert } from '../../components/retry-alert';
import { ThemeToggle } from '../../components/theme-toggle';
import { api } from '../../lib/api';
import { resolveApiUrl } from '../../lib/api-url';

/** While the video is still being prepared, look again this often. */
const PREPARING_REFRESH_MS = 5000;

function isGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 410);
}

/**
 * `/v/:token`, the public watch page of a video message: the title, who sent it and their
 * message, and the video with its poster. No sign-in; an unknown or revoked link says so.
 */
function WatchScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: ['watch', token],
    queryFn: async () => (await api.videoMessages.watch(token)).data,
    // Each fetch counts a view: fetch once, and again only while the video is not playable yet.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (failures, error) => !isGone(error) && failures < 2,
    refetchInterval: (current) =>
      current.state.data && !current.state.data.playbackUrl ? PREPARING_REFRESH_MS : false,
  });
  const watch = query.data;

  let content: React.ReactNode;
  if (query.isPending) {
    content = (
      <div className="grid gap-4" role="status" aria-label={t('web.app.loading')}>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="aspect-video h-auto w-full" />
      </div>
    );
  } else if (query.isError && isGone(query.error)) {
    content = (
      <Result
        status="404"
        headingLevel={1}
        title={t('web.watch.notFound.title')}
        subTitle={t('web.watch.notFound.text')}
        extra={
          <Button asChild>
            <Link to="/">{t('ui.result.backHome')}</Link>
          </Button>
        }
      />
    );
  } else if (query.isError || !watch) {
    content = <RetryAlert title={t('web.watch.failed')} onRetry={() => void query.refetch()} />;
  } else {
    content = (
      <article className="grid gap-4">
        <header className="grid gap-1">
          {/* The sender's own words (title, name, message) are isolated: their brackets stay in place in Arabic. */}
          <h1 className="font-semibold text-2xl">
            <bdi>{watch.title}</bdi>
          </h1>
          <p className="text-muted-foreground text-sm">
            <Trans i18nKey="web.watch.sentBy" isolate={{ name: watch.senderName }} />
          </p>
        </header>
        {watch.playbackUrl ? (
          <VideoPlayer
            src={resolveApiUrl(watch.playbackUrl)}
            {...(watch.posterUrl ? { poster: resolveApiUrl(watch.posterUrl) } : {})}
            aria-label={t('web.watch.player', { title: watch.title })}
          />
        ) : (
          <Alert variant="info" title={t('web.watch.preparing')} />
        )}
        {watch.message ? (
          <figure className="grid gap-1 rounded-lg border bg-card p-4">
            <figcaption className="font-medium text-sm">
              <Trans i18nKey="web.watch.messageFrom" isolate={{ name: watch.senderName }} />
            </figcaption>
            <blockquote dir="auto" className="whitespace-pre-wrap text-start text-sm">
              {watch.message}
            </blockquote>
          </figure>
        ) : null}
      </article>
    );
  }

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex h-header items-center gap-3 border-b bg-card px-4">
        <Logo />
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">{content}</main>
    </div>
  );
}

export { WatchScreen };
