import { useTranslation } from '@parley/i18n';
import { cva } from 'class-variance-authority';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Ellipsis } from 'lucide-react';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { inputVariants } from '../input/input';

/** One entry of the page list: a page button, or an ellipsis that jumps to `page`, several pages away. */
type PageItem =
  | { type: 'page'; page: number }
  | { type: 'jump-prev'; page: number }
  | { type: 'jump-next'; page: number };

/**
 * The page list for `current` of `pageCount` pages: the first and last page always, a block of
 * `windowSize` pages around the current one, and an ellipsis (jumping `windowSize` pages) for each gap.
 * A gap of a single page shows that page instead of an ellipsis, so the list keeps a constant
 * length of `windowSize + 4` once there are more pages than fit.
 */
function getPageItems(current: number, pageCount: number, windowSize = 5): PageItem[] {
  const count = Math.floor(pageCount);
  if (!Number.isFinite(count) || count < 1) {
    return [];
  }
  const size = Math.max(1, Math.floor(windowSize));
  const page = Math.min(Math.max(1, Math.floor(current) || 1), count);
  if (count <= size + 4) {
    return Array.from({ length: count }, (_, index) => ({ type: 'page', page: index + 1 }));
  }
  const siblings = Math.floor((size - 1) / 2);
  const blockStart = Math.max(Math.min(page - siblings, count - size - 1), 3);
  const blockEnd = Math.min(Math.max(page + siblings, size + 2), count - 2);

  const items: PageItem[] = [{ type: 'page', page: 1 }];
  items.push(blockStart > 3 ? { type: 'jump-prev', page: Math.max(1, page - size) } : { type: 'page', page: 2 });
  for (let blockPage = blockStart; blockPage <= blockEnd; blockPage += 1) {
    items.push({ type: 'page', page: blockPage });
  }
  items.push(
    blockEnd < count - 2
      ? { type: 'jump-next', page: Math.min(count, page + size) }
      : { type: 'page', page: count - 1 },
  );
  items.push({ type: 'page', page: count });
  return items;
}

/** How many pages `total` items fill at `pageSize` per page; an empty list still has one page. */
function getPageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) {
    return 1;
  }
  return Math.ceil(total / pageSize);
}

/** Reads digits typed in Arabic-Indic or Persian numerals as well as ASCII ones. */
function parsePageNumber(text: string): number | undefined {
  const ascii = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
  if (!/^\d+$/.test(ascii)) {
    return undefined;
  }
  return Number.parseInt(ascii, 10);
}

const paginationItemVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center rounded-md border border-transparent bg-transparent',
    'font-medium text-foreground tabular-nums transition-colors outline-none select-none',
    'hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50',
    'aria-[current=page]:border-primary aria-[current=page]:text-primary-text aria-[current=page]:hover:bg-transparent',
    'disabled:pointer-events-none disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      size: {
        sm: 'h-6 min-w-6 px-1 text-xs',
        md: 'h-8 min-w-8 px-1.5 text-sm',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type PaginationSize = 'sm' | 'md';

type PaginationProps = Omit<React.ComponentProps<'nav'>, 'onChange' | 'children'> & {
  /** Number of items in the whole list. */
  total: number;
  /** The current page (first page is 1), when controlled. */
  current?: number;
  /** The page shown first, when uncontrolled. */
  defaultCurrent?: number;
  /** Items per page, when controlled. */
  pageSize?: number;
  /** Items per page at first, when uncontrolled (SPEC §9: 10). */
  defaultPageSize?: number;
  /** The choices of the page-size changer. */
  pageSizeOptions?: number[];
  /** Called with the new page and page size whenever either changes. */
  onChange?: (page: number, pageSize: number) => void;
  /** Shows a 'n / page' select to change the page size. */
  showSizeChanger?: boolean;
  /** Shows a 'Go to' field; Enter jumps to the typed page, clamped to the range. */
  showQuickJumper?: boolean;
  /** Shows the item range and total; a function renders its own text from `total` and `[start, end]`. */
  showTotal?: boolean | ((total: number, range: [number, number]) => React.ReactNode);
  /** Only previous/next buttons around an editable 'page / count'. */
  simple?: boolean;
  /** `sm` is compact and its ellipses jump 3 pages instead of 5. */
  size?: PaginationSize;
  /** Turns every control off. */
  disabled?: boolean;
};

const DEFAULT_PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

