import { type EarlierCall, NOTE_MAX_LENGTH, noteRequestSchemaWith } from '@parley/api';
import { formatDate, formatDuration, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Field } from '@parley/ui/field';
import { Textarea } from '@parley/ui/textarea';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { showError } from '../../lib/show-error';

/** The call history's queries (features/call-history): a saved note changes a row's notes count. */
const CALL_KEY = 'calls';

function EarlierCallLine({ call }: { call: EarlierCall }) {
  const { t, i18n } = useTranslation();
  const when = formatDate(call.incomingAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const what = call.answered
    ? t('web.liveCalls.earlier.answered', {
        name: call.receivedByName ?? '',
        duration: formatDuration(call.durationSeconds ?? 0, i18n.language),
      })
    : call.messageLeft
      ? t('web.liveCalls.earlier.message')
      : t('web.liveCalls.earlier.missed');
  return (
    <li className="flex flex-wrap gap-x-2">
      <span>{when}</span>
      <span className="text-muted-foreground">{what}</span>
    </li>
  );
}

/**
 * What the member sees of the call they took (issue 16), inside its card: the caller's earlier
 * calls (by e-mail or phone) and a note that saves to the call's notes as they talk.
 */
export function CallDetails({ callId, callerName }: { callId: string; callerName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingId = useId();
  const earlier = useQuery({
    queryKey: ['live-calls', 'earlier', callId],
    queryFn: async () => (await api.liveCalls.earlier(callId)).data,
  });
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(0);
  // The call history's note rules and messages (SPEC §5 'Please enter notes!'); not the whole
  // contract's table, which the sign-in page shares and would then load as a file of its own.
  const rules = useMemo(
    () =>
      noteRequestSchemaWith({
        noteRequired: t('web.calls.notes.required'),
        noteTooLong: t('web.calls.notes.tooLong', { max: NOTE_MAX_LENGTH }),
      }),
    [t],
  );
  const save = useMutation({
    mutationFn: (message: string) => api.calls.addNote(callId, { message }),
    onSuccess: () => {
      setNote('');
      setSaved((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: [CALL_KEY] });
    },
    onError: (failure) => showError(failure, { navigate }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = rules.safeParse({ message: note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(checked.data.message);
  }

  const list = earlier.data ?? [];
  return (
    <div className="grid gap-3 border-t pt-3">
      <section aria-labelledby={headingId} className="grid gap-1">
        <h3 id={headingId} className="font-medium">
          {t('web.liveCalls.earlier.heading')}
        </h3>
        {earlier.isPending ? <p className="text-muted-foreground">{t('web.liveCalls.earlier.loading')}</p> : null}
        {earlier.isError ? <p className="text-muted-foreground">{t('web.liveCalls.earlier.failed')}</p> : null}
        {earlier.isSuccess && list.length === 0 ? (
          <p className="text-muted-foreground">{t('web.liveCalls.earlier.none')}</p>
        ) : null}
        {list.length > 0 ? (
          <ul className="grid gap-0.5">
            {list.map((call) => (
              <EarlierCallLine key={call.id} call={call} />
            ))}
          </ul>
        ) : null}
        {list.length > 0 && callerName.trim() ? (
          <Link
            className="text-primary-text underline-offset-4 hover:underline"
            to={`/call-history?${new URLSearchParams({ callerName: callerName.trim() })}`}
          >
            {t('web.liveCalls.earlier.all')}
          </Link>
        ) : null}
      </section>
      <form noValidate className="grid gap-2" onSubmit={submit}>
        <Field label={t('web.liveCalls.notes.label')} error={error}>
          <Textarea
            dir="auto"
            rows={3}
            value={note}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => {
              setNote(event.target.value);
              if (error && event.target.value.trim()) {
                setError(undefined);
              }
            }}
          />
        </Field>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {saved > 0 ? (
            <p role="status" className="text-muted-foreground text-xs">
              {t('web.liveCalls.notes.saved', { count: saved })}
            </p>
          ) : null}
          <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
            {t('web.liveCalls.notes.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
