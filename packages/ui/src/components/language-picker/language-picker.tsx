import { findLocale, formatNumber, LOCALES, type LocaleInfo, resolveLocale, useTranslation } from '@parley/i18n';
import { Check, ChevronDown, Globe, Search } from 'lucide-react';
import { Direction } from 'radix-ui';
import type * as React from 'react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import type { LanguagePickerPanelProps } from './language-picker-popover';

type LanguagePickerDisplay = 'name' | 'code' | 'icon';

type LanguagePickerProps = Omit<React.ComponentProps<'button'>, 'value' | 'defaultValue' | 'onChange'> & {
  /** The chosen locale code (controlled). */
  value?: string;
  /** The locale chosen at first (uncontrolled); defaults to the interface language. */
  defaultValue?: string;
  /** Called with the locale code the person picks. */
  onValueChange?: (code: string) => void;
  /** The languages offered; every interface language by default. */
  locales?: readonly LocaleInfo[];
  /**
   * How much of the interface each language translates, in percent by locale code; a language
   * under 100 says so beside its name ("Polski · 8% translated"), so nobody picks English unawares.
   */
  coverage?: Readonly<Record<string, number>>;
  /** What the trigger shows beside the globe: the native name, the language code, or nothing. */
  display?: LanguagePickerDisplay;
  /** Offer a search field above the list; on by default. */
  searchable?: boolean;
  /** Whether the list is open (controlled). */
  open?: boolean;
  /** Whether the list is open at first (uncontrolled). */
  defaultOpen?: boolean;
  /** Called when the list opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Which edge of the trigger the list lines up with. */
  align?: 'start' | 'center' | 'end';
};

/** Lower-cased, accent-free text, so 'espanol' finds 'Español'. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function localisedName(names: Intl.DisplayNames | undefined, code: string): string | undefined {
  try {
    return names?.of(code);
  } catch {
    return undefined;
  }
}

function createDisplayNames(language: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([language], { type: 'language' });
  } catch {
    return undefined;
  }
}

interface LanguageOption extends LocaleInfo {
  /** The language's name in the interface language, when it differs from the native name. */
  translatedName?: string;
  searchText: string;
}

/** The floating panel's code, asked for when the picker is first pointed at, focused or opened. */
const loadPopover = () => import('./language-picker-popover');
const LanguagePickerPopover = lazy(async () => ({ default: (await loadPopover()).LanguagePickerPopover }));

/**
 * The interface-language picker (SPEC §2.6): a globe button and a searchable list of native
 * names. Each option carries its own `lang`, so screen readers pronounce every name correctly.
 */
