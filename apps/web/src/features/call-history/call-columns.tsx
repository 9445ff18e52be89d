import type { Call } from '@parley/api';
import { formatDate, formatDuration, formatNumber, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { createDataTableColumnHelper, type DataTableColumnDef } from '@parley/ui/data-table';
import { CirclePlay, NotebookPen, Trash2, UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { contactPath } from '../../lib/contact-links';
import { useCallActions, useCallName } from './call-actions';
import { FollowUpCell } from './follow-up-cell';
import { MessageStatus } from './message-status';
import { RecordingCell } from './recording-cell';

/** How a moment of a call reads: the locale's medium date and short time, in the member's time zone. */
export const CALL_TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A dash for a value a call does not have, with words for assistive technology. */
function Missing({ label }: { label: string }) {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>–</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

function CallTime({ value }: { value: string | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) {
    return <Missing label={t('web.calls.none')} />;
  }
  return <time dateTime={value}>{formatDate(value, i18n.language, CALL_TIME_FORMAT)}</time>;
}

/** Seconds as m:ss or h:mm:ss in the locale's digits. */
function CallSeconds({ seconds }: { seconds: number | null }) {
  const { t, i18n } = useTranslation();
  if (seconds === null) {
    return <Missing label={t('web.calls.none')} />;
  }
  return (
    <time dateTime={`PT${seconds}S`} className="tabular-nums">
      {formatDuration(seconds, i18n.language)}
    </time>
  );
}

function SerialNumber({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <span className="tabular-nums">{formatNumber(value, i18n.language, { useGrouping: false })}</span>;
}

/** A cell's content as a link to the caller's contact in the contact book, when the call has one. */
function ToContact({ call, children }: { call: Call; children: React.ReactNode }) {
  if (!call.contactId) {
    return children;
  }
  return (
    <Link to={contactPath(call.contactId)} className="block text-primary-text underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** The caller's name: a link to their contact, or a button that saves them as one. */
function CallerName({ call }: { call: Call }) {
  const { t } = useTranslation();
  const actions = useCallActions();
  const name = (
    // Isolated: a Latin name with brackets or a full stop keeps them in place in a right-to-left row.
    <bdi className="block max-w-48 truncate" title={call.callerName}>
      {call.callerName}
    </bdi>
  );
  if (call.contactId) {
    return <ToContact call={call}>{name}</ToContact>;
  }
  return (
    <span className="flex min-w-0 items-center gap-1">
      {name}
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={t('web.calls.saveContact')}
        title={t('web.calls.saveContact')}
        onClick={() => actions.saveContact(call)}
      >
        <UserPlus aria-hidden />
      </Button>
    </span>
  );
}

/**
 * Text that reads left to right in any language (phone numbers, e-mail addresses, ids); `shown`
 * when it is written for reading otherwise (a phone number grouped), with the value as typed in its title.
 */
function LeftToRight({ value, shown }: { value: string | null; shown?: string | null }) {
  const { t } = useTranslation();
  if (!value) {
    return <Missing label={t('web.calls.none')} />;
  }
  return (
    // Ids, numbers and addresses as typed: Inter's contextual alternates would draw the x of 048x787 as ×.
    <bdi dir="ltr" className="block max-w-56 truncate [font-feature-settings:'calt'_0]" title={value}>
      {shown ?? value}
    </bdi>
  );
}

function MessageCell({ call }: { call: Call }) {
  const { t } = useTranslation();
  const actions = useCallActions();
  const callName = useCallName()(call);
  if (!call.message) {
    return <Missing label={t('web.calls.noMessage')} />;
  }
  if (!call.message.playbackUrl) {
    // Not playable: failed (with the reason), still uploading, or processing.
    return <MessageStatus message={call.message} />;
  }
  return (
    <Button
      variant="ghost"
      size="icon"
      className="text-primary-text"
      aria-label={t('web.calls.playMessageFor', { call: callName })}
      title={t('web.calls.playMessage')}
      onClick={() => actions.playMessage(call)}
    >
      <CirclePlay aria-hidden />
    </Button>
  );
}

function NotesCell({ call }: { call: Call }) {
  const { t, i18n } = useTranslation();
  const actions = useCallActions();
  const callName = useCallName()(call);
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<NotebookPen aria-hidden />}
      aria-label={t('web.calls.notesFor', { count: call.notesCount, call: callName })}
      onClick={() => actions.openNotes(call)}
      className="tabular-nums"
    >
      {formatNumber(call.notesCount, i18n.language)}
    </Button>
  );
}

function DeleteCell({ call }: { call: Call }) {
  const { t } = useTranslation();
  const actions = useCallActions();
  const callName = useCallName()(call);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="text-destructive hover:text-destructive"
      aria-label={t('web.calls.deleteFor', { call: callName })}
      onClick={() => actions.remove(call)}
    >
      <Trash2 aria-hidden />
    </Button>
  );
}

const helper = createDataTableColumnHelper<Call>();

/**
 * SPEC §2.4's columns, in order: Incoming Time, SR No, Player Id, Hold time, Received by,
 * Received at, Duration, End time, Message, Recording Status, Notes, Name, Contact, Email,
 * Follow Up, Delete (for admins only). Incoming Time, Hold time and Duration sort (on the server: their ids are
 * the API's sort fields).
 */
export function useCallColumns({ canDelete = true }: { canDelete?: boolean } = {}): DataTableColumnDef<Call>[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headers change with the language
  return useMemo(
    () =>
      helper.columns([
        helper.accessor('incomingAt', {
          header: t('web.calls.column.incomingAt'),
          cell: ({ getValue }) => <CallTime value={getValue()} />,
          enableSorting: true,
        }),
        helper.accessor('serialNumber', {
          header: t('web.calls.column.serialNumber'),
          enableSorting: false,
          cell: ({ getValue }) => <SerialNumber value={getValue()} />,
          meta: { align: 'end', card: 'detail' },
        }),
        helper.accessor('playerId', {
          header: t('web.calls.column.playerId'),
          enableSorting: false,
          meta: { card: 'detail' },
          cell: ({ getValue }) => <LeftToRight value={getValue()} />,
        }),
        helper.accessor('holdSeconds', {
          header: t('web.calls.column.hold'),
          cell: ({ getValue }) => <CallSeconds seconds={getValue()} />,
          enableSorting: true,
          meta: { align: 'end' },
        }),
        helper.accessor((call) => call.receivedBy?.name ?? null, {
          id: 'receivedBy',
          header: t('web.calls.column.receivedBy'),
          enableSorting: false,
          cell: ({ getValue }) => {
            const name = getValue();
            return name === null ? <Missing label={t('web.calls.notAnswered')} /> : <bdi>{name}</bdi>;
          },
        }),
        helper.accessor('receivedAt', {
          header: t('web.calls.column.receivedAt'),
          enableSorting: false,
          meta: { card: 'detail' },
          cell: ({ getValue }) => <CallTime value={getValue()} />,
        }),
        helper.accessor('durationSeconds', {
          header: t('web.calls.column.duration'),
          cell: ({ getValue }) => <CallSeconds seconds={getValue()} />,
          enableSorting: true,
          meta: { align: 'end' },
        }),
        helper.accessor('endedAt', {
          header: t('web.calls.column.endedAt'),
          enableSorting: false,
          meta: { card: 'detail' },
          cell: ({ getValue }) => <CallTime value={getValue()} />,
        }),
        helper.display({
          id: 'message',
          header: t('web.calls.column.message'),
          cell: ({ row }) => <MessageCell call={row.original} />,
        }),
        helper.display({
          id: 'recordingStatus',
          header: t('web.calls.column.recording'),
          cell: ({ row }) => <RecordingCell call={row.original} />,
        }),
        helper.display({
          id: 'notes',
          header: t('web.calls.column.notes'),
          cell: ({ row }) => <NotesCell call={row.original} />,
        }),
        helper.accessor('callerName', {
          header: t('web.calls.column.name'),
          enableSorting: false,
          // The caller's name stays in view as the table scrolls sideways, and heads a phone card.
          meta: { pin: 'start', card: 'title' },
          cell: ({ row }) => <CallerName call={row.original} />,
        }),
        helper.accessor('callerContact', {
          header: t('web.calls.column.contact'),
          enableSorting: false,
          // A phone number grouped for reading (+44 20 7946 0634); other contacts as they were given.
          cell: ({ getValue, row }) =>
            getValue() ? (
              <ToContact call={row.original}>
                <LeftToRight value={getValue()} shown={row.original.callerContactDisplay} />
              </ToContact>
            ) : (
              <LeftToRight value={getValue()} />
            ),
        }),
        helper.accessor('callerEmail', {
          header: t('web.calls.column.email'),
          enableSorting: false,
          meta: { card: 'detail' },
          cell: ({ getValue, row }) =>
            getValue() ? (
              <ToContact call={row.original}>
                <LeftToRight value={getValue()} />
              </ToContact>
            ) : (
              <LeftToRight value={getValue()} />
            ),
        }),
        helper.display({
          id: 'followUp',
          header: t('web.calls.column.followUp'),
          meta: { pin: 'end', card: 'action' },
          cell: ({ row }) => <FollowUpCell call={row.original} />,
        }),
        // Deleting calls is for admins (the server answers a user 403): a user has no Delete column.
        ...(canDelete
          ? [
              helper.display({
                id: 'delete',
                header: t('web.calls.column.delete'),
                meta: { pin: 'end', card: 'action' },
                cell: ({ row }) => <DeleteCell call={row.original} />,
              }),
            ]
          : []),
      ]),
    [t, language, canDelete],
  );
}

export { CallSeconds, CallTime };
