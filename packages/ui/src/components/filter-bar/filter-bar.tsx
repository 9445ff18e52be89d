import { useTranslation } from '@parley/i18n';
import { ChevronDown, RotateCcw, Search } from 'lucide-react';
import { Slot } from 'radix-ui';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Label } from '../label/label';

type FilterBarFieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The field's visible label; it names the control. */
  label: React.ReactNode;
  /** One control (an input, a select, a picker); it receives the `id` the label points at. */
  children: React.ReactElement;
  /** The control's id; generated when not given. */
  htmlFor?: string;
};

/** The fields a collapsed FilterBar hides, by their `data-filter-field` id. */
const FilterBarContext = React.createContext<ReadonlySet<string> | null>(null);

/**
 * A labelled filter: the label above, the control below, linked by `id`. Inside a FilterBar it is
 * one grid cell, and it hides itself when the bar is collapsed and it lies beyond the first row.
 */
function FilterBarField({ className, label, children, htmlFor, hidden, ...props }: FilterBarFieldProps) {
  const fieldId = React.useId();
  const generatedControlId = React.useId();
  const controlId = htmlFor ?? generatedControlId;
  const collapsedFieldIds = React.useContext(FilterBarContext);
  return (
    <div
      data-slot="filter-bar-field"
      data-filter-field={fieldId}
      hidden={hidden || collapsedFieldIds?.has(fieldId) || undefined}
      className={cn('flex min-w-0 flex-col gap-1.5', className)}
      {...props}
    >
      <Label htmlFor={controlId}>{label}</Label>
      <Slot.Root id={controlId}>{children}</Slot.Root>
    </div>
  );
}

interface FilterBarItem {
  /** A stable key for the field. */
  key: string;
  /** The field's visible label. */
  label: React.ReactNode;
  /** The control; it receives the `id` the label points at. */
  control: React.ReactElement;
}

type FilterBarProps = Omit<React.ComponentProps<'form'>, 'onReset' | 'onSubmit' | 'role'> & {
  /** The filters, as FilterBarField elements (directly or from your own components); each is one grid cell. */
  children?: React.ReactNode;
  /** The filters as data, rendered as labelled fields after any children. */
  items?: FilterBarItem[];
  /** Called when the form is submitted (Search, or Enter in a field), with the form's named values. */
  onSearch?: (values: FormData, event: React.FormEvent<HTMLFormElement>) => void;
  /** Called after Reset; uncontrolled fields go back to their default values by themselves. */
  onReset?: (event: React.FormEvent<HTMLFormElement>) => void;
  /** Whether every filter shows (controlled). Collapsed, only the first row shows. */
  expanded?: boolean;
  /** Whether every filter shows at first (uncontrolled). */
  defaultExpanded?: boolean;
  /** Called when the Expand/Collapse toggle is pressed. */
  onExpandedChange?: (expanded: boolean) => void;
  /** Offer the Expand/Collapse toggle; without it every filter always shows. */
  collapsible?: boolean;
  /** Marks the Search button busy while results load. */
  searching?: boolean;
  /** More buttons, placed before Reset. */
  actions?: React.ReactNode;
};

