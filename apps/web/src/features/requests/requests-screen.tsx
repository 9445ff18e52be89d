import { type ContactRequest, DEFAULT_PAGE_SIZE, FIRST_PAGE, REQUEST_STATUSES } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { createDataTableColumnHelper, DataTable } from '@parley/ui/data-table';
import { Empty } from '@parley/ui/empty';
import { Label } from '@parley/ui/label';
import { PageHeader } from '@parley/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@parley/ui/select';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListPagination } from '../../components/list-pagination';
import { offeredPageSize } from '../../lib/page-size';
import { isRequestStatus, RequestKind, RequestStatusTag, RequestTime } from './request-display';
import { requestListQueryOptions } from './request-queries';

/** How much of a message the list shows. */
const EXCERPT_LENGTH = 80;
const ALL = 'all';

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
}

function excerpt(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

const helper = createDataTableColumnHelper<ContactRequest>();

/**
 * `/requests` (admins): the contact and demo requests of the public form, newest first — date,
 * name, e-mail, type, the start of the message and the status — filtered by status and paged in
 * the address. A name opens the request.
 */
function RequestsScreen() {
  const { t } = useTranslation();
  const filterId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const current = positiveInt(searchParams.get('current'), FIRST_PAGE);
  const pageSize = offeredPageSize(searchParams.get('pageSize'));
  const statusParam = searchParams.get('status');
  const status = isRequestStatus(statusParam) ? statusParam : undefined;
  const query = useQuery(requestListQueryOptions({ current, pageSize, status }));

  function updateParams(changes: Record<string, string | number | null>) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          const isDefault =
            (key === 'current' && value === FIRST_PAGE) || (key === 'pageSize' && value === DEFAULT_PAGE_SIZE);
          if (value === null || isDefault) {
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

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('createdAt', {
          header: t('web.requests.column.date'),
          cell: ({ getValue }) => <RequestTime value={getValue()} />,
        }),
        helper.accessor('name', {
          header: t('web.requests.column.name'),
          cell: ({ row }) => (
            <Link
              to={`/requests/${row.original.id}`}
              aria-label={t('web.requests.open', { name: row.original.name })}
              className="font-medium text-primary-text underline-offset-4 hover:underline"
            >
              <bdi>{row.original.name}</bdi>
            </Link>
          ),
        }),
        helper.accessor('email', {
          header: t('web.requests.column.email'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
        helper.accessor('kind', {
          header: t('web.requests.column.type'),
          cell: ({ getValue }) => <RequestKind kind={getValue()} />,
        }),
        helper.accessor('message', {
          header: t('web.requests.column.message'),
          cell: ({ getValue }) => (
            <span dir="auto" className="block max-w-sm truncate text-muted-foreground" title={getValue()}>
              {excerpt(getValue())}
            </span>
          ),
        }),
        helper.accessor('status', {
          header: t('web.requests.column.status'),
          cell: ({ getValue }) => <RequestStatusTag status={getValue()} />,
        }),
      ]),
    [t],
  );

  const total = query.data?.total ?? 0;
  return (
    <div className="grid gap-4 pb-6">
      <PageHeader title={t('web.menu.requests')} titleLevel={1} />
      <div className="grid gap-4 px-4">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={filterId}>{t('web.requests.statusFilter')}</Label>
          <Select
            value={status ?? ALL}
            onValueChange={(value) => updateParams({ status: value === ALL ? null : value, current: null })}
          >
            <SelectTrigger id={filterId} className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('web.requests.allStatuses')}</SelectItem>
              {REQUEST_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`web.requests.status.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div aria-busy={query.isFetching || undefined}>
          <DataTable
            label={t('web.menu.requests')}
            columns={columns}
            data={query.data?.list ?? []}
            getRowId={(request) => request.id}
            loading={query.isPending}
            error={query.isError ? t('web.requests.loadFailed') : undefined}
            onRetry={() => void query.refetch()}
            empty={
              <Empty
                image={<Inbox aria-hidden className="size-12 text-muted-foreground" />}
                description={status ? t('web.requests.noMatch') : t('web.requests.empty')}
              />
            }
            // The server pages (the Pagination below) and sorts: newest first.
            enablePagination={false}
            enableSorting={false}
          />
        </div>
        {total > 0 ? (
          <ListPagination
            total={total}
            current={current}
            pageSize={pageSize}
            onChange={(page, size) => updateParams({ current: page, pageSize: size })}
          />
        ) : null}
      </div>
    </div>
  );
}

export { RequestsScreen };
