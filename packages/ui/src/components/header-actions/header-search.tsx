import { useTranslation } from '@parley/i18n';
import { Search, X } from 'lucide-react';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { headerButtonClass } from './header-button';
import {
  flatten,
  type HeaderSearchGroup,
  type HeaderSearchResult,
  type HeaderSearchStatus,
  optionId,
  SearchResults,
} from './search-results';

type HeaderSearchProps = Omit<React.ComponentProps<'form'>, 'onSubmit' | 'defaultValue'> & {
  /** The search text (controlled). */
  value?: string;
  /** The search text at first (uncontrolled). */
  defaultValue?: string;
  /** Called on every keystroke. */
  onValueChange?: (value: string) => void;
  /** Called with the text when the person presses Enter. */
  onSearch?: (value: string) => void;
  /** Placeholder of the field; defaults to the translated 'Search…'. */
  placeholder?: string;
  /** Whether the field is open (controlled). */
  expanded?: boolean;
  /** Show the field open at first instead of only the magnifier (uncontrolled). */
  defaultExpanded?: boolean;
  /** Called when the field opens or folds away. */
  onExpandedChange?: (expanded: boolean) => void;
  /**
   * Results for the typed text, in groups: given, the field is a combobox whose popup lists them in groups
   * (arrow keys move, Enter opens, Escape closes and clears) and `/` anywhere focuses it.
   */
  resultGroups?: readonly HeaderSearchGroup[];
  /** Where the search stands (with `resultGroups`): `idle` shows no popup. */
  resultsStatus?: HeaderSearchStatus;
  /** Said plainly when the search failed (`resultsStatus` `error`). */
  resultsError?: string;
  /** A result was picked (click or Enter); the field then clears and folds away. */
  onResultSelect?: (result: HeaderSearchResult, group: HeaderSearchGroup) => void;
};

/** Whether a key press lands in something that takes text, where `/` is typed, not a shortcut. */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) {
    return false;
  }
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement &&
      !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type))
  );
}

/** Below Tailwind's `md` the open field covers the whole header, so it must fold away when left. */
const NARROW_SCREEN_QUERY = '(width < 48rem)';

function isNarrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;
}

/**
 * A magnifier that expands into a search field; Enter searches, Escape clears and folds it away.
 * On phones (below `md`) the open field spreads over its positioned ancestor — the header — on
 * the header's `--header-background`, with a close button, and folds away when focus leaves it.
 */