/** How many grid columns the laid-out grid has; 1 until it has been measured. */
function useGridColumnCount(grid: React.RefObject<HTMLDivElement | null>): number {
  const [columnCount, setColumnCount] = React.useState(1);
  React.useLayoutEffect(() => {
    const element = grid.current;
    if (!element) {
      return;
    }
    const measure = () => {
      const template = getComputedStyle(element).gridTemplateColumns;
      const count = template && template !== 'none' ? template.trim().split(/\s+/).length : 1;
      setColumnCount(Math.max(1, count));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [grid]);
  return columnCount;
}

/**
 * The ids of the grid's own FilterBarFields in document order, read after each render so fields
 * from the caller's components count too. Updates only when the order changes.
 */
function useFieldOrder(grid: React.RefObject<HTMLDivElement | null>): string[] {
  const [fieldIds, setFieldIds] = React.useState<string[]>([]);
  React.useLayoutEffect(() => {
    const element = grid.current;
    if (!element) {
      return;
    }
    const next = Array.from(element.querySelectorAll<HTMLElement>('[data-filter-field]'))
      .filter((field) => field.parentElement?.closest('[data-slot="filter-bar-grid"]') === element)
      .map((field) => field.dataset.filterField ?? '');
    setFieldIds((previous) => (previous.join(' ') === next.join(' ') ? previous : next));
  });
  return fieldIds;
}

/**
 * A search form of filter fields in a responsive grid, with Reset and Search. Collapsed, it
 * shows the first row only (the buttons share that row); Expand shows the rest. Hidden filters
 * keep their values and still apply.
 */
function FilterBar({
  className,
  children,
  items,
  onSearch,
  onReset,
  expanded: expandedProp,
  defaultExpanded = false,
  onExpandedChange,
  collapsible = true,
  searching = false,
  actions,
  ...props
}: FilterBarProps) {
  const { t } = useTranslation();
  const gridId = React.useId();
  const gridRef = React.useRef<HTMLDivElement>(null);
  const columnCount = useGridColumnCount(gridRef);
  const [expanded, setExpanded] = useControllableState(expandedProp, defaultExpanded, onExpandedChange);

  const fieldIds = useFieldOrder(gridRef);
  // The buttons take the last cell of the first row, so one row holds one field fewer than it has columns.
  const firstRowCount = Math.max(1, columnCount - 1);
  const canCollapse = collapsible && fieldIds.length > firstRowCount;
  const showAll = !canCollapse || expanded;
  const collapsedFieldIds = React.useMemo(
    () => new Set(showAll ? [] : fieldIds.slice(firstRowCount)),
    [showAll, fieldIds, firstRowCount],
  );

  const toggle = () => setExpanded(!expanded);

  return (
    // The form itself is the search landmark, so Enter submits and Reset resets without a wrapper.
    // biome-ignore lint/a11y/useSemanticElements: a <search> element cannot submit; the form carries the role
    <form
      data-slot="filter-bar"
      data-state={showAll ? 'expanded' : 'collapsed'}
      role="search"
      className={cn('@container rounded-lg border bg-card p-4', className)}
      onSubmit={(event) => {
        // A search form never navigates: the caller fetches with the values.
        event.preventDefault();
        onSearch?.(new FormData(event.currentTarget), event);
      }}
      onReset={(event) => onReset?.(event)}
      {...props}
    >
      <div
        ref={gridRef}
        id={gridId}
        data-slot="filter-bar-grid"
        className="grid grid-cols-1 items-end gap-x-6 gap-y-4 @xl:grid-cols-2 @4xl:grid-cols-3 @6xl:grid-cols-4"
      >
        <FilterBarContext.Provider value={collapsedFieldIds}>
          {children}
          {items?.map((item) => (
            <FilterBarField key={item.key} label={item.label}>
              {item.control}
            </FilterBarField>
          ))}
        </FilterBarContext.Provider>
        <div
          data-slot="filter-bar-actions"
          className="flex flex-wrap items-center justify-end gap-2"
          style={{ gridColumn: '-2 / -1' }}
        >
          {actions}
          <Button type="reset" variant="outline" icon={<RotateCcw aria-hidden />}>
            {t('ui.action.reset')}
          </Button>
          <Button type="submit" loading={searching} icon={<Search aria-hidden />}>
            {t('ui.action.search')}
          </Button>
          {canCollapse ? (
            <Button
              type="button"
              variant="link"
              className="px-1"
              aria-expanded={expanded}
              aria-controls={gridId}
              onClick={toggle}
            >
              {expanded ? t('ui.action.collapse') : t('ui.action.expand')}
              <ChevronDown aria-hidden className={cn('transition-transform', expanded && 'rotate-180')} />
            </Button>
          ) : null}
        </div>
      </div>
    </form>
  );
}

export { FilterBar, FilterBarField, type FilterBarFieldProps, type FilterBarItem, type FilterBarProps };
