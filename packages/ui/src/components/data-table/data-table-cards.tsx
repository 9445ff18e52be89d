import { useTranslation } from '@parley/i18n';
import { ChevronDown } from 'lucide-react';
import * as React from 'react';
import { cn } from '../../lib/cn';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select/select';
import { Skeleton } from '../skeleton/skeleton';

/** Narrower than Tailwind's `md`: the width at which a table becomes a list of cards. */
const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether `enabled` and the window is phone-sized; follows the window as it resizes or rotates. */
function usePhoneLayout(enabled: boolean): boolean {
  const phone = React.useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
  return enabled && phone;
}

/** One labelled value of a card. */
interface CardField {
  id: string;
  label: string;
  content: React.ReactNode;
}

/** A row as a card: its checkbox, title, labelled fields and actions. */
interface CardRow {
  id: string;
  selected: boolean;
  select?: React.ReactNode;
  title?: React.ReactNode;
  fields: CardField[];
  /** Fields one tap away, under More details. */
  details: CardField[];
  actions: { id: string; content: React.ReactNode }[];
}

/** The Sort by choice above the cards: each sortable column both ways, as `id:asc` or `id:desc`. */
interface CardSort {
  columns: { id: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

interface DataTableCardsProps {
  label?: string;
  rows: CardRow[];
  /** Skeleton cards instead of rows while loading. */
  loading: number | false;
  /** What shows instead of the cards: the error or the empty state. */
  placeholder?: React.ReactNode;
  sort?: CardSort;
}

/** Labels and values in two columns. */
function Fields({ fields }: { fields: CardField[] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1.5">
      {fields.map((field) => (
        <React.Fragment key={field.id}>
          <dt className="truncate text-muted-foreground">{field.label}</dt>
          <dd className="min-w-0 [&_.truncate]:max-w-full">{field.content}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

/**
 * The rows of a DataTable as a list of cards, for phones: the title on top with the row's
 * checkbox, the other columns as a two-column list of labels and values, and the actions below.
 */
function DataTableCards({ label, rows, loading, placeholder, sort }: DataTableCardsProps) {
  const { t } = useTranslation();
  const sortId = React.useId();
  let content: React.ReactNode;
  if (loading !== false) {
    content = (
      <ul aria-label={label} className="grid gap-3">
        {Array.from({ length: loading }, (_, index) => `loading-${index}`).map((key) => (
          <li key={key} className="grid gap-2 rounded-lg border bg-card p-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </li>
        ))}
      </ul>
    );
  } else if (placeholder) {
    content = <div className="rounded-lg border bg-card px-3">{placeholder}</div>;
  } else {
    content = (
      <ul aria-label={label} className="grid gap-3">
        {rows.map((row) => (
          <li
            key={row.id}
            data-slot="data-table-card"
            data-state={row.selected ? 'selected' : undefined}
            className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 text-sm data-[state=selected]:border-primary/60 data-[state=selected]:bg-primary-subtle"
          >
            {row.select || row.title ? (
              <div className="flex min-w-0 items-center gap-3">
                {row.select}
                {row.title ? <div className="min-w-0 flex-1 font-medium text-base">{row.title}</div> : null}
              </div>
            ) : null}
            <Fields fields={row.fields} />
            {row.details.length > 0 ? (
              <details className="group/details">
                <summary
                  className={cn(
                    'inline-flex cursor-pointer list-none items-center gap-1 rounded-sm font-medium text-primary-text outline-none',
                    'focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden',
                  )}
                >
                  <ChevronDown aria-hidden className="size-4 transition-transform group-open/details:rotate-180" />
                  {t('ui.table.moreDetails')}
                </summary>
                <div className="pt-2">
                  <Fields fields={row.details} />
                </div>
              </details>
            ) : null}
            {row.actions.length > 0 ? (
              <div className="-mb-1 flex flex-wrap items-center justify-end gap-1 border-t pt-2">
                {row.actions.map((action) => (
                  <div key={action.id}>{action.content}</div>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div data-slot="data-table-cards" className="grid min-w-0 gap-3">
      {sort && sort.columns.length > 0 ? (
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="shrink-0 text-muted-foreground text-sm">
            {t('ui.table.sortBy')}
          </label>
          <Select value={sort.value || 'none'} onValueChange={(value) => value !== 'none' && sort.onChange(value)}>
            <SelectTrigger id={sortId} className={cn('min-w-0 flex-1')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {sort.value === '' ? <SelectItem value="none">{t('ui.table.sortNone')}</SelectItem> : null}
              {sort.columns.flatMap((column) => [
                <SelectItem key={`${column.id}:asc`} value={`${column.id}:asc`}>
                  {t('ui.table.sortByAscending', { label: column.label })}
                </SelectItem>,
                <SelectItem key={`${column.id}:desc`} value={`${column.id}:desc`}>
                  {t('ui.table.sortByDescending', { label: column.label })}
                </SelectItem>,
              ])}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      {content}
    </div>
  );
}

export { type CardRow, DataTableCards, usePhoneLayout };
