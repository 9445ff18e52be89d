import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ContactRequestDetail,
  isApiError,
  LEAD_REPLY_MAX_LENGTH,
  REQUEST_STATUSES,
  replyContactRequestSchemaWith,
} from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Descriptions } from '@parley/ui/descriptions';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Label } from '@parley/ui/label';
import { PageHeader } from '@parley/ui/page-header';
import { Result } from '@parley/ui/result';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@parley/ui/select';
import { Skeleton } from '@parley/ui/skeleton';
import { Textarea } from '@parley/ui/textarea';
import { message } from '@parley/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { showError } from '../../lib/show-error';
import { isRequestStatus, RequestKind, RequestStatusTag, RequestTime } from './request-display';
import { requestQueryOptions, useReplyToRequest, useUpdateRequestStatus } from './request-queries';

/** The status control: from the status shown, so a change another admin made first is not overwritten. */
function StatusControl({ request }: { request: ContactRequestDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const update = useUpdateRequestStatus(request, {
    onSuccess: () => message.success(t('web.requests.statusChanged')),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        message.warning(t('web.requests.statusConflict'));
      } else {
        showError(error, { navigate });
      }
    },
  });
  const shown = update.isPending && update.variables ? update.variables : request.status;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={id}>{t('web.requests.statusLabel')}</Label>
      <Select
        value={shown}
        disabled={update.isPending}
        onValueChange={(value) => {
          if (isRequestStatus(value) && value !== request.status) {
            update.mutate(value);
          }
        }}
      >
        <SelectTrigger id={id} className="w-40" aria-busy={update.isPending || undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {REQUEST_STATUSES.map((value) => (
            <SelectItem key={value} value={value}>
              {t(`web.requests.status.${value}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

interface ReplyValues {
  text: string;
}

/** The reply form: the text is e-mailed to the requester and joins the replies below. */
function ReplyForm({ request }: { request: ContactRequestDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<ReplyValues>({
    resolver: zodResolver(replyContactRequestSchemaWith(contractMessages(t))),
    defaultValues: { text: '' },
  });
  const reply = useReplyToRequest(request.id, {
    onSuccess: () => {
      message.success(t('web.requests.sent'));
      form.reset({ text: '' });
    },
    onError: (error) => reportFormError(error, { setError: form.setError, fields: ['text'], t, navigate }),
  });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-3" onSubmit={form.handleSubmit((values) => reply.mutate(values))}>
        <FormField
          control={form.control}
          name="text"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('web.requests.replyLabel', { email: request.email })}</FormLabel>
              <FormControl>
                <Textarea dir="auto" rows={5} required showCount limit={LEAD_REPLY_MAX_LENGTH} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div>
          <Button type="submit" icon={<Send aria-hidden />} loading={reply.isPending}>
            {t('web.requests.send')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

function Replies({ request }: { request: ContactRequestDetail }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="request-replies" className="grid gap-2">
      <h2 id="request-replies" className="font-semibold text-base">
        {t('web.requests.replies')}
      </h2>
      {request.replies.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('web.requests.noReplies')}</p>
      ) : (
        <ol className="grid gap-2">
          {request.replies.map((reply) => (
            <li key={reply.id} className="rounded-lg border bg-card p-3 text-sm">
              <p className="mb-1 text-muted-foreground text-xs">
                {t('web.requests.replyBy', { name: reply.authorName })} · <RequestTime value={reply.createdAt} />
              </p>
              <p dir="auto" className="whitespace-pre-wrap break-words">
                {reply.text}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function RequestDetail({ request }: { request: ContactRequestDetail }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RequestStatusTag status={request.status} />
        <StatusControl request={request} />
      </div>
      <Descriptions
        bordered
        columns={2}
        items={[
          { key: 'name', label: t('web.requests.column.name'), children: <bdi>{request.name}</bdi> },
          {
            key: 'email',
            label: t('web.requests.column.email'),
            children: (
              <a href={`mailto:${request.email}`} className="text-primary-text underline-offset-4 hover:underline">
                <bdi>{request.email}</bdi>
              </a>
            ),
          },
          { key: 'type', label: t('web.requests.column.type'), children: <RequestKind kind={request.kind} /> },
          { key: 'received', label: t('web.requests.received'), children: <RequestTime value={request.createdAt} /> },
          {
            key: 'company',
            label: t('web.requests.company'),
            children: request.company ? <bdi>{request.company}</bdi> : null,
          },
          {
            key: 'phone',
            label: t('web.requests.phone'),
            children: request.phone ? <bdi dir="ltr">{request.phone}</bdi> : null,
          },
        ]}
      />
      <section aria-labelledby="request-message" className="grid gap-2">
        <h2 id="request-message" className="font-semibold text-base">
          {t('web.requests.column.message')}
        </h2>
        <p dir="auto" className="whitespace-pre-wrap break-words rounded-lg border bg-muted/40 p-3 text-sm">
          {request.message}
        </p>
      </section>
      <Replies request={request} />
      <ReplyForm request={request} />
    </div>
  );
}

/**
 * `/requests/:id` (admins): one contact or demo request — who sent it, the whole message, the
 * status control, the replies sent and a form to reply by e-mail. The new-request notice opens it.
 */
function RequestDetailScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(requestQueryOptions(id));
  const notFound =
    query.isError && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div aria-hidden className="grid gap-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-24" />
        <Skeleton className="h-32" />
      </div>
    );
  } else if (notFound) {
    body = <Result status="404" title={t('web.requests.notFound')} />;
  } else if (query.isError) {
    body = <RetryAlert title={t('web.requests.loadOneFailed')} onRetry={() => void query.refetch()} />;
  } else {
    body = <RequestDetail request={query.data} />;
  }

  return (
    <div className="grid gap-4 pb-6">
      <PageHeader
        title={query.data ? <bdi>{query.data.name}</bdi> : t('web.menu.requests')}
        titleLevel={1}
        extra={
          <Button asChild variant="outline" icon={<ArrowLeft aria-hidden className="rtl:rotate-180" />}>
            <Link to="/requests">{t('web.requests.back')}</Link>
          </Button>
        }
      />
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4" aria-busy={query.isFetching || undefined}>
        {body}
      </div>
    </div>
  );
}

export { RequestDetailScreen };
