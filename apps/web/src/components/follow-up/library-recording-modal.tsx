import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type Video } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { createDataTableColumnHelper, DataTable } from '@parley/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { Empty } from '@parley/ui/empty';
import { Input } from '@parley/ui/input';
import { useQuery } from '@tanstack/react-query';
import { Video as VideoIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { videoListQueryOptions } from '../../lib/video-queries';
import { VideoThumbnail } from '../video-display';

interface LibraryRecordingModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The call the follow-up is for: "Record new" records for it. */
  callId?: string | null;
  /** Called with the recording chosen; the caller goes on (the Recipient details modal). */
  onChoose: (video: Video) => void;
}

const helper = createDataTableColumnHelper<Video>();

/**
 * SPEC §2.4 "Library recording": the team's ready library videos in a table with the columns
 * Recording (poster and duration) and Title, searchable by title and paged; choose one, or
 * record a new one for the call.
 */
function LibraryRecordingModal({ open, onOpenChange, callId, onChoose }: LibraryRecordingModalProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const title = useDebouncedValue(search.trim(), 300);
  const [pagination, setPagination] = useState({ pageIndex: FIRST_PAGE - 1, pageSize: DEFAULT_PAGE_SIZE });
  const query = useQuery({
    ...videoListQueryOptions({
      current: pagination.pageIndex + 1,
      pageSize: pagination.pageSize,
      kind: 'library',
      status: ['ready'],
      ...(title ? { title } : {}),
    }),
    enabled: open,
  });

  // A new search starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search changes
  useEffect(() => {
    setPagination((previous) => (previous.pageIndex === 0 ? previous : { ...previous, pageIndex: 0 }));
  }, [title]);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'recording',
          header: t('web.followup.library.recording'),
          cell: ({ row }) => <VideoThumbnail video={row.original} className="w-28" />,
          meta: { headerClassName: 'w-32' },
        }),
        helper.accessor('title', {
          header: t('web.followup.library.title'),
          // A title as its owner typed it, isolated: 'Welcome video (EN)' keeps its brackets in Arabic.
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
      ]),
    [t],
  );

  const recordHref = `/record/followup/${encodeURIComponent(callId || 'new')}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('web.followup.library.heading')}</DialogTitle>
          <DialogDescription>{t('web.followup.library.text')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('web.library.searchPlaceholder')}
            aria-label={t('web.library.search')}
            className="min-w-0 flex-1"
          />
          <Button asChild variant="outline" icon={<VideoIcon aria-hidden />}>
            <Link to={recordHref}>{t('web.library.recordNew')}</Link>
          </Button>
        </div>
        <DataTable
          label={t('web.followup.library.heading')}
          columns={columns}
          data={query.data?.list ?? []}
          getRowId={(video) => video.id}
          loading={query.isPending}
          error={query.isError ? t('web.library.loadFailed') : undefined}
          onRetry={() => void query.refetch()}
          empty={<Empty description={title ? t('web.library.noMatch') : t('web.followup.library.empty')} />}
          enablePagination
          enableSorting={false}
          pagination={pagination}
          onPaginationChange={setPagination}
          rowCount={query.data?.total ?? 0}
          rowActions={(video) => (
            <Button
              size="sm"
              onClick={() => onChoose(video)}
              aria-label={t('web.followup.library.chooseNamed', { title: video.title })}
            >
              {t('web.followup.library.choose')}
            </Button>
          )}
          maxHeight="50vh"
          stickyHeader
        />
      </DialogContent>
    </Dialog>
  );
}

export { LibraryRecordingModal, type LibraryRecordingModalProps };
