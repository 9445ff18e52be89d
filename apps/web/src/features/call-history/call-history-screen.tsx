import { ApiError, CALL_TABS, type Call, type CallTab } from '@parley/api';
import { formatNumber, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { ConfirmDialog } from '@parley/ui/confirm-dialog';
import { DataTable, type RowSelectionState, type SortingState } from '@parley/ui/data-table';
import { Empty } from '@parley/ui/empty';
import { PageHeader } from '@parley/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@parley/ui/tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PhoneMissed, RotateCcw, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListPagination } from '../../components/list-pagination';
import { useColumnPreferences } from '../../lib/column-preferences';
import type { Translate } from '../../lib/contract-messages';
import { useSession } from '../../lib/session';
import { showError } from '../../lib/show-error';
import { memberId } from '../../lib/token';
import { type CallActions, CallActionsContext, useCallName } from './call-actions';
import { useCallColumns } from './call-columns';
import { CallFilterBar } from './call-filter-bar';
import type { CallMediaKind } from './call-media-dialog';
import {
  callListQueryOptions,
  invalidateCallList,
  teamMembersQueryOptions,
  useDeleteCalls,
  useLiveCalls,
} from './call-queries';
import {
  type CallView,
  DEFAULT_CALL_VIEW,
  hasFilters,
  parseCallView,
  serialiseCallView,
  toCallListQuery,
  withFilters,
  withPage,
  withSort,
  withTab,
} from './call-view';

// The dialogs load when first opened: the screen's own chunk stays small.
// The contact form's messages are the contact book's own part of the catalogues: they come with it.
const ContactDialog = lazy(() =>
  Promise.all([
    import('../../components/contact-dialog/contact-dialog'),
    import('@parley/i18n/screen-messages').then(({ loadScreenMessages }) => loadScreenMessages(['contacts'])),
  ]).then(([module]) => ({ default: module.ContactDialog })),
);
const NotesModal = lazy(() => import('./notes-modal').then((module) => ({ default: module.NotesModal })));
const CaptionsModal = lazy(() => import('./captions-modal').then((module) => ({ default: module.CaptionsModal })));
const CallMediaDialog = lazy(() =>
  import('./call-media-dialog').then((module) => ({ default: module.CallMediaDialog })),
);
const FollowUpFlow = lazy(() =>
  import('../../components/follow-up/follow-up-flow').then((module) => ({ default: module.FollowUpFlow })),
);

/** The records the delete confirmation is about: one row's (named by its SR No), or the selected ones. */
interface Deleting {
  ids: string[];
  name?: string;
}

/** An E.164 number, which the phone field takes as it is; other contacts are left for the member to type. */
const E164 = /^\+\d{6,15}$/;

type OpenDialog =
  | { kind: 'notes' | 'captions' | 'followUp' | 'saveContact'; call: Call }
  | { kind: 'media'; media: CallMediaKind; call: Call };

const TAB_KEYS: Record<CallTab, string> = {
  all: 'web.calls.tab.all',
  missed: 'web.calls.tab.missed',
  messages: 'web.calls.tab.messages',
};

/** Which filter each query field of `GET /api/calls` is, to name it in a 400's messages. */
const QUERY_FIELD_LABELS: Record<string, string> = {
  from: 'web.calls.filter.between',
  to: 'web.calls.filter.between',
  receivedBy: 'web.calls.filter.receivedBy',
  answered: 'web.calls.filter.answered',
  messageLeft: 'web.calls.filter.messageLeft',
  callerName: 'web.calls.filter.callerName',
  transcript: 'web.calls.filter.transcript',
  holdMin: 'web.calls.filter.hold',
  holdMax: 'web.calls.filter.hold',
  durationMin: 'web.calls.filter.duration',
  durationMax: 'web.calls.filter.duration',
};

/** The contract's own words for a refused range, shown in the interface language. */
const SERVER_MESSAGES: Record<string, string> = {
  'The end time must not be before the start time.': 'web.calls.filter.datesInverted',
  'The maximum must not be below the minimum.': 'web.calls.filter.rangeInverted',
};

/** The messages of a refused list query (400), each with the filter it is about. */
function filterErrors(error: ApiError, t: Translate): string[] {
  const entries = Object.entries(error.fields);
  if (entries.length === 0) {
    return [error.errorMessage];
  }
  return entries.map(([field, text]) => {
    const known = SERVER_MESSAGES[text];
    const shown = known ? t(known) : text;
    const label = QUERY_FIELD_LABELS[field];
    return label ? t('web.calls.filter.fieldError', { field: t(label), message: shown }) : shown;
  });
}

/**
 * `/call-history` (SPEC §2.4): the team's calls under All calls, Missed calls and Messages, with
 * every filter, sorting by Incoming Time, Hold time and Duration, and paging — all kept in the
 * address, so a view can be bookmarked, shared, and left with Back. Each row plays the visitor's
 * message, generates and plays the recording (with captions), holds notes, follows the caller up,
 * and deletes; several rows delete at once.
 */
function CallHistoryScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const callName = useCallName();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseCallView(searchParams), [searchParams]);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const remove = useDeleteCalls();
  useLiveCalls();

  const listQuery = useMemo(() => toCallListQuery(view), [view]);
  const query = useQuery(callListQueryOptions(listQuery));
  const members = useQuery(teamMembersQueryOptions());
  // Only admins delete calls: a user has neither the Delete column nor the selection for it.
  const session = useSession();
  const canDelete = session.role === 'admin';
  const columns = useCallColumns({ canDelete });
  // Which columns show, and in what order, as this member left them.
  const columnPreferences = useColumnPreferences('callHistory', memberId(session.token));

  /** Each change of view is a new entry in the history, so Back returns to the previous one. */
  const show = (next: CallView) => setSearchParams(serialiseCallView(next));

  // A new tab, filter, order or page size is a new list: what was selected in the old one goes.
  const selectionScope = serialiseCallView({ ...view, current: DEFAULT_CALL_VIEW.current }).toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes, not on page turns
  useEffect(() => {
    setRowSelection({});
  }, [selectionScope]);

  // A page past the end (after a delete, or an old link) goes back to the last page.
  const total = query.data?.total ?? 0;
  // A broad text search says "10,000+": the pager then reaches one page past this one while pages are full.
  const totalCapped = query.data?.totalCapped === true;
  const pagerTotal = totalCapped
    ? Math.max(total, view.current * view.pageSize + (query.data?.list.length === view.pageSize ? 1 : 0))
    : total;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the answer only
  useEffect(() => {
    if (query.data && query.data.list.length === 0 && total > 0 && view.current > 1 && !totalCapped) {
      setSearchParams(serialiseCallView(withPage(view, Math.max(1, Math.ceil(total / view.pageSize)))), {
        replace: true,
      });
    }
  }, [query.data]);

  // A refused filter (400) shows in the table with the field named; other failures as SPEC §8 says.
  const refused = query.error instanceof ApiError && query.error.status === 400 ? query.error : null;
  useEffect(() => {
    if (query.error && !(query.error instanceof ApiError && query.error.status === 400)) {
      showError(query.error, { navigate });
    }
  }, [query.error, navigate]);

  const actions = useMemo<CallActions>(
    () => ({
      playMessage: (call) => setDialog({ kind: 'media', media: 'message', call }),
      playRecording: (call) => setDialog({ kind: 'media', media: 'recording', call }),
      showCaptions: (call) => setDialog({ kind: 'captions', call }),
      openNotes: (call) => setDialog({ kind: 'notes', call }),
      followUp: (call) => setDialog({ kind: 'followUp', call }),
      saveContact: (call) => setDialog({ kind: 'saveContact', call }),
      remove: (call) => setDeleting({ ids: [call.id], name: callName(call) }),
    }),
    [callName],
  );

  const sorting = useMemo<SortingState>(() => [{ id: view.sort, desc: view.order === 'desc' }], [view]);
  const filtered = hasFilters(view.filters);
  // Rows whose delete waits for its Undo time are already gone from the list.
  const list = (query.data?.list ?? []).filter((call) => !remove.hidden.has(call.id));
  const closeDialog = (open: boolean) => (open ? undefined : setDialog(null));

  const emptyState = (
    <Empty
      image={<PhoneMissed aria-hidden className="size-12 text-muted-foreground" />}
      description={filtered ? t('web.calls.noMatch') : t(`web.calls.empty.${view.tab}`)}
    >
      {filtered ? (
        <Button variant="outline" icon={<RotateCcw aria-hidden />} onClick={() => show(withFilters(view, {}))}>
          {t('web.calls.resetFilters')}
        </Button>
      ) : null}
    </Empty>
  );

  let error: React.ReactNode;
  if (refused) {
    error = (
      <span className="grid gap-1">
        <span className="font-medium">{t('web.calls.filter.refused')}</span>
        {filterErrors(refused, t).map((text) => (
          <span key={text}>{text}</span>
        ))}
      </span>
    );
  } else if (query.isError) {
    error = t('web.calls.loadFailed');
  }

  const table = (
    <DataTable
      label={t('web.menu.callHistory')}
      columns={columns}
      data={list}
      getRowId={(call) => call.id}
      getRowLabel={callName}
      loading={query.isPending}
      error={error}
      onRetry={refused ? undefined : () => void query.refetch()}
      empty={emptyState}
      enableSorting
      manualSorting
      sorting={sorting}
      onSortingChange={(next) => {
        const [first] = next;
        if (first && (first.id === 'incomingAt' || first.id === 'holdSeconds' || first.id === 'durationSeconds')) {
          show(withSort(view, first.id, first.desc ? 'desc' : 'asc'));
        } else if (view.sort === 'incomingAt') {
          // Incoming Time always orders the list: past descending it goes back to ascending.
          show(withSort(view, 'incomingAt', 'asc'));
        } else {
          show(withSort(view, DEFAULT_CALL_VIEW.sort, DEFAULT_CALL_VIEW.order));
        }
      }}
      enablePagination={false}
      enableRowSelection={canDelete}
      rowSelection={rowSelection}
      onRowSelectionChange={setRowSelection}
      batchActions={({ selectedRowIds }) => (
        <Button
          variant="destructive"
          size="sm"
          icon={<Trash2 aria-hidden />}
          onClick={() => setDeleting({ ids: selectedRowIds })}
        >
          {t('web.calls.deleteSelected')}
        </Button>
      )}
      enableColumnVisibility
      columnVisibility={columnPreferences.visibility}
      onColumnVisibilityChange={columnPreferences.setVisibility}
      columnOrder={columnPreferences.order}
      onColumnOrderChange={columnPreferences.setOrder}
      onColumnsReset={columnPreferences.reset}
      // The header stays while a long page scrolls in the table's own box, which fits the window.
      stickyHeader
      maxHeight="calc(100svh - 4rem)"
      phoneCards
    />
  );

  return (
    <CallActionsContext value={actions}>
      <div className="grid min-w-0 gap-4 pb-6">
        <PageHeader title={t('web.menu.callHistory')} titleLevel={1} />
        <div className="grid min-w-0 gap-4 px-4">
          <CallFilterBar
            filters={view.filters}
            members={members.data ?? []}
            searching={query.isFetching && !query.isPending}
            onSearch={(filters) => show(withFilters(view, filters))}
            onReset={() => show(withFilters(view, {}))}
          />
          <Tabs value={view.tab} onValueChange={(tab) => show(withTab(view, tab as CallTab))} className="min-w-0">
            <TabsList aria-label={t('web.menu.callHistory')}>
              {CALL_TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab}>
                  {t(TAB_KEYS[tab])}
                </TabsTrigger>
              ))}
            </TabsList>
            {CALL_TABS.map((tab) => (
              <TabsContent key={tab} value={tab} className="grid min-w-0 gap-3">
                {tab === view.tab ? (
                  <>
                    <div aria-busy={query.isFetching || undefined} className="min-w-0">
                      {table}
                    </div>
                    {total > 0 && !query.isError ? (
                      <ListPagination
                        total={pagerTotal}
                        current={view.current}
                        pageSize={view.pageSize}
                        showTotal={
                          totalCapped
                            ? (_total, [start, end]) =>
                                t('web.calls.totalCapped', {
                                  start: formatNumber(start, i18n.language),
                                  end: formatNumber(end, i18n.language),
                                  total,
                                })
                            : true
                        }
                        onChange={(page, size) => show(withPage(view, page, size))}
                      />
                    ) : null}
                  </>
                ) : null}
              </TabsContent>
            ))}
          </Tabs>
        </div>

        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          description={
            deleting?.name ?? (deleting ? t('web.calls.deleteCount', { count: deleting.ids.length }) : undefined)
          }
          okText={t('ui.action.delete')}
          variant="destructive"
          onConfirm={() => {
            if (!deleting) {
              return;
            }
            const { ids } = deleting;
            // The rows go at once; the DELETE waits UNDO_SECONDS for an Undo, and a refusal brings them back.
            remove.remove(ids, {
              title: t('web.calls.deleted', { count: ids.length }),
              onHidden: () =>
                setRowSelection((previous) =>
                  Object.fromEntries(Object.entries(previous).filter(([id]) => !ids.includes(id))),
                ),
            });
          }}
        />

        <Suspense fallback={null}>
          {dialog?.kind === 'notes' ? <NotesModal call={dialog.call} onOpenChange={closeDialog} /> : null}
          {dialog?.kind === 'captions' ? <CaptionsModal call={dialog.call} onOpenChange={closeDialog} /> : null}
          {dialog?.kind === 'media' ? (
            <CallMediaDialog call={dialog.call} kind={dialog.media} onOpenChange={closeDialog} />
          ) : null}
          {dialog?.kind === 'saveContact' ? (
            <ContactDialog
              open
              onOpenChange={closeDialog}
              initial={{
                name: dialog.call.callerName,
                email: dialog.call.callerEmail,
                phone:
                  dialog.call.callerContact && E164.test(dialog.call.callerContact) ? dialog.call.callerContact : null,
              }}
              // The row links to the new contact once the list is read again.
              onSaved={() => void invalidateCallList(queryClient)}
            />
          ) : null}
          {dialog?.kind === 'followUp' ? (
            <FollowUpFlow
              callId={dialog.call.id}
              recipient={{
                email: dialog.call.callerEmail ?? '',
                phone:
                  dialog.call.callerContact && E164.test(dialog.call.callerContact) ? dialog.call.callerContact : '',
              }}
              onClose={() => setDialog(null)}
              onSent={() => void invalidateCallList(queryClient)}
            />
          ) : null}
        </Suspense>
      </div>
    </CallActionsContext>
  );
}

export { prefetchCallHistory } from './call-prefetch';
export { CallHistoryScreen };