function Pagination({
  total,
  current: currentProp,
  defaultCurrent = 1,
  pageSize: pageSizeProp,
  defaultPageSize = 10,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  onChange,
  showSizeChanger = false,
  showQuickJumper = false,
  showTotal = false,
  simple = false,
  size = 'md',
  disabled = false,
  className,
  'aria-label': ariaLabel,
  ...props
}: PaginationProps) {
  const { t, i18n } = useTranslation();
  const numberFormat = React.useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const format = (value: number) => numberFormat.format(value);

  const [rawCurrent, setCurrent] = useControllableState(currentProp, defaultCurrent);
  const [pageSize, setPageSize] = useControllableState(pageSizeProp, defaultPageSize);
  const pageCount = getPageCount(total, pageSize);
  const current = Math.min(Math.max(1, rawCurrent), pageCount);
  const windowSize = size === 'sm' ? 3 : 5;
  const jumpLabels =
    windowSize === 3
      ? { previous: t('ui.pagination.prev3'), next: t('ui.pagination.next3') }
      : { previous: t('ui.pagination.prev5'), next: t('ui.pagination.next5') };

  const changePage = (page: number) => {
    const next = Math.min(Math.max(1, page), pageCount);
    if (disabled || next === current) {
      return;
    }
    setCurrent(next);
    onChange?.(next, pageSize);
  };

  const changePageSize = (nextPageSize: number) => {
    if (disabled || nextPageSize === pageSize) {
      return;
    }
    // Keep the first item of the current page on screen after the change.
    const firstItemIndex = (current - 1) * pageSize;
    const nextPage = Math.min(Math.floor(firstItemIndex / nextPageSize) + 1, getPageCount(total, nextPageSize));
    setPageSize(nextPageSize);
    setCurrent(nextPage);
    onChange?.(nextPage, nextPageSize);
  };

  const rangeStart = total > 0 ? (current - 1) * pageSize + 1 : 0;
  const rangeEnd = Math.min(current * pageSize, Math.max(0, total));
  let totalText: React.ReactNode = null;
  if (typeof showTotal === 'function') {
    totalText = showTotal(total, [rangeStart, rangeEnd]);
  } else if (showTotal) {
    // The total stays a number: catalogues pluralise on it and format it with `#`.
    totalText = t('ui.pagination.total', { start: format(rangeStart), end: format(rangeEnd), total });
  }

  const itemClass = paginationItemVariants({ size });
  const previousButton = (
    <button
      type="button"
      data-slot="pagination-previous"
      className={itemClass}
      aria-label={t('ui.pagination.prevPage')}
      title={t('ui.pagination.prevPage')}
      disabled={disabled || current <= 1}
      onClick={() => changePage(current - 1)}
    >
      <ChevronLeft aria-hidden className="rtl:rotate-180" />
    </button>
  );
  const nextButton = (
    <button
      type="button"
      data-slot="pagination-next"
      className={itemClass}
      aria-label={t('ui.pagination.nextPage')}
      title={t('ui.pagination.nextPage')}
      disabled={disabled || current >= pageCount}
      onClick={() => changePage(current + 1)}
    >
      <ChevronRight aria-hidden className="rtl:rotate-180" />
    </button>
  );

  return (
    <nav
      data-slot="pagination"
      data-size={size}
      data-disabled={disabled ? '' : undefined}
      aria-label={ariaLabel ?? t('ui.pagination.label')}
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-2 text-foreground',
        size === 'sm' ? 'text-xs' : 'text-sm',
        className,
      )}
      {...props}
    >
      {totalText === null ? null : (
        <span data-slot="pagination-total" className="me-2 text-muted-foreground">
          {totalText}
        </span>
      )}
      {simple ? (
        <SimplePager
          current={current}
          pageCount={pageCount}
          size={size}
          disabled={disabled}
          format={format}
          onJump={changePage}
          previousButton={previousButton}
          nextButton={nextButton}
        />
      ) : (
        <ul data-slot="pagination-list" className="flex flex-wrap items-center gap-1">
          <li>{previousButton}</li>
          {getPageItems(current, pageCount, windowSize).map((item) => (
            <li key={item.type === 'page' ? item.page : item.type}>
              {item.type === 'page' ? (
                <button
                  type="button"
                  data-slot="pagination-item"
                  className={itemClass}
                  aria-current={item.page === current ? 'page' : undefined}
                  aria-label={t('ui.pagination.pageNumber', { page: format(item.page) })}
                  disabled={disabled}
                  onClick={() => changePage(item.page)}
                >
                  {format(item.page)}
                </button>
              ) : (
                <JumpButton
                  direction={item.type === 'jump-prev' ? 'previous' : 'next'}
                  label={item.type === 'jump-prev' ? jumpLabels.previous : jumpLabels.next}
                  className={itemClass}
                  disabled={disabled}
                  onClick={() => changePage(item.page)}
                />
              )}
            </li>
          ))}
          <li>{nextButton}</li>
        </ul>
      )}
      {showSizeChanger && !simple ? (
        <PageSizeSelect
          pageSize={pageSize}
          options={pageSizeOptions}
          size={size}
          disabled={disabled}
          format={format}
          onPageSizeChange={changePageSize}
        />
      ) : null}
      {showQuickJumper && !simple ? (
        <QuickJumper size={size} disabled={disabled} pageCount={pageCount} onJump={changePage} />
      ) : null}
    </nav>
  );
}

