import type { ContactImportRow, ContactListQuery, ParsedContactListQuery } from '@parley/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTACTS_KEY } from '../../components/contact-dialog/contact-dialog';
import { api } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/query-client';

/** `GET /api/contacts`: a page of the book; the previous page stays on screen while the next loads. */
export function contactListQueryOptions(query: ParsedContactListQuery) {
  return queryOptions({
    queryKey: [...CONTACTS_KEY, 'list', query],
    queryFn: () => api.contacts.list(query),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/contacts/:id`: the contact a link opens. */
export function contactQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...CONTACTS_KEY, 'one', id],
    queryFn: async () => (await api.contacts.get(id)).data,
    retry: false,
  });
}

/** Contacts a merge may take in: a short search of the book. */
export function contactSearchQueryOptions(q: string) {
  const query: Partial<ContactListQuery> = { q, pageSize: 6 };
  return queryOptions({
    queryKey: [...CONTACTS_KEY, 'search', q],
    queryFn: () => api.contacts.list(query as ParsedContactListQuery),
  });
}

type RemoveFn = (id: string) => ReturnType<typeof api.contacts.remove>;

/** `DELETE /api/contacts/:id`; the book is read again. */
export function useDeleteContact(callbacks: MutationCallbacks<RemoveFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (id: string) => api.contacts.remove(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}

interface MergeVariables {
  keepId: string;
  otherId: string;
}
type MergeFn = (variables: MergeVariables) => ReturnType<typeof api.contacts.merge>;

/** `POST /api/contacts/:id/merge`; the book is read again. */
export function useMergeContacts(callbacks: MutationCallbacks<MergeFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: ({ keepId, otherId }: MergeVariables) => api.contacts.merge(keepId, { otherId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}

/** `POST /api/contacts/import/preview`: each row's problems; nothing is stored. */
export function previewImport(rows: ContactImportRow[]) {
  return api.contacts.previewImport({ rows });
}

interface ImportVariables {
  importId: string;
  rows: ContactImportRow[];
}
type ImportFn = (variables: ImportVariables) => ReturnType<typeof api.contacts.import>;

/** `POST /api/contacts/import`: once per `importId` (a second click adds nothing); the book is read again. */
export function useImportContacts(callbacks: MutationCallbacks<ImportFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (variables: ImportVariables) => api.contacts.import(variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}

/** `GET /api/contacts/export`: the book (or the search's rows) as CSV text. */
export function exportContacts(q: string) {
  return api.contacts.exportCsv(q ? { q } : {});
}
