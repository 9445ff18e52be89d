import { zodResolver } from '@hookform/resolvers/zod';
import { type AddDomain, addDomainSchemaWith, DOMAIN_ORIGIN_MAX_LENGTH, type Domain } from '@parley/api';
import { formatDate, useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@parley/ui/card';
import { ConfirmDialog } from '@parley/ui/confirm-dialog';
import { Empty } from '@parley/ui/empty';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { PageHeader } from '@parley/ui/page-header';
import { message } from '@parley/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Code, Copy, Eye, Globe, KeyRound, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { copyText } from '../../lib/clipboard';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { showError } from '../../lib/show-error';
import { useUndoableDelete } from '../../lib/undoable-delete';
import {
  DOMAIN_LIST_KEY,
  domainListQueryOptions,
  removeDomain,
  useAddDomain,
  useNewWidgetKey,
  widgetQueryOptions,
} from './domain-queries';

/** The pending removals of this screen (Undo), by id. */
const SCOPE = 'domains';

/** The admin's form: one origin, checked with the server's own rules, then added to the list. */
function AddDomainForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<AddDomain>({
    resolver: zodResolver(addDomainSchemaWith(contractMessages(t))),
    defaultValues: { origin: '' },
  });
  const add = useAddDomain({
    onSuccess: ({ data }) => {
      message.success(t('web.domains.added', { origin: data.origin }));
      form.reset({ origin: '' });
    },
    onError: (error) => reportFormError(error, { setError: form.setError, fields: ['origin'], t, navigate }),
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="flex flex-wrap items-start gap-2"
        onSubmit={form.handleSubmit((values) => add.mutate(values))}
      >
        <FormField
          control={form.control}
          name="origin"
          render={({ field }) => (
            <FormItem className="min-w-0 flex-1 basis-64">
              <FormLabel required>{t('web.domains.originLabel')}</FormLabel>
              <FormControl>
                <Input
                  dir="ltr"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  placeholder="https://www.example.com"
                  maxLength={DOMAIN_ORIGIN_MAX_LENGTH}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {/* Beside the input, lined up under the label; under it on a phone. */}
        <Button type="submit" className="sm:mt-7" icon={<Plus aria-hidden />} loading={add.isPending}>
          {t('web.domains.add')}
        </Button>
      </form>
    </Form>
  );
}

function DomainRow({ domain, canRemove, onRemove }: { domain: Domain; canRemove: boolean; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(domain.createdAt, i18n.language, { dateStyle: 'medium' });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
      <Globe aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        {/* An address reads left to right, at the start of the line in either direction. */}
        <span className="truncate font-medium">
          <bdi dir="ltr">{domain.origin}</bdi>
        </span>
        <span className="text-muted-foreground text-xs">
          {domain.addedBy
            ? t('web.domains.addedBy', { name: domain.addedBy, date })
            : t('web.domains.addedOn', { date })}
        </span>
      </div>
      {canRemove ? (
        <Button
          variant="ghost"
          size="sm"
          icon={<Trash2 aria-hidden />}
          aria-label={t('web.domains.removeOne', { origin: domain.origin })}
          onClick={onRemove}
        >
          {t('web.domains.remove')}
        </Button>
      ) : null}
    </li>
  );
}

/** The allowed origins: every member reads them; an admin adds and removes (with Undo). */
function DomainList({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(domainListQueryOptions());
  const { hidden, remove } = useUndoableDelete(SCOPE);
  const shown = (query.data?.list ?? []).filter((domain) => !hidden.has(domain.id));
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('web.domains.listTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('web.domains.listDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4" loading={query.isPending} aria-busy={query.isFetching || undefined}>
        {isAdmin ? <AddDomainForm /> : null}
        {query.isError ? (
          <RetryAlert title={t('web.domains.loadFailed')} onRetry={() => void query.refetch()} />
        ) : shown.length === 0 ? (
          <Empty
            image={<Globe aria-hidden className="size-12 text-muted-foreground" />}
            description={t('web.domains.empty')}
          />
        ) : (
          <ul aria-label={t('web.domains.listTitle')} className="divide-y border-y">
            {shown.map((domain) => (
              <DomainRow
                key={domain.id}
                domain={domain}
                canRemove={isAdmin}
                onRemove={() =>
                  remove({
                    ids: [domain.id],
                    title: t('web.domains.removed', { origin: domain.origin }),
                    send: (options) => removeDomain(domain.id, options),
                    onDeleted: () => queryClient.invalidateQueries({ queryKey: DOMAIN_LIST_KEY }),
                  })
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Copies `text`, and says it did, or that the member must copy it by hand. */
function CopyButton({ text, icon, label, done }: { text: string; icon: ReactNode; label: string; done: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="outline"
      icon={icon}
      onClick={async () =>
        (await copyText(text)) ? message.success(done) : message.error(t('web.domains.copyFailed'))
      }
    >
      {label}
    </Button>
  );
}

/** The widget key: shown with Copy; an admin takes a new one after a warning. */
function WidgetKey({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(widgetQueryOptions());
  const renew = useNewWidgetKey({
    onSuccess: () => message.success(t('web.domains.newKeyDone')),
    onError: (error) => showError(error, { navigate }),
  });
  const key = query.data?.widgetKey;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('web.domains.keyTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('web.domains.keyDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3" loading={query.isPending} loadingLines={1}>
        {query.isError || !key ? (
          <RetryAlert title={t('web.domains.keyLoadFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <KeyRound aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <code
              dir="ltr"
              data-testid="widget-key"
              className="min-w-0 break-all rounded-md bg-muted px-2 py-1 font-mono text-sm"
            >
              {key}
            </code>
            <CopyButton
              text={key}
              icon={<Copy aria-hidden />}
              label={t('web.domains.copy')}
              done={t('web.domains.copied')}
            />
            {isAdmin ? (
              <ConfirmDialog
                variant="destructive"
                title={t('web.domains.newKeyTitle')}
                description={t('web.domains.newKeyDescription')}
                okText={t('web.domains.newKey')}
                onConfirm={() => renew.mutateAsync()}
                trigger={
                  <Button size="sm" variant="outline">
                    {t('web.domains.newKey')}
                  </Button>
                }
              />
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The one tag a site puts in its pages (ARCHITECTURE §6): Parley's loader, naming the team by its key. */
export function embedTag(parleyOrigin: string, widgetKey: string): string {
  return `<script src="${parleyOrigin}/widget.js" data-parley-team="${widgetKey}" async></script>`;
}

/** The embed tag with Copy, and the way to the preview page, where members try the widget first. */
function EmbedTag() {
  const { t } = useTranslation();
  const query = useQuery(widgetQueryOptions());
  const key = query.data?.widgetKey;
  const tag = key ? embedTag(window.location.origin, key) : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('web.domains.embedTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('web.domains.embedDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3" loading={query.isPending} loadingLines={2}>
        {query.isError || !key ? (
          <RetryAlert title={t('web.domains.keyLoadFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <pre
              dir="ltr"
              data-testid="embed-tag"
              className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-sm"
            >
              <code>{tag}</code>
            </pre>
            <div className="flex flex-wrap gap-2">
              <CopyButton
                text={tag}
                icon={<Code aria-hidden />}
                label={t('web.domains.copyTag')}
                done={t('web.domains.tagCopied')}
              />
              <Button size="sm" variant="outline" asChild>
                <Link to="/widget-preview">
                  <Eye aria-hidden />
                  {t('web.domains.preview')}
                </Link>
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * `/settings/domain-managment`: the websites (origins) where the team's visitor widget may run,
 * and the key its embed tag names the team by. Every member reads both; admins change them.
 */
function DomainsScreen() {
  const { t } = useTranslation();
  const isAdmin = useSession().role === 'admin';
  return (
    <div className="grid gap-4 pb-6">
      <PageHeader title={t('web.menu.domains')} titleLevel={1}>
        <p className="max-w-3xl text-muted-foreground text-sm">{t('web.domains.intro')}</p>
      </PageHeader>
      <div className="grid max-w-3xl gap-4 px-4">
        {isAdmin ? null : <Alert title={t('web.domains.adminsOnly')} />}
        <DomainList isAdmin={isAdmin} />
        <WidgetKey isAdmin={isAdmin} />
        <EmbedTag />
      </div>
    </div>
  );
}

export { DomainsScreen };