function LanguagePicker({
  value,
  defaultValue,
  onValueChange,
  locales = LOCALES,
  coverage,
  display = 'name',
  searchable = true,
  open,
  defaultOpen = false,
  onOpenChange,
  align = 'end',
  className,
  ...props
}: LanguagePickerProps) {
  const { t, i18n } = useTranslation();
  const dir = Direction.useDirection();
  const listId = useId();
  const labelId = useId();
  const valueId = useId();
  const codeId = useId();
  const emptyId = useId();
  const contentId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [currentCode, setCurrentCode] = useControllableState(
    value,
    defaultValue ?? resolveLocale(i18n.language),
    onValueChange,
  );
  const [isOpen, setOpenState] = useControllableState(open, defaultOpen, onOpenChange);
  // The panel is mounted from the first opening on (its code loads then, if not before).
  const [panelMounted, setPanelMounted] = useState(isOpen);
  if (isOpen && !panelMounted) {
    setPanelMounted(true);
  }
  const [query, setQuery] = useState('');
  const current = locales.find((locale) => locale.code === currentCode) ?? findLocale(currentCode);

  // Made when the panel first opens: the language names' data (Intl.DisplayNames) costs the page
  // a long task at start-up (about 25 ms, 100 ms on a phone's CPU), for a list nobody sees yet.
  const options = useMemo<LanguageOption[]>(() => {
    if (!panelMounted) {
      return [];
    }
    const names = createDisplayNames(i18n.language);
    return locales.map((locale) => {
      const translated = localisedName(names, locale.code);
      return {
        ...locale,
        translatedName: translated && normalise(translated) !== normalise(locale.nativeName) ? translated : undefined,
        searchText: normalise([locale.nativeName, locale.englishName, translated ?? '', locale.code].join(' ')),
      };
    });
  }, [locales, i18n.language, panelMounted]);

  const visible = useMemo(() => {
    const needle = normalise(query.trim());
    return needle ? options.filter((option) => option.searchText.includes(needle)) : options;
  }, [options, query]);

  const [activeCode, setActiveCode] = useState<string | undefined>(currentCode);
  const activeIndex = visible.findIndex((option) => option.code === activeCode);
  const optionId = (code: string) => `${listId}-${code}`;

  useEffect(() => {
    if (!isOpen || !activeCode) {
      return;
    }
    listRef.current?.querySelector(`[data-code="${activeCode}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [isOpen, activeCode]);

  function setOpen(next: boolean) {
    if (next) {
      setActiveCode(currentCode);
    } else {
      setQuery('');
    }
    setOpenState(next);
  }

  function choose(code: string) {
    setCurrentCode(code);
    setOpen(false);
  }

  function moveActive(step: number) {
    if (visible.length === 0) {
      return;
    }
    const start = activeIndex === -1 ? (step > 0 ? -1 : visible.length) : activeIndex;
    const next = (start + step + visible.length) % visible.length;
    setActiveCode(visible[next]?.code);
  }

  /** Typeahead for the list without a search field: jump to the next name starting with the key. */
  function jumpToLetter(key: string) {
    const letter = normalise(key);
    const ordered = [...visible.slice(activeIndex + 1), ...visible.slice(0, activeIndex + 1)];
    const match = ordered.find(
      (option) => normalise(option.nativeName).startsWith(letter) || normalise(option.englishName).startsWith(letter),
    );
    if (match) {
      setActiveCode(match.code);
    }
  }

  function handleKeyDown(event: React.KeyboardEvent<HTMLElement>) {
    const fromSearch = event.currentTarget instanceof HTMLInputElement;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveActive(1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        moveActive(-1);
        return;
      case 'Home':
      case 'End':
        if (!fromSearch && visible.length > 0) {
          event.preventDefault();
          setActiveCode(visible[event.key === 'Home' ? 0 : visible.length - 1]?.code);
        }
        return;
      case 'Enter':
        event.preventDefault();
        if (activeIndex !== -1 && activeCode) {
          choose(activeCode);
        }
        return;
      case ' ':
        if (!fromSearch) {
          event.preventDefault();
          if (activeIndex !== -1 && activeCode) {
            choose(activeCode);
          }
        }
        return;
      default:
        if (!fromSearch && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          jumpToLetter(event.key);
        }
    }
  }

  const activeDescendant = activeIndex === -1 || !activeCode ? undefined : optionId(activeCode);
  const shortCode = (current?.code ?? currentCode).split('-')[0]?.toUpperCase();

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? contentId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        onClick={() => setOpen(!isOpen)}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        data-slot="language-picker"
        data-display={display}
        aria-labelledby={display === 'code' ? `${labelId} ${valueId} ${codeId}` : `${labelId} ${valueId}`}
        className={cn(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 font-medium text-current text-sm',
          'outline-none transition-colors hover:bg-current/10 focus-visible:ring-[3px] focus-visible:ring-ring/50',
          'disabled:pointer-events-none disabled:opacity-50 data-[state=open]:bg-current/10',
          '[&_svg]:pointer-events-none [&_svg]:shrink-0',
          className,
        )}
        {...props}
      >
        <Globe aria-hidden className="size-4" />
        <span id={labelId} className="sr-only">
          {t('ui.language')}
        </span>
        <span
          id={valueId}
          data-slot={display === 'name' ? 'language-picker-value' : undefined}
          lang={current?.code ?? currentCode}
          dir="auto"
          className={display === 'name' ? undefined : 'sr-only'}
        >
          {current?.nativeName ?? currentCode}
        </span>
        {display === 'code' ? (
          <span id={codeId} data-slot="language-picker-value">
            {shortCode}
          </span>
        ) : null}
        {display === 'icon' ? null : <ChevronDown aria-hidden className="size-3.5 opacity-70" />}
      </button>
      {panelMounted ? (
        <Suspense fallback={null}>
          <LanguagePickerPopover
            open={isOpen}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            contentProps={
              {
                id: contentId,
                'data-slot': 'language-picker-content',
                dir,
                align,
                sideOffset: 4,
                'aria-label': t('ui.language'),
                className: cn(
                  'z-50 flex max-h-(--radix-popover-content-available-height) w-72 flex-col overflow-hidden rounded-lg border',
                  'bg-popover text-popover-foreground shadow-lg outline-none',
                  'data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 data-[state=open]:animate-in',
                  'data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=closed]:animate-out',
                ),
              } satisfies LanguagePickerPanelProps
            }
          >
            {searchable ? (
              <div data-slot="language-picker-search" className="flex items-center gap-2 border-b px-3">
                <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <input
                  type="text"
                  role="combobox"
                  aria-expanded
                  aria-autocomplete="list"
                  aria-controls={visible.length > 0 ? listId : emptyId}
                  aria-activedescendant={activeDescendant}
                  aria-label={t('ui.language.search')}
                  placeholder={t('ui.language.search')}
                  autoComplete="off"
                  spellCheck={false}
                  value={query}
                  onChange={(event) => {
                    const nextQuery = event.target.value;
                    setQuery(nextQuery);
                    const needle = normalise(nextQuery.trim());
                    const first = options.find((option) => option.searchText.includes(needle));
                    setActiveCode(first?.code);
                  }}
                  onKeyDown={handleKeyDown}
                  className="h-10 w-full min-w-0 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
                />
              </div>
            ) : null}
            {visible.length > 0 ? (
              // The list keeps focus in the search field (or on itself) and points at the active option.
              <div
                ref={listRef}
                id={listId}
                role="listbox"
                aria-label={t('ui.language')}
                aria-activedescendant={searchable ? undefined : activeDescendant}
                tabIndex={searchable ? -1 : 0}
                onKeyDown={searchable ? undefined : handleKeyDown}
                className="min-h-0 flex-1 overflow-y-auto p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {visible.map((option) => {
                  const selected = option.code === currentCode;
                  return (
                    // Keys reach the options through the search field or the list (aria-activedescendant).
                    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
                    <div
                      key={option.code}
                      id={optionId(option.code)}
                      role="option"
                      aria-selected={selected}
                      lang={option.code}
                      data-code={option.code}
                      data-active={option.code === activeCode ? 'true' : undefined}
                      onPointerMove={() => setActiveCode(option.code)}
                      onMouseDown={(event) => event.preventDefault()}
                      tabIndex={-1}
                      onClick={() => choose(option.code)}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                        'data-[active=true]:bg-accent data-[active=true]:text-accent-foreground',
                        'aria-selected:font-semibold',
                      )}
                    >
                      {/* bdi keeps each name's own direction while the line stays aligned with the list. */}
                      <span className="grid min-w-0 flex-1">
                        <span className="truncate">
                          <bdi>{option.nativeName}</bdi>
                          {coverage && (coverage[option.code] ?? 0) < 100 ? (
                            <span
                              lang={i18n.language}
                              data-slot="language-picker-coverage"
                              className="text-muted-foreground"
                            >
                              {' · '}
                              {t('ui.language.coverage', {
                                percent: formatNumber((coverage[option.code] ?? 0) / 100, i18n.language, {
                                  style: 'percent',
                                }),
                              })}
                            </span>
                          ) : null}
                        </span>
                        {option.translatedName ? (
                          <span lang={i18n.language} className="truncate text-muted-foreground text-xs">
                            <bdi>{option.translatedName}</bdi>
                          </span>
                        ) : null}
                      </span>
                      <Check aria-hidden className={cn('size-4 shrink-0', selected ? 'opacity-100' : 'opacity-0')} />
                    </div>
                  );
                })}
              </div>
            ) : (
              <p
                id={emptyId}
                data-slot="language-picker-empty"
                role="status"
                className="px-3 py-6 text-center text-muted-foreground text-sm"
              >
                {t('ui.language.noResults')}
              </p>
            )}
          </LanguagePickerPopover>
        </Suspense>
      ) : null}
    </>
  );
}

export { LanguagePicker, type LanguagePickerDisplay, type LanguagePickerProps };
