import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type Video } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { ConfirmDialog } from '@parley/ui/confirm-dialog';
import { createDataTableColumnHelper, DataTable } from '@parley/ui/data-table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@parley/ui/dropdown-menu';
import { Empty } from '@parley/ui/empty';
import { Input } from '@parley/ui/input';
import { PageHeader } from '@parley/ui/page-header';
import { Skeleton } from '@parley/ui/skeleton';
import { type ViewMode, ViewToggle } from '@parley/ui/view-toggle';
import { useQuery } from '@tanstack/react-query';
import { Ellipsis, Pencil, Play, Send, Trash2, Video as VideoIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RecipientDetailsModal } from '../../components/follow-up/recipient-details-modal';
import { ListPagination } from '../../components/list-pagination';
import { RetryAlert } from '../../components/retry-alert';
import { VideoDate, VideoDuration, VideoStatus, VideoThumbnail } from '../../components/video-display';
import { currentUserQueryOptions } from '../../lib/current-user';
import { offeredPageSize } from '../../lib/page-size';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useLiveVideos, useRemoveVideo, videoListQueryOptions } from '../../lib/video-queries';
import { PlayVideoDialog } from './play-video-dialog';
import { RenameVideoDialog } from './rename-video-dialog';

/** Where the library remembers grid or list. */
export const LIBRARY_VIEW_STORAGE_KEY = 'videoLibraryView';

function storedView(): ViewMode {
  return localStorage.getItem(LIBRARY_VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid';
}

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
}

interface VideoActions {
  play: (video: Video) => void;
  send: (video: Video) => void;
  rename: (video: Video) => void;
  remove: (video: Video) => void;
  /** Whether this member may rename and delete the video: their own, or any for an admin. */
  canChange: (video: Video) => boolean;
}

/**
 * The actions of one video: Play and Send once it is ready; Rename and Delete on the member's own
 * videos, and on every one for an admin (the server answers anyone else 403).
 */
