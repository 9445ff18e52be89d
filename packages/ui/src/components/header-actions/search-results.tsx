import { useTranslation } from '@parley/i18n';
import { cn } from '../../lib/cn';

/** One thing the header search found. */
interface HeaderSearchResult {
  id: string;
  label: string;
  /** A second, quieter line (an e-mail, a date). */
  description?: string;
}

/** A group of results under a heading (Screens, Calls, Videos); empty groups are not shown. */
interface HeaderSearchGroup {
  id: string;
  label: string;
  results: readonly HeaderSearchResult[];
}

/** Where the search for the typed text stands: `idle` shows nothing (too little typed). */
type HeaderSearchStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The results in the order the arrow keys walk them, with the group each is in. */
function flatten(groups: readonly HeaderSearchGroup[]): { group: HeaderSearchGroup; result: HeaderSearchResult }[] {
  return groups.flatMap((group) => group.results.map((result) => ({ group, result })));
}

function optionId(listboxId: string, group: HeaderSearchGroup, result: HeaderSearchResult): string {
  return `${listboxId}-${group.id}-${result.id}`.replace(/[^\w-]/g, '_');
}

interface SearchResultsProps {
  listboxId: string;
  groups: readonly HeaderSearchGroup[];
  status: HeaderSearchStatus;
  /** The text searched for, named in "nothing matches". */
  query: string;
  /** Said plainly when the search failed. */
  error?: string;
  /** The option the arrow keys are on, as an index into the flattened results. */
  activeIndex: number;
  onActiveIndexChange: (index: number) => void;
  onSelect: (result: HeaderSearchResult, group: HeaderSearchGroup) => void;
}

/**
 * The popup under the header search (ARIA 1.2 combobox with a listbox): grouped options, or a
 * loading, nothing-found or error line; a polite live region says how many results there are.
 */
function SearchResults({
  listboxId,
  groups,
  status,
  query,
  error,
  activeIndex,
  onActiveIndexChange,
  onSelect,
}: SearchResultsProps) {
  const { t } = useTranslation();
  const shown = groups.filter((group) => group.results.length > 0);
  const count = shown.reduce((total, group) => total + group.results.length, 0);
  const announcement =
    status === 'loading'
      ? t('ui.header.searchLoading')
      : status === 'error'
        ? (error ?? '')
        : status === 'ready'
          ? t('ui.header.searchCount', { count })
          : '';
  let index = -1;
  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {status === 'idle' ? null : (
        <div
          data-slot="header-search-popup"
          className={cn(
            'absolute top-full z-50 mt-1 max-h-[min(24rem,70vh)] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
            'end-0 w-80 max-md:inset-x-0 max-md:w-auto',
          )}
        >
          {status === 'loading' && count === 0 ? (
            <p className="px-2 py-1.5 text-muted-foreground text-sm">{t('ui.header.searchLoading')}</p>
          ) : status === 'error' ? (
            <p role="alert" className="px-2 py-1.5 text-destructive text-sm">
              {error}
            </p>
          ) : count === 0 ? (
            <p className="px-2 py-1.5 text-muted-foreground text-sm">{t('ui.header.searchEmpty', { query })}</p>
          ) : (
            <div id={listboxId} role="listbox" aria-label={t('ui.header.searchResults')}>
              {shown.map((group) => (
                // biome-ignore lint/a11y/useSemanticElements: a listbox's option groups are role="group" (ARIA 1.2); a fieldset is for form controls.
                <div key={group.id} role="group" aria-labelledby={`${listboxId}-${group.id}-label`}>
                  <div
                    id={`${listboxId}-${group.id}-label`}
                    className="px-2 pt-2 pb-1 font-medium text-muted-foreground text-xs"
                  >
                    {group.label}
                  </div>
                  {group.results.map((result) => {
                    index += 1;
                    const position = index;
                    const active = position === activeIndex;
                    return (
                      // The field keeps focus and owns the keyboard (aria-activedescendant): options are
                      // not focusable, and Enter in the field picks the active one.
                      // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
                      // biome-ignore lint/a11y/useFocusableInteractive: see above.
                      <div
                        key={result.id}
                        id={optionId(listboxId, group, result)}
                        role="option"
                        aria-selected={active}
                        data-active={active ? '' : undefined}
                        className="cursor-pointer rounded-sm px-2 py-1.5 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground"
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseMove={() => {
                          if (!active) {
                            onActiveIndexChange(position);
                          }
                        }}
                        onClick={() => onSelect(result, group)}
                      >
                        <bdi className="block truncate">{result.label}</bdi>
                        {result.description ? (
                          <bdi className="block truncate text-muted-foreground text-xs">{result.description}</bdi>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </>
  );
}

export {
  flatten,
  type HeaderSearchGroup,
  type HeaderSearchResult,
  type HeaderSearchStatus,
  optionId,
  SearchResults,
  type SearchResultsProps,
};
