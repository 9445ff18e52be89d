import type { Call, CaptionCue } from '@parley/api';
import { formatDuration, Trans, useTranslation } from '@parley/i18n';
import { createDataTableColumnHelper, DataTable } from '@parley/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { Empty } from '@parley/ui/empty';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCallName } from './call-actions';
import { callCaptionsQueryOptions } from './call-queries';

const helper = createDataTableColumnHelper<CaptionCue>();

interface CaptionsModalProps {
  /** The call whose captions are shown. */
  call: Call;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2.4 "Captions": the call's timed cues — when (from the start of the recording), who, and what. */
function CaptionsModal({ call, onOpenChange }: CaptionsModalProps) {
  const { t, i18n } = useTranslation();
  const callName = useCallName()(call);
  const captions = useQuery(callCaptionsQueryOptions(call.id));
  const language = i18n.language;

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('start', {
          header: t('web.calls.captions.time'),
          cell: ({ row }) => (
            <time dateTime={`PT${Math.floor(row.original.start)}S`} className="tabular-nums">
              {formatDuration(row.original.start, language)}
            </time>
          ),
          meta: { headerClassName: 'w-20' },
        }),
        // What people said, and their names, each isolated: a Latin line keeps its punctuation in Arabic.
        helper.accessor('speaker', {
          header: t('web.calls.captions.speaker'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
        helper.accessor('text', {
          header: t('web.calls.captions.text'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
          meta: { cellClassName: 'min-w-48 whitespace-normal' },
        }),
      ]),
    [t, language],
  );

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('web.calls.captions.title')}</DialogTitle>
          <DialogDescription>
            <Trans i18nKey="web.calls.subtitle" isolate={{ call: callName, name: call.callerName }} />
          </DialogDescription>
        </DialogHeader>
        <DataTable
          label={t('web.calls.captions.title')}
          columns={columns}
          data={captions.data?.list ?? []}
          getRowId={(cue, index) => `${index}-${cue.start}`}
          loading={captions.isPending}
          error={captions.isError ? t('web.calls.captions.loadFailed') : undefined}
          onRetry={() => void captions.refetch()}
          empty={<Empty size="sm" description={t('web.calls.captions.empty')} />}
          enableSorting={false}
          enablePagination={false}
          maxHeight="60vh"
          stickyHeader
        />
      </DialogContent>
    </Dialog>
  );
}

export { CaptionsModal, type CaptionsModalProps };
