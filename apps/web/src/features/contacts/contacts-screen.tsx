import { type Contact, isApiError } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { ConfirmDialog } from '@parley/ui/confirm-dialog';
import { DataTable, type SortingState } from '@parley/ui/data-table';
import { Empty } from '@parley/ui/empty';
import { Input } from '@parley/ui/input';
import { PageHeader } from '@parley/ui/page-header';
import { message } from '@parley/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { ContactRound, Download, Search, Upload, UserPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ContactDialog } from '../../components/contact-dialog/contact-dialog';
import { ListPagination } from '../../components/list-pagination';
import { showError } from '../../lib/show-error';
import { type ContactActions, ContactActionsMenu, useContactColumns } from './contact-columns';
import { contactListQueryOptions, contactQueryOptions, exportContacts, useDeleteContact } from './contact-queries';
import {
  type ContactView,
  DEFAULT_CONTACT_VIEW,
  parseContactView,
  serialiseContactView,
  toContactListQuery,
  withPage,
  withSearch,
  withSort,
} from './contact-view';
import { ImportDialog } from './import-dialog';
import { MergeDialog } from './merge-dialog';

/** Saves text as a file the browser downloads. */
function download(text: string, filename: string) {
  // A byte order mark, so spreadsheet programs read the file as UTF-8 (Arabic names and all).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The search box: the search goes to the address when submitted (Enter or the button). */
function SearchForm({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <search className="w-full sm:max-w-md">
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <Input
          type="search"
          aria-label={t('web.contacts.searchLabel')}
          placeholder={t('web.contacts.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" icon={<Search aria-hidden />}>
          {t('ui.action.search')}
        </Button>
      </form>
    </search>
  );
}

/**
 * `/settings/contact-book` (menu label Contact List): the team's contacts, searched, sorted and paged
 * in the address; every member adds, edits, deletes and merges duplicates, imports a CSV file (with a
 * preview of each row's problems) and exports the book or the search as CSV. A link from the call
 * history (`?contact=<id>`) opens that contact.
 */
function ContactsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseContactView(searchParams), [searchParams]);
  const show = (next: ContactView, options?: { replace?: boolean }) =>
    setSearchParams(serialiseContactView(next), options);
  const query = useQuery(contactListQueryOptions(toContactListQuery(view)));
  const linked = useQuery({ ...contactQueryOptions(view.contact ?? ''), enabled: view.contact !== undefined });
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [editing, setEditing] = useState<Contact | null>(null);
  const [merging, setMerging] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const remove = useDeleteContact({
    onSuccess: (_result, id) => {
      message.success(t('web.contacts.deleted', { name: deleting?.id === id ? deleting.name : '' }));
    },
    onError: (error) => showError(error, { navigate }),
  });

  // A linked contact opens in its dialog; one no longer in the book says so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the linked contact's answer only
  useEffect(() => {
    if (linked.data) {
      setEditing(linked.data);
    } else if (linked.isError) {
      if (isApiError(linked.error) && linked.error.status === 404) {
        message.error(t('web.contacts.missing'));
      } else {
        showError(linked.error, { navigate });
      }
      show({ ...view, contact: undefined }, { replace: true });
    }
  }, [linked.data, linked.isError]);

  // A page past the end (after a delete, or an old link) goes back to the last page.
  const total = query.data?.total ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the answer only
  useEffect(() => {
    if (query.data && query.data.list.length === 0 && total > 0 && view.current > 1) {
      show(withPage(view, Math.max(1, Math.ceil(total / view.pageSize))), { replace: true });
    }
  }, [query.data]);

  const actions = useMemo<ContactActions>(() => ({ edit: setEditing, merge: setMerging, remove: setDeleting }), []);
  const columns = useContactColumns(actions.edit);
  const sorting = useMemo<SortingState>(() => [{ id: view.sort, desc: view.order === 'desc' }], [view]);

  const closeEditor = (open: boolean) => {
    if (!open) {
      setEditing(null);
      if (view.contact) {
        show({ ...view, contact: undefined }, { replace: true });
      }
    }
  };

  const runExport = async () => {
    setExporting(true);
    try {
      download(await exportContacts(view.q), 'contacts.csv');
    } catch (error) {
      showError(error, { navigate });
    } finally {
      setExporting(false);
    }
  };

  const empty = (
    <Empty
      image={<ContactRound aria-hidden className="size-12 text-muted-foreground" />}
      description={view.q ? t('web.contacts.noMatch') : t('web.contacts.empty')}
    />
  );

  return (
    <div className="grid min-w-0 gap-4 pb-6">
      <PageHeader
        title={t('web.menu.contacts')}
        titleLevel={1}
        extra={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" icon={<Upload aria-hidden />} onClick={() => setImporting(true)}>
              {t('web.contacts.import')}
            </Button>
            <Button variant="outline" icon={<Download aria-hidden />} loading={exporting} onClick={runExport}>
              {t('web.contacts.export')}
            </Button>
            <Button icon={<UserPlus aria-hidden />} onClick={() => setAdding(true)}>
              {t('web.contacts.add')}
            </Button>
          </div>
        }
      >
        <p className="max-w-3xl text-muted-foreground text-sm">{t('web.contacts.intro')}</p>
      </PageHeader>
      <div className="grid min-w-0 gap-4 px-4">
        <SearchForm value={view.q} onSearch={(q) => show(withSearch(view, q))} />
        <div aria-busy={query.isFetching || undefined} className="min-w-0">
          <DataTable
            label={t('web.contacts.listTitle')}
            columns={columns}
            data={query.data?.list ?? []}
            getRowId={(contact) => contact.id}
            getRowLabel={(contact) => contact.name}
            loading={query.isPending}
            error={query.isError ? t('web.contacts.loadFailed') : undefined}
            onRetry={() => void query.refetch()}
            empty={empty}
            enableSorting
            manualSorting
            sorting={sorting}
            onSortingChange={(next) => {
              const [first] = next;
              if (first && (first.id === 'name' || first.id === 'email' || first.id === 'company')) {
                show(withSort(view, first.id, first.desc ? 'desc' : 'asc'));
              } else {
                show(withSort(view, DEFAULT_CONTACT_VIEW.sort, DEFAULT_CONTACT_VIEW.order));
              }
            }}
            enablePagination={false}
            rowActions={(contact) => <ContactActionsMenu contact={contact} actions={actions} />}
            phoneCards
          />
        </div>
        {total > 0 && !query.isError ? (
          <ListPagination
            total={total}
            current={view.current}
            pageSize={view.pageSize}
            onChange={(page, size) => show(withPage(view, page, size))}
          />
        ) : null}
      </div>
      <ContactDialog open={adding} onOpenChange={setAdding} />
      <ContactDialog open={editing !== null} onOpenChange={closeEditor} contact={editing ?? undefined} />
      <MergeDialog keep={merging} onOpenChange={(open) => (open ? undefined : setMerging(null))} />
      <ImportDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        variant="destructive"
        title={deleting ? t('web.contacts.deleteTitle', { name: deleting.name }) : ''}
        description={t('web.contacts.deleteDescription')}
        okText={t('web.contacts.delete')}
        onConfirm={() => (deleting ? remove.mutate(deleting.id) : undefined)}
      />
    </div>
  );
}

export { ContactsScreen };
