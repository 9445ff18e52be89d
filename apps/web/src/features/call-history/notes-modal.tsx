import { zodResolver } from '@hookform/resolvers/zod';
import { type Call, NOTE_MAX_LENGTH, type Note, noteRequestSchemaWith } from '@parley/api';
import { formatDate, Trans, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { ConfirmDialog } from '@parley/ui/confirm-dialog';
import { createDataTableColumnHelper, DataTable } from '@parley/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { Empty } from '@parley/ui/empty';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Textarea } from '@parley/ui/textarea';
import { message } from '@parley/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { useCallName } from './call-actions';
import { CALL_TIME_FORMAT } from './call-columns';
import { callNotesQueryOptions, useRemoveNote, useSaveNote } from './call-queries';

interface NoteValues {
  message: string;
}

const EMPTY: NoteValues = { message: '' };
const helper = createDataTableColumnHelper<Note>();

interface NotesModalProps {
  /** The call whose notes are shown. */
  call: Call;
  onOpenChange: (open: boolean) => void;
}

/**
 * SPEC §2.4 "Notes": the call's notes in a table (Date, Message, Entered by, Action) and a Note
 * field with Cancel and Save. A blank note is refused with 'Please enter notes!'; saving says
 * 'Record updating, Please wait...'. Edit puts a note into the field; Save then changes it, and
 * Cancel stops editing (without an edit, Cancel closes).
 */
function NotesModal({ call, onOpenChange }: NotesModalProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const callName = useCallName()(call);
  const notes = useQuery(callNotesQueryOptions(call.id));
  const [editing, setEditing] = useState<Note | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const form = useForm<NoteValues>({
    resolver: zodResolver(noteRequestSchemaWith(contractMessages(t))),
    defaultValues: EMPTY,
  });

  const stopEditing = () => {
    setEditing(null);
    form.reset(EMPTY);
  };

  const save = useSaveNote(call.id, {
    onSuccess: () => {
      const saved = t(editing ? 'web.calls.notes.updated' : 'web.calls.notes.added');
      stopEditing();
      message.success(saved);
    },
    onError: (error) =>
      reportFormError(error, {
        setError: form.setError,
        fields: ['message'],
        t,
        navigate,
      }),
  });
  const remove = useRemoveNote(call.id);

  const formatted = (value: string) => formatDate(value, i18n.language, CALL_TIME_FORMAT);

  const startEditing = (note: Note) => {
    setEditing(note);
    form.reset({ message: note.message });
    form.setFocus('message');
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt with the language; the handlers only set state
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('createdAt', {
          header: t('web.calls.notes.date'),
          cell: ({ getValue }) => <time dateTime={getValue()}>{formatted(getValue())}</time>,
        }),
        // People's own words, each isolated: a Latin note keeps its punctuation in Arabic.
        helper.accessor('message', {
          header: t('web.calls.notes.message'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
          meta: { cellClassName: 'min-w-48 max-w-md whitespace-pre-wrap break-words' },
        }),
        helper.accessor((note) => note.enteredBy.name, {
          id: 'enteredBy',
          header: t('web.calls.notes.enteredBy'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
        helper.display({
          id: 'action',
          header: t('web.calls.notes.action'),
          cell: ({ row }) => {
            const note = row.original;
            const date = formatted(note.createdAt);
            return (
              <span className="flex items-center gap-1">
                {note.canEdit ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('web.calls.notes.editNamed', { date })}
                    onClick={() => startEditing(note)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                ) : null}
                {note.canDelete ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    aria-label={t('web.calls.notes.deleteNamed', { date })}
                    onClick={() => setDeleting(note)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ) : null}
              </span>
            );
          },
        }),
      ]),
    [t, i18n.language],
  );

  return (
    <Dialog open onOpenChange={(open) => (save.isPending ? undefined : onOpenChange(open))}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('web.calls.notes.title')}</DialogTitle>
          <DialogDescription>
            <Trans i18nKey="web.calls.subtitle" isolate={{ call: callName, name: call.callerName }} />
          </DialogDescription>
        </DialogHeader>
        <DataTable
          label={t('web.calls.notes.title')}
          columns={columns}
          data={notes.data?.list ?? []}
          getRowId={(note) => note.id}
          loading={notes.isPending}
          error={notes.isError ? t('web.calls.notes.loadFailed') : undefined}
          onRetry={() => void notes.refetch()}
          empty={<Empty size="sm" description={t('web.calls.notes.empty')} />}
          enableSorting={false}
          enablePagination={false}
          maxHeight="40vh"
          stickyHeader
        />
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) =>
              save.mutate({ ...values, ...(editing ? { noteId: editing.id } : {}) }),
            )}
          >
            <FormField
              control={form.control}
              name="message"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.calls.notes.note')}</FormLabel>
                  {editing ? (
                    <FormDescription>
                      {t('web.calls.notes.editing', { date: formatted(editing.createdAt) })}
                    </FormDescription>
                  ) : null}
                  <FormControl>
                    <Textarea
                      rows={3}
                      required
                      showCount
                      maxLength={NOTE_MAX_LENGTH}
                      disabled={save.isPending}
                      {...field}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter className="items-center">
              {save.isPending ? (
                <p role="status" className="me-auto text-muted-foreground text-sm">
                  {t('web.calls.notes.saving')}
                </p>
              ) : null}
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => (editing ? stopEditing() : onOpenChange(false))}
              >
                {t('ui.action.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('ui.action.save')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          description={deleting ? <bdi>{deleting.message}</bdi> : undefined}
          okText={t('ui.action.delete')}
          variant="destructive"
          onConfirm={async () => {
            if (!deleting) {
              return;
            }
            // A refusal is shown by the mutation, and rejects: the confirmation stays open.
            await remove.mutateAsync(deleting.id);
            if (editing?.id === deleting.id) {
              stopEditing();
            }
            message.success(t('web.calls.notes.deleted'));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

export { NotesModal, type NotesModalProps };