interface JumpButtonProps {
  direction: 'previous' | 'next';
  label: string;
  className: string;
  disabled: boolean;
  onClick: () => void;
}

/** An ellipsis that turns into a double chevron on hover or focus, and jumps several pages. */
function JumpButton({ direction, label, className, disabled, onClick }: JumpButtonProps) {
  const Chevrons = direction === 'previous' ? ChevronsLeft : ChevronsRight;
  return (
    <button
      type="button"
      data-slot="pagination-jump"
      data-direction={direction}
      className={cn(
        'group/jump text-muted-foreground hover:text-primary-text focus-visible:text-primary-text',
        className,
      )}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Ellipsis aria-hidden className="group-hover/jump:hidden group-focus-visible/jump:hidden" />
      <Chevrons aria-hidden className="hidden group-hover/jump:block group-focus-visible/jump:block rtl:rotate-180" />
    </button>
  );
}

interface PageSizeSelectProps {
  pageSize: number;
  options: number[];
  size: PaginationSize;
  disabled: boolean;
  format: (value: number) => string;
  onPageSizeChange: (pageSize: number) => void;
}

function PageSizeSelect({ pageSize, options, size, disabled, format, onPageSizeChange }: PageSizeSelectProps) {
  const { t } = useTranslation();
  const choices = options.includes(pageSize) ? options : [...options, pageSize].sort((a, b) => a - b);
  return (
    <span data-slot="pagination-size-changer" className="relative inline-flex">
      <select
        aria-label={t('ui.pagination.pageSize')}
        className={cn(inputVariants({ size }), 'w-auto cursor-pointer appearance-none pe-8')}
        value={pageSize}
        disabled={disabled}
        onChange={(event) => onPageSizeChange(Number(event.target.value))}
      >
        {choices.map((option) => (
          <option key={option} value={option}>
            {`${format(option)} ${t('ui.pagination.itemsPerPage')}`}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute end-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </span>
  );
}

interface QuickJumperProps {
  size: PaginationSize;
  disabled: boolean;
  pageCount: number;
  onJump: (page: number) => void;
}

function QuickJumper({ size, disabled, pageCount, onJump }: QuickJumperProps) {
  const { t } = useTranslation();
  const inputId = React.useId();
  const [text, setText] = React.useState('');
  return (
    <span data-slot="pagination-jumper" className="inline-flex items-center gap-2 whitespace-nowrap">
      <label htmlFor={inputId}>{t('ui.pagination.jumpTo')}</label>
      <input
        id={inputId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={cn(inputVariants({ size }), 'w-14 px-2 text-center')}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') {
            return;
          }
          event.preventDefault();
          const page = parsePageNumber(text);
          setText('');
          if (page !== undefined) {
            onJump(Math.min(Math.max(1, page), pageCount));
          }
        }}
      />
      <span aria-hidden>{t('ui.pagination.page')}</span>
    </span>
  );
}

interface SimplePagerProps {
  current: number;
  pageCount: number;
  size: PaginationSize;
  disabled: boolean;
  format: (value: number) => string;
  onJump: (page: number) => void;
  previousButton: React.ReactNode;
  nextButton: React.ReactNode;
}

/** Previous and next around an editable current page: ‹ [3] / 12 ›. */
function SimplePager({
  current,
  pageCount,
  size,
  disabled,
  format,
  onJump,
  previousButton,
  nextButton,
}: SimplePagerProps) {
  const { t } = useTranslation();
  const [text, setText] = React.useState<string | null>(null);
  const commit = () => {
    if (text === null) {
      return;
    }
    const page = parsePageNumber(text);
    setText(null);
    if (page !== undefined) {
      onJump(Math.min(Math.max(1, page), pageCount));
    }
  };
  return (
    <div data-slot="pagination-simple" className="flex items-center gap-2">
      {previousButton}
      <span className="inline-flex items-center gap-2 tabular-nums">
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={t('ui.pagination.page')}
          className={cn(inputVariants({ size }), 'w-12 px-2 text-center')}
          value={text ?? format(current)}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setText(null)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <span aria-hidden>/</span>
        <span>{format(pageCount)}</span>
      </span>
      {nextButton}
    </div>
  );
}

export {
  getPageCount,
  getPageItems,
  type PageItem,
  Pagination,
  type PaginationProps,
  type PaginationSize,
  paginationItemVariants,
};