function VideoActionsMenu({ video, actions }: { video: Video; actions: VideoActions }) {
  const { t } = useTranslation();
  const ready = video.status === 'ready';
  const changeable = actions.canChange(video);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('web.library.actionsFor', { title: video.title })}>
          <Ellipsis aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem disabled={!ready} onSelect={() => actions.play(video)}>
          <Play aria-hidden />
          {t('web.library.play')}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!ready} onSelect={() => actions.send(video)}>
          <Send aria-hidden />
          {t('web.library.send')}
        </DropdownMenuItem>
        {changeable ? (
          <>
            <DropdownMenuItem onSelect={() => actions.rename(video)}>
              <Pencil aria-hidden />
              {t('web.library.rename')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => actions.remove(video)}>
              <Trash2 aria-hidden />
              {t('ui.action.delete')}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function VideoCard({ video, actions }: { video: Video; actions: VideoActions }) {
  const { t } = useTranslation();
  const ready = video.status === 'ready';
  return (
    <li
      data-testid="library-card"
      className="flex flex-col overflow-hidden rounded-lg border bg-card text-card-foreground"
    >
      {ready ? (
        <button
          type="button"
          onClick={() => actions.play(video)}
          aria-label={t('web.library.playNamed', { title: video.title })}
          className="group relative block outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <VideoThumbnail video={video} className="rounded-none" showDuration={false} />
          <span className="absolute inset-0 flex items-center justify-center opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
            <span className="rounded-full bg-black/60 p-3 text-white">
              <Play aria-hidden className="size-5" />
            </span>
          </span>
        </button>
      ) : (
        <VideoThumbnail video={video} className="rounded-none" showDuration={false} />
      )}
      <div className="flex flex-1 flex-col gap-1 p-3">
        <div className="flex items-start gap-2">
          {/* People's own words (titles, names) sit in <bdi>: 'Welcome video (EN)' keeps its brackets in Arabic. */}
          <h2 className="min-w-0 flex-1 truncate font-medium text-sm" title={video.title}>
            <bdi>{video.title}</bdi>
          </h2>
          <VideoActionsMenu video={video} actions={actions} />
        </div>
        <p className="text-muted-foreground text-xs">
          <bdi>{video.owner.name}</bdi> · <VideoDate value={video.createdAt} />
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-1 text-xs">
          <VideoStatus video={video} {...(ready ? { onPlay: () => actions.play(video) } : {})} />
          <span className="text-muted-foreground tabular-nums">
            <VideoDuration seconds={video.durationSeconds} />
          </span>
        </div>
      </div>
    </li>
  );
}

function GridSkeleton({ count }: { count: number }) {
  return (
    <ul aria-hidden className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-4">
      {Array.from({ length: count }, (_, index) => `skeleton-${index}`).map((key) => (
        <li key={key} className="flex flex-col gap-2 rounded-lg border p-0">
          <Skeleton className="aspect-video h-auto rounded-none rounded-t-lg" />
          <div className="grid gap-2 p-3">
            <Skeleton className="w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What the delete confirmation names: the video, and when it was sent, that its recipients' links will stop. */
function DeleteVideoDescription({ video }: { video: Video }) {
  const { t } = useTranslation();
  const sent = video.messageCount ?? 0;
  return (
    <span className="grid gap-2">
      <bdi>{video.title}</bdi>
      {sent > 0 ? <span>{t('web.library.deleteSentWarning', { count: sent })}</span> : null}
    </span>
  );
}

const helper = createDataTableColumnHelper<Video>();

/**
 * `/video-library` (menu label Library): the team's library videos as a grid or a list — poster,
 * title, duration, date, owner and status — with play, send, rename and delete; search by title
 * and paging live in the address; statuses change live from the realtime socket.
 */
function LibraryScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const current = positiveInt(searchParams.get('current'), FIRST_PAGE);
  const pageSize = offeredPageSize(searchParams.get('pageSize'));
  const title = searchParams.get('title') ?? '';
  const [search, setSearch] = useState(title);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  // The address says grid or list (a shared link opens as it was seen); without it, the last choice.
  const viewParam = searchParams.get('view');
  const view: ViewMode = viewParam === 'list' || viewParam === 'grid' ? viewParam : storedView();
  const [playing, setPlaying] = useState<Video | null>(null);
  const [renaming, setRenaming] = useState<Video | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const [sending, setSending] = useState<Video | null>(null);
  useLiveVideos();

  const query = useQuery(videoListQueryOptions({ current, pageSize, kind: 'library', ...(title ? { title } : {}) }));

  function updateParams(changes: Record<string, string | number | null>) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          const isDefault =
            (key === 'current' && value === FIRST_PAGE) || (key === 'pageSize' && value === DEFAULT_PAGE_SIZE);
          if (value === null || value === '' || isDefault) {
            next.delete(key);
          } else {
            next.set(key, String(value));
          }
        }
        return next;
      },
      { replace: true },
    );
  }

  // Typing pauses: the search goes into the address, from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search writes the address
  useEffect(() => {
    if (debouncedSearch !== title) {
      updateParams({ title: debouncedSearch || null, current: null });
    }
  }, [debouncedSearch]);

  // A page past the end (after a delete, or an old link) goes back to the last page.
  const total = query.data?.total ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the answer only
  useEffect(() => {
    if (query.data && query.data.list.length === 0 && total > 0 && current > 1) {
      updateParams({ current: Math.max(1, Math.ceil(total / pageSize)) });
    }
  }, [query.data]);

  const remove = useRemoveVideo();

  const session = useSession();
  // A user's own videos are theirs to change: their id, from the shell's cache (an admin needs none).
  const me = useQuery({
    ...currentUserQueryOptions(session.token),
    enabled: session.role === 'user' && session.token !== null,
  }).data?.userid;
  const actions: VideoActions = {
    play: setPlaying,
    send: setSending,
    rename: setRenaming,
    remove: setDeleting,
    canChange: (video) => session.role === 'admin' || video.owner.id === me,
  };

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'poster',
          header: t('web.library.column.recording'),
          cell: ({ row }) => <VideoThumbnail video={row.original} className="w-24" showDuration={false} />,
          meta: { headerClassName: 'w-28' },
        }),
        helper.accessor('title', {
          header: t('web.library.column.title'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
        helper.accessor('durationSeconds', {
          header: t('web.library.column.duration'),
          cell: ({ getValue }) => <VideoDuration seconds={getValue()} />,
          meta: { align: 'end' },
        }),
        helper.accessor('createdAt', {
          header: t('web.library.column.date'),
          cell: ({ getValue }) => <VideoDate value={getValue()} />,
        }),
        helper.accessor((video) => video.owner.name, {
          id: 'owner',
          header: t('web.library.column.owner'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
        helper.display({
          id: 'status',
          header: t('web.library.column.status'),
          cell: ({ row }) => (
            <VideoStatus
              video={row.original}
              {...(row.original.status === 'ready' ? { onPlay: () => setPlaying(row.original) } : {})}
            />
          ),
        }),
      ]),
    [t],
  );

  // A video whose delete waits for its Undo time is already gone from the list.
  const list = (query.data?.list ?? []).filter((video) => !remove.hidden.has(video.id));
  const emptyState = (
    <Empty
      image={<VideoIcon aria-hidden className="size-12 text-muted-foreground" />}
      description={title ? t('web.library.noMatch') : t('web.library.empty')}
    >
      {title ? null : (
        <Button asChild>
          <Link to="/record/library/new">{t('web.library.recordNew')}</Link>
        </Button>
      )}
    </Empty>
  );

  let body: React.ReactNode;
  if (view === 'list') {
    body = (
      <DataTable
        label={t('web.menu.library')}
        columns={columns}
        data={list}
        getRowId={(video) => video.id}
        loading={query.isPending}
        error={query.isError ? t('web.library.loadFailed') : undefined}
        onRetry={() => void query.refetch()}
        empty={emptyState}
        // The server pages (the Pagination below, shared with the grid) and sorts: newest first.
        enablePagination={false}
        enableSorting={false}
        rowActions={(video) => <VideoActionsMenu video={video} actions={actions} />}
      />
    );
  } else if (query.isPending) {
    body = <GridSkeleton count={Math.min(pageSize, 8)} />;
  } else if (query.isError) {
    body = <RetryAlert title={t('web.library.loadFailed')} onRetry={() => void query.refetch()} />;
  } else if (list.length === 0) {
    body = emptyState;
  } else {
    body = (
      <ul aria-label={t('web.menu.library')} className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-4">
        {list.map((video) => (
          <VideoCard key={video.id} video={video} actions={actions} />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-4 pb-6">
      <PageHeader
        title={t('web.menu.library')}
        titleLevel={1}
        extra={
          <Button asChild icon={<VideoIcon aria-hidden />}>
            <Link to="/record/library/new">{t('web.library.recordNew')}</Link>
          </Button>
        }
      />
      <div className="grid gap-4 px-4">
        <div className="flex flex-wrap items-center gap-2">
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('web.library.searchPlaceholder')}
            aria-label={t('web.library.search')}
            className="max-w-xs"
          />
          <ViewToggle
            className="ms-auto"
            value={view}
            onValueChange={(next) => {
              localStorage.setItem(LIBRARY_VIEW_STORAGE_KEY, next);
              updateParams({ view: next });
            }}
          />
        </div>
        <div aria-busy={query.isFetching || undefined}>{body}</div>
        {total > 0 ? (
          <ListPagination
            total={total}
            current={current}
            pageSize={pageSize}
            onChange={(page, size) => updateParams({ current: page, pageSize: size })}
          />
        ) : null}
      </div>

      <PlayVideoDialog video={playing} onOpenChange={(open) => (open ? undefined : setPlaying(null))} />
      <RenameVideoDialog video={renaming} onOpenChange={(open) => (open ? undefined : setRenaming(null))} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        description={deleting ? <DeleteVideoDescription video={deleting} /> : undefined}
        okText={t('ui.action.delete')}
        variant="destructive"
        onConfirm={() => {
          if (!deleting) {
            return;
          }
          // The video goes at once; the DELETE waits UNDO_SECONDS for an Undo, and a refusal brings it back.
          remove.remove(deleting.id, t('web.library.deleted'));
        }}
      />
      {sending ? (
        <RecipientDetailsModal
          open
          onOpenChange={(open) => (open ? undefined : setSending(null))}
          videoId={sending.id}
          videoTitle={sending.title}
        />
      ) : null}
    </div>
  );
}

export { LibraryScreen };
