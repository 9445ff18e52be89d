import type { Contact } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { createDataTableColumnHelper, type DataTableColumnDef } from '@parley/ui/data-table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@parley/ui/dropdown-menu';
import { Tag } from '@parley/ui/tag';
import { Combine, Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { useMemo } from 'react';

/** What a member may do to one contact; the screen opens the dialogs. */
export interface ContactActions {
  edit: (contact: Contact) => void;
  merge: (contact: Contact) => void;
  remove: (contact: Contact) => void;
}

/** Text that is not in the reading direction (an address, a number), or a dash for none. */
function LeftToRight({ value }: { value: string | null }) {
  if (!value) {
    return <span className="text-muted-foreground">—</span>;
  }
  return (
    <bdi dir="ltr" className="block max-w-64 truncate" title={value}>
      {value}
    </bdi>
  );
}

function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) {
    return <span className="text-muted-foreground">—</span>;
  }
  return (
    <span className="flex max-w-72 flex-wrap gap-1">
      {tags.map((tag) => (
        <Tag key={tag}>
          <bdi>{tag}</bdi>
        </Tag>
      ))}
    </span>
  );
}

/** A contact's menu: edit, merge a duplicate into it, delete. */
export function ContactActionsMenu({ contact, actions }: { contact: Contact; actions: ContactActions }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('web.contacts.actionsFor', { name: contact.name })}>
          <Ellipsis aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.edit(contact)}>
          <Pencil aria-hidden />
          {t('web.contacts.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.merge(contact)}>
          <Combine aria-hidden />
          {t('web.contacts.merge')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => actions.remove(contact)}>
          <Trash2 aria-hidden />
          {t('web.contacts.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const helper = createDataTableColumnHelper<Contact>();

/** The book's columns: name (opens the contact), e-mail, phone, company and tags; three of them sort. */
export function useContactColumns(open: (contact: Contact) => void): DataTableColumnDef<Contact>[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      helper.columns([
        helper.accessor('name', {
          header: t('web.contacts.column.name'),
          enableSorting: true,
          meta: { pin: 'start', card: 'title' },
          cell: ({ row }) => (
            <Button variant="link" className="h-auto max-w-56 p-0" onClick={() => open(row.original)}>
              <bdi className="truncate">{row.original.name}</bdi>
            </Button>
          ),
        }),
        helper.accessor('email', {
          header: t('web.contacts.column.email'),
          enableSorting: true,
          cell: ({ getValue }) => <LeftToRight value={getValue()} />,
        }),
        helper.accessor('phone', {
          header: t('web.contacts.column.phone'),
          enableSorting: false,
          cell: ({ getValue }) => <LeftToRight value={getValue()} />,
        }),
        helper.accessor('company', {
          header: t('web.contacts.column.company'),
          enableSorting: true,
          cell: ({ getValue }) => <bdi className="block max-w-48 truncate">{getValue() ?? '—'}</bdi>,
        }),
        helper.accessor('tags', {
          header: t('web.contacts.column.tags'),
          enableSorting: false,
          meta: { card: 'detail' },
          cell: ({ getValue }) => <Tags tags={getValue()} />,
        }),
      ]) as DataTableColumnDef<Contact>[],
    [t, open],
  );
}