function HeaderSearch({
  value,
  defaultValue = '',
  onValueChange,
  onSearch,
  placeholder,
  expanded: expandedProp,
  defaultExpanded = false,
  onExpandedChange,
  resultGroups,
  resultsStatus = 'idle',
  resultsError,
  onResultSelect,
  className,
  ...props
}: HeaderSearchProps) {
  const { t } = useTranslation();
  const inputId = React.useId();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const [text, setText] = useControllableState(value, defaultValue, onValueChange);
  const [expanded, setExpanded] = useControllableState(expandedProp, defaultExpanded, onExpandedChange);
  const listboxId = `${inputId}-results`;
  const combobox = resultGroups !== undefined;
  const [activeIndex, setActiveIndex] = React.useState(-1);
  const [dismissed, setDismissed] = React.useState(false);
  const options = combobox ? flatten(resultGroups) : [];
  const popupOpen = combobox && expanded && !dismissed && resultsStatus !== 'idle';
  const listed = popupOpen && resultsStatus !== 'error' && options.length > 0;
  const active = listed ? options[activeIndex] : undefined;
  // New results start with nothing picked.
  const [seenResults, setSeenResults] = React.useState(resultGroups);
  if (seenResults !== resultGroups) {
    setSeenResults(resultGroups);
    setActiveIndex(-1);
  }

  // `/` anywhere but in a text field opens and focuses the search.
  const expandRef = React.useRef<() => void>(() => {});
  React.useEffect(() => {
    if (!combobox) {
      return;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) {
        return;
      }
      if (typesText(event.target)) {
        return;
      }
      event.preventDefault();
      expandRef.current();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [combobox]);

  function expand() {
    setExpanded(true);
    // The field becomes visible in this render; focus it once it can take focus.
    requestAnimationFrame(() => inputRef.current?.focus());
  }
  expandRef.current = expand;

  function select(result: HeaderSearchResult, group: HeaderSearchGroup) {
    onResultSelect?.(result, group);
    close();
  }

  function close() {
    setText('');
    setExpanded(false);
    toggleRef.current?.focus();
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role="search" is announced everywhere; <search> not yet.
    <form
      role="search"
      data-slot="header-search"
      data-state={expanded ? 'open' : 'closed'}
      className={cn(
        'flex items-center md:relative',
        'max-md:data-[state=open]:absolute max-md:data-[state=open]:inset-0 max-md:data-[state=open]:z-10',
        'max-md:data-[state=open]:gap-1 max-md:data-[state=open]:px-2',
        'max-md:data-[state=open]:bg-[var(--header-background,var(--color-background))]',
        className,
      )}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch?.(text);
      }}
      onBlur={(event) => {
        // Over the header on a phone, an open field would hide the controls focus moves on to.
        const left = !event.currentTarget.contains(event.relatedTarget as Node | null);
        if (left && combobox) {
          setDismissed(true);
        }
        if (expanded && isNarrowScreen() && left) {
          setExpanded(false);
        }
      }}
      {...props}
    >
      <button
        ref={toggleRef}
        type="button"
        aria-label={t('ui.header.search')}
        aria-expanded={expanded}
        aria-controls={inputId}
        className={headerButtonClass}
        onClick={() => (expanded ? inputRef.current?.focus() : expand())}
      >
        <Search aria-hidden className="size-4" />
      </button>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        aria-label={t('ui.header.search')}
        placeholder={placeholder ?? t('ui.header.searchPlaceholder')}
        value={text}
        data-state={expanded ? 'open' : 'closed'}
        {...(combobox
          ? {
              role: 'combobox',
              autoComplete: 'off',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': listed,
              'aria-controls': listed ? listboxId : undefined,
              'aria-activedescendant': active ? optionId(listboxId, active.group, active.result) : undefined,
            }
          : {})}
        onFocus={() => setDismissed(false)}
        onChange={(event) => {
          setText(event.target.value);
          setDismissed(false);
        }}
        onBlur={() => {
          if (!text) {
            setExpanded(false);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          } else if (listed && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActiveIndex(
              (index) => (index + step + options.length + (index < 0 && step < 0 ? 1 : 0)) % options.length,
            );
          } else if (event.key === 'Enter' && active) {
            event.preventDefault();
            select(active.result, active.group);
          }
        }}
        className={cn(
          'h-8 min-w-0 rounded-none border-current/40 border-b bg-transparent text-current text-sm outline-none',
          'transition-[width,opacity] duration-200 placeholder:text-current/70 focus-visible:border-current',
          'data-[state=closed]:invisible data-[state=closed]:w-0 data-[state=closed]:opacity-0',
          'data-[state=open]:ms-1 data-[state=open]:w-40 sm:data-[state=open]:w-52 max-md:data-[state=open]:flex-1',
        )}
      />
      {combobox && expanded ? (
        <SearchResults
          listboxId={listboxId}
          groups={resultGroups}
          status={popupOpen ? resultsStatus : 'idle'}
          query={text.trim()}
          error={resultsError}
          activeIndex={activeIndex}
          onActiveIndexChange={setActiveIndex}
          onSelect={select}
        />
      ) : null}
      {expanded ? (
        <button
          type="button"
          data-slot="header-search-close"
          aria-label={t('ui.header.closeSearch')}
          title={t('ui.header.closeSearch')}
          className={cn(headerButtonClass, 'md:hidden')}
          onClick={close}
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </form>
  );
}

export { HeaderSearch, type HeaderSearchProps };
