import { zodResolver } from '@hookform/resolvers/zod';
import {
  isApiError,
  type SaveSlackTokenRequest,
  SLACK_TOKEN_MAX_LENGTH,
  type SlackMatch,
  type SlackPerson,
  type SlackSettings,
  saveSlackTokenRequestSchemaWith,
} from '@parley/api';
import { formatDate, useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@parley/ui/card';
import { createDataTableColumnHelper, DataTable, type DataTableColumnDef } from '@parley/ui/data-table';
import { Empty } from '@parley/ui/empty';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { PageHeader } from '@parley/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@parley/ui/tabs';
import { Tag } from '@parley/ui/tag';
import { message } from '@parley/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, RefreshCw, UsersRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { RetryAlert } from '../../components/retry-alert';
import { contractMessages, serverFieldMessage } from '../../lib/contract-messages';
import { useSession } from '../../lib/session';
import { slackQueryOptions, useSaveSlackToken, useSyncSlack } from './slack-queries';

/**
 * Whether a failed save put its message on the token field (a 422 of the contract's rules);
 * anything else is SPEC §8's one message for this screen.
 */
function onTokenField(error: unknown): boolean {
  return isApiError(error) && error.status === 422 && typeof error.fields.token === 'string';
}

/** SPEC §8: every failure of this screen says the same; the server logs the cause. */
function FailedAlert({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="error"
      data-testid="slack-failed"
      title={t('web.slack.failed')}
      action={
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('ui.action.close')}
        </Button>
      }
    />
  );
}

/** The token: what is saved (its last 4 characters), and for an admin the field with Save. */
function TokenCard({ settings, isAdmin }: { settings: SlackSettings; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const form = useForm<SaveSlackTokenRequest>({
    resolver: zodResolver(saveSlackTokenRequestSchemaWith(contractMessages(t))),
    defaultValues: { token: '' },
  });
  const save = useSaveSlackToken({
    onSuccess: ({ data }) => {
      setFailed(false);
      form.reset({ token: '' });
      message.success(t('web.slack.saved', { workspace: data.workspace ?? '' }));
    },
    onError: (error) => {
      if (onTokenField(error) && isApiError(error)) {
        form.setError(
          'token',
          { type: 'server', message: serverFieldMessage(error, 'token', t) ?? '' },
          { shouldFocus: true },
        );
        return;
      }
      setFailed(true);
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('web.slack.tokenTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('web.slack.tokenDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2" data-testid="slack-status">
          <KeyRound aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {settings.connected ? (
            <>
              <Tag variant="success">{t('web.slack.connected', { workspace: settings.workspace ?? '' })}</Tag>
              <span className="text-muted-foreground text-sm" data-testid="slack-token-last4">
                {t('web.slack.tokenEnding', { last4: settings.tokenLast4 ?? '' })}
              </span>
            </>
          ) : (
            <span className="text-muted-foreground text-sm">{t('web.slack.notConnected')}</span>
          )}
        </div>
        {failed ? <FailedAlert onClose={() => setFailed(false)} /> : null}
        {isAdmin ? (
          <Form {...form}>
            <form
              noValidate
              className="flex flex-wrap items-start gap-2"
              onSubmit={form.handleSubmit((values) => save.mutate(values))}
            >
              <FormField
                control={form.control}
                name="token"
                render={({ field }) => (
                  <FormItem className="min-w-0 flex-1 basis-64">
                    <FormLabel required>{t('web.slack.tokenLabel')}</FormLabel>
                    <FormControl>
                      <Input
                        dir="ltr"
                        type="password"
                        autoComplete="off"
                        spellCheck={false}
                        placeholder="xoxb-…"
                        maxLength={SLACK_TOKEN_MAX_LENGTH}
                        {...field}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit" className="sm:mt-7" loading={save.isPending}>
                {t('web.slack.save')}
              </Button>
            </form>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}

const personHelper = createDataTableColumnHelper<SlackPerson>();
const matchHelper = createDataTableColumnHelper<SlackMatch>();

function Email({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (value === null) {
    return <span className="text-muted-foreground">{t('web.slack.noEmail')}</span>;
  }
  return (
    <bdi dir="ltr" className="block max-w-64 truncate" title={value}>
      {value}
    </bdi>
  );
}

function usePersonColumns(): DataTableColumnDef<SlackPerson>[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      personHelper.columns([
        personHelper.accessor('name', {
          header: t('web.slack.column.person'),
          cell: ({ getValue }) => <bdi className="font-medium">{getValue()}</bdi>,
          meta: { card: 'title' },
        }),
        personHelper.accessor('email', {
          header: t('web.slack.column.email'),
          cell: ({ getValue }) => <Email value={getValue()} />,
        }),
      ]) as DataTableColumnDef<SlackPerson>[],
    [t],
  );
}

function useMatchColumns(): DataTableColumnDef<SlackMatch>[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      matchHelper.columns([
        matchHelper.accessor('name', {
          header: t('web.slack.column.person'),
          cell: ({ getValue }) => <bdi className="font-medium">{getValue()}</bdi>,
          meta: { card: 'title' },
        }),
        matchHelper.accessor('email', {
          header: t('web.slack.column.email'),
          cell: ({ getValue }) => <Email value={getValue()} />,
        }),
        matchHelper.accessor((row) => row.member.name, {
          id: 'member',
          header: t('web.slack.column.member'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
      ]) as DataTableColumnDef<SlackMatch>[],
    [t],
  );
}

/** Sync Users: when it last ran, the button for an admin, and who matched and who did not. */
function SyncCard({ settings, isAdmin }: { settings: SlackSettings; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState('matched');
  const sync = useSyncSlack({
    onSuccess: () => {
      setFailed(false);
      message.success(t('web.slack.synced'));
    },
    onError: () => setFailed(true),
  });
  const personColumns = usePersonColumns();
  const matchColumns = useMatchColumns();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('web.slack.syncTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('web.slack.syncDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          {isAdmin ? (
            <Button
              icon={<RefreshCw aria-hidden />}
              loading={sync.isPending}
              disabled={!settings.connected}
              onClick={() => sync.mutate()}
            >
              {t('web.slack.sync')}
            </Button>
          ) : null}
          <span className="text-muted-foreground text-sm" data-testid="slack-last-run">
            {settings.syncedAt
              ? t('web.slack.lastRun', {
                  date: formatDate(settings.syncedAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
                })
              : t('web.slack.neverRun')}
          </span>
        </div>
        {isAdmin && !settings.connected ? (
          <p className="text-muted-foreground text-sm">{t('web.slack.needsToken')}</p>
        ) : null}
        {failed ? <FailedAlert onClose={() => setFailed(false)} /> : null}
        {settings.syncedAt === null ? (
          <Empty
            image={<UsersRound aria-hidden className="size-12 text-muted-foreground" />}
            description={t('web.slack.notSynced')}
          />
        ) : (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="matched" count={settings.matched.length}>
                {t('web.slack.matched')}
              </TabsTrigger>
              <TabsTrigger value="unmatched" count={settings.unmatched.length}>
                {t('web.slack.unmatched')}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="matched" tabStop={false}>
              <DataTable
                label={t('web.slack.matched')}
                columns={matchColumns}
                data={settings.matched}
                getRowId={(row) => row.slackId}
                getRowLabel={(row) => row.name}
                enableSorting={false}
                empty={<Empty description={t('web.slack.matchedEmpty')} />}
                phoneCards
              />
            </TabsContent>
            <TabsContent value="unmatched" tabStop={false}>
              <DataTable
                label={t('web.slack.unmatched')}
                columns={personColumns}
                data={settings.unmatched}
                getRowId={(row) => row.slackId}
                getRowLabel={(row) => row.name}
                enableSorting={false}
                empty={<Empty description={t('web.slack.unmatchedEmpty')} />}
                phoneCards
              />
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * `/settings/slack-settings` (SPEC §2.5): the team's Slack token with Save and Sync Users. Every
 * member sees what is saved and the latest sync's result; admins save the token and sync. Any
 * failure says SPEC §8's 'Something went wrong, please try again later'.
 */
function SlackScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session.role === 'admin';
  const query = useQuery(slackQueryOptions());
  return (
    <div className="grid min-w-0 gap-4 pb-6">
      <PageHeader title={t('web.menu.slack')} titleLevel={1}>
        <p className="max-w-3xl text-muted-foreground text-sm">{t('web.slack.intro')}</p>
      </PageHeader>
      <div className="grid min-w-0 gap-4 px-4">
        {isAdmin ? null : <Alert title={t('web.slack.readOnly')} />}
        {query.isPending ? (
          <Card>
            <CardContent loading className="py-6">
              {null}
            </CardContent>
          </Card>
        ) : query.isError ? (
          <RetryAlert title={t('web.slack.loadFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <TokenCard settings={query.data} isAdmin={isAdmin} />
            <SyncCard settings={query.data} isAdmin={isAdmin} />
          </>
        )}
      </div>
    </div>
  );
}

export { SlackScreen };
