import { formatDate, useTranslation } from '@parley/i18n';
import type { VariantProps } from 'class-variance-authority';
import { CalendarDays, ChevronDown, ChevronLeft, ChevronRight, ChevronUp, MoveRight, X } from 'lucide-react';
import { Direction, Popover } from 'radix-ui';
import * as React from 'react';
import {
  type ChevronProps,
  type ClassNames,
  type CustomComponents,
  type DateRange,
  DayPicker,
  type Formatters,
  type Labels,
  type Matcher,
} from 'react-day-picker';
import { useComposedRefs } from '../../hooks/use-composed-refs';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { inputVariants } from '../input/input';

/** A range of days; either end may be missing while it is being picked or when it is empty. */
interface DateRangeValue {
  from?: Date;
  to?: Date;
}

type TriggerProps = Omit<
  React.ComponentProps<'button'>,
  'value' | 'defaultValue' | 'onChange' | 'children' | 'type' | 'role'
> &
  VariantProps<typeof inputVariants>;

interface PickerCommonProps {
  /** Shows a button that empties the value. */
  clearable?: boolean;
  /** The earliest day that can be picked. */
  minDate?: Date;
  /** The latest day that can be picked. */
  maxDate?: Date;
  /** The month shown when the calendar opens without a value; defaults to the current month. */
  defaultMonth?: Date;
  /** The day marked as today; defaults to the real today (fix it in stories and tests). */
  today?: Date;
  /** How the chosen day is written in the trigger, in the current interface language. */
  formatOptions?: Intl.DateTimeFormatOptions;
  /** Whether the calendar is open (controlled). */
  open?: boolean;
  /** Whether the calendar starts open (uncontrolled). */
  defaultOpen?: boolean;
  /** Called when the calendar opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

const DEFAULT_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** The first day of the week in a locale (0 = Sunday), from Intl where the engine knows it. */
function firstDayOfWeek(locale: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    return firstDay === undefined ? 0 : ((firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6);
  } catch {
    return 0;
  }
}

function CalendarChevron({ orientation = 'left', className }: ChevronProps) {
  // DayPicker's default nav always asks for 'left' before 'right'; flipping in RTL is ours to do.
  const Icon = { left: ChevronLeft, right: ChevronRight, up: ChevronUp, down: ChevronDown }[orientation];
  return <Icon aria-hidden className={cn('size-4 rtl:rotate-180', className)} />;
}

const calendarComponents: Partial<CustomComponents> = { Chevron: CalendarChevron };

const calendarClassNames: Partial<ClassNames> = {
  root: 'relative w-fit text-sm',
  months: 'relative flex flex-col gap-4 sm:flex-row',
  month: 'flex flex-col gap-3',
  nav: 'absolute inset-x-0 top-0 flex h-8 items-center justify-between',
  button_previous:
    'inline-flex size-8 items-center justify-center rounded-md text-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
  button_next:
    'inline-flex size-8 items-center justify-center rounded-md text-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
  chevron: 'size-4',
  month_caption: 'flex h-8 items-center justify-center px-10',
  caption_label: 'font-medium text-sm',
  month_grid: 'border-collapse',
  weekdays: '',
  weekday: 'size-9 p-0 text-center font-normal text-muted-foreground text-xs',
  weeks: '',
  week: '',
  day: 'size-9 p-0 text-center',
  day_button: [
    'inline-flex size-9 items-center justify-center rounded-md text-foreground tabular-nums outline-none transition-colors',
    'hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    'disabled:pointer-events-none disabled:text-muted-foreground disabled:line-through',
    'aria-disabled:text-muted-foreground aria-disabled:line-through',
  ].join(' '),
  selected:
    '[&>button]:bg-primary [&>button]:font-medium [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover',
  range_start: '[&>button]:rounded-e-none',
  range_end: '[&>button]:rounded-s-none',
  range_middle:
    '[&>button]:rounded-none [&>button]:bg-primary-subtle! [&>button]:font-normal [&>button]:text-primary-subtle-foreground!',
  today: '[&>button]:font-semibold [&>button]:underline [&>button]:underline-offset-4',
  outside: '[&>button]:text-muted-foreground',
  disabled: '',
  hidden: 'invisible',
  focused: '',
  footer: 'pt-2',
};

/** DayPicker props shared by both pickers: localised with Intl in the interface language, and laid out for `dir`. */
function useCalendarProps(locale: string, dir: 'ltr' | 'rtl') {
  const { t } = useTranslation();
  const formatters = React.useMemo<Partial<Formatters>>(() => {
    const caption = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
    const shortWeekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    const narrowWeekday = new Intl.DateTimeFormat(locale, { weekday: 'narrow' });
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric' });
    return {
      formatCaption: (month) => caption.format(month),
      // Column headers are one day wide: 'Mon' fits, Arabic's short names ('الأربعاء') do not.
      formatWeekdayName: (date) => {
        const short = shortWeekday.format(date);
        return short.length <= 3 ? short : narrowWeekday.format(date);
      },
      formatDay: (date) => day.format(date),
    };
  }, [locale]);
  const labels = React.useMemo<Partial<Labels>>(() => {
    const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
    const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long' });
    return {
      labelDayButton: (date) => full.format(date),
      labelGrid: (date) => month.format(date),
      labelWeekday: (date) => weekday.format(date),
      labelPrevious: () => t('ui.date.previousMonth'),
      labelNext: () => t('ui.date.nextMonth'),
    };
  }, [locale, t]);
  return {
    dir,
    lang: locale,
    weekStartsOn: firstDayOfWeek(locale),
    formatters,
    labels,
    classNames: calendarClassNames,
    components: calendarComponents,
  };
}

function boundsMatchers(minDate: Date | undefined, maxDate: Date | undefined): Matcher[] {
  const matchers: Matcher[] = [];
  if (minDate) {
    matchers.push({ before: minDate });
  }
  if (maxDate) {
    matchers.push({ after: maxDate });
  }
  return matchers;
}

/** Moves focus into the grid (the chosen day, else today, else the first day) instead of the nav buttons. */
function focusGridDay(event: Event) {
  event.preventDefault();
  const content = event.currentTarget as HTMLElement | null;
  content?.querySelector<HTMLButtonElement>('[role="grid"] button[tabindex="0"]')?.focus({ preventScroll: true });
}

const triggerClassName = cn(
  'cursor-pointer items-center gap-2 pe-8 text-start',
  'data-[state=open]:border-primary data-[state=open]:ring-[3px] data-[state=open]:ring-ring/30',
);

const contentClassName =
  'z-50 w-auto rounded-lg border border-border bg-popover p-3 text-popover-foreground shadow-md outline-none';

const endIconClassName = 'pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground';

interface ClearButtonProps {
  onClear: () => void;
}

function ClearButton({ onClear }: ClearButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-slot="date-picker-clear"
      aria-label={t('ui.date.clear')}
      onClick={onClear}
      className={cn(
        'absolute end-1.5 top-1/2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-sm',
        'text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      <X aria-hidden className="size-3.5" />
    </button>
  );
}

/** Opens with ArrowDown as well as Enter and Space, as a select-only combobox does. */
function openOnArrowDown(setOpen: (open: boolean) => void) {
  return (event: React.KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      setOpen(true);
    }
  };
}

type DatePickerProps = TriggerProps &
  PickerCommonProps & {
    /** The chosen day (controlled); `null` when none is chosen. */
    value?: Date | null;
    /** The day chosen at first (uncontrolled). */
    defaultValue?: Date | null;
    /** Called with the newly chosen day, or `null` when cleared. */
    onValueChange?: (value: Date | null) => void;
    /** Shown while no day is chosen; defaults to the translated 'Select time'. */
    placeholder?: string;
  };

/**
 * A button that opens a calendar to pick one day. `className` styles the outer wrapper; every other
 * prop (`id`, `aria-*`, `onBlur`, `ref`…) goes to the trigger, so Field and FormControl can wire it.
 * Label it (Field, `aria-label` or `<label for>`): the trigger is a combobox whose value is its text.
 */
function DatePicker({
  className,
  size,
  value: valueProp,
  defaultValue,
  onValueChange,
  placeholder,
  clearable = false,
  minDate,
  maxDate,
  defaultMonth,
  today,
  formatOptions = DEFAULT_FORMAT,
  open: openProp,
  defaultOpen,
  onOpenChange,
  disabled,
  onKeyDown,
  ref,
  ...props
}: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const dir = Direction.useDirection();
  const calendarProps = useCalendarProps(locale, dir);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const composedRef = useComposedRefs(ref, triggerRef);
  const [value, setValue] = useControllableState<Date | null>(valueProp, defaultValue ?? null, onValueChange);
  const [open = false, setOpen] = useControllableState<boolean>(openProp, defaultOpen ?? false, onOpenChange);
  const showClear = clearable && value !== null && !disabled;

  return (
    <div data-slot="date-picker" className={cn('relative flex w-full', className)}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            ref={composedRef}
            type="button"
            role="combobox"
            aria-expanded={open}
            data-slot="date-picker-trigger"
            data-size={size ?? 'md'}
            disabled={disabled}
            className={cn(inputVariants({ size }), triggerClassName)}
            onKeyDown={(event) => {
              onKeyDown?.(event);
              if (!event.defaultPrevented) {
                openOnArrowDown(setOpen)(event);
              }
            }}
            {...props}
          >
            <span
              data-slot="date-picker-value"
              data-placeholder={value === null ? '' : undefined}
              className="flex-1 truncate data-placeholder:text-muted-foreground"
            >
              {value === null ? (placeholder ?? t('ui.date.selectTime')) : formatDate(value, locale, formatOptions)}
            </span>
          </button>
        </Popover.Trigger>
        {showClear ? (
          <ClearButton
            onClear={() => {
              setValue(null);
              triggerRef.current?.focus();
            }}
          />
        ) : (
          <CalendarDays aria-hidden className={endIconClassName} />
        )}
        <Popover.Portal>
          <Popover.Content
            data-slot="date-picker-content"
            dir={dir}
            align="start"
            sideOffset={4}
            aria-label={t('ui.date.calendar')}
            onOpenAutoFocus={focusGridDay}
            className={contentClassName}
          >
            <DayPicker
              {...calendarProps}
              mode="single"
              required
              selected={value ?? undefined}
              onSelect={(day) => {
                setValue(day);
                setOpen(false);
              }}
              defaultMonth={value ?? defaultMonth}
              startMonth={minDate}
              endMonth={maxDate}
              disabled={boundsMatchers(minDate, maxDate)}
              today={today}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

type DateRangePickerProps = TriggerProps &
  PickerCommonProps & {
    /** The chosen range (controlled); `{}` when empty. */
    value?: DateRangeValue;
    /** The range chosen at first (uncontrolled). */
    defaultValue?: DateRangeValue;
    /** Called once both ends are picked, and with `{}` when cleared. */
    onValueChange?: (value: DateRangeValue) => void;
    /** Shown while no start is chosen; defaults to the translated 'Start time'. */
    startPlaceholder?: string;
    /** Shown while no end is chosen; defaults to the translated 'End time'. */
    endPlaceholder?: string;
    /** How many months the calendar shows side by side. */
    numberOfMonths?: number;
  };

const EMPTY_RANGE: DateRangeValue = {};

/**
 * A button that opens a calendar to pick a start and an end day. The first pick sets the start,
 * the second the end (in either order); the value changes once both are picked, and closing
 * half-way keeps the previous range. Props go to the trigger as in DatePicker.
 */
function DateRangePicker({
  className,
  size,
  value: valueProp,
  defaultValue,
  onValueChange,
  startPlaceholder,
  endPlaceholder,
  numberOfMonths = 2,
  clearable = false,
  minDate,
  maxDate,
  defaultMonth,
  today,
  formatOptions = DEFAULT_FORMAT,
  open: openProp,
  defaultOpen,
  onOpenChange,
  disabled,
  onKeyDown,
  ref,
  ...props
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const dir = Direction.useDirection();
  const calendarProps = useCalendarProps(locale, dir);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const composedRef = useComposedRefs(ref, triggerRef);
  const [value, setValue] = useControllableState<DateRangeValue>(valueProp, defaultValue ?? EMPTY_RANGE, onValueChange);
  // The range being picked while the calendar is open (null: nothing picked yet in this session);
  // it becomes the value only when both ends are set.
  const [draft, setDraft] = React.useState<DateRange | null>(null);
  const [open = false, setOpenState] = useControllableState<boolean>(openProp, defaultOpen ?? false, onOpenChange);
  const setOpen = (next: boolean) => {
    setDraft(null);
    setOpenState(next);
  };
  const shown: DateRangeValue = open && draft ? draft : value;
  const showClear = clearable && (value.from !== undefined || value.to !== undefined) && !disabled;

  return (
    <div data-slot="date-range-picker" className={cn('relative flex w-full', className)}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            ref={composedRef}
            type="button"
            role="combobox"
            aria-expanded={open}
            data-slot="date-range-picker-trigger"
            data-size={size ?? 'md'}
            disabled={disabled}
            className={cn(inputVariants({ size }), triggerClassName)}
            onKeyDown={(event) => {
              onKeyDown?.(event);
              if (!event.defaultPrevented) {
                openOnArrowDown(setOpen)(event);
              }
            }}
            {...props}
          >
            <span
              data-slot="date-range-picker-start"
              data-placeholder={shown.from ? undefined : ''}
              className="flex-1 truncate data-placeholder:text-muted-foreground"
            >
              {shown.from
                ? formatDate(shown.from, locale, formatOptions)
                : (startPlaceholder ?? t('ui.date.startTime'))}
            </span>
            <MoveRight aria-hidden className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" />
            <span className="sr-only">{t('ui.numberRange.to')}</span>
            <span
              data-slot="date-range-picker-end"
              data-placeholder={shown.to ? undefined : ''}
              className="flex-1 truncate data-placeholder:text-muted-foreground"
            >
              {shown.to ? formatDate(shown.to, locale, formatOptions) : (endPlaceholder ?? t('ui.date.endTime'))}
            </span>
          </button>
        </Popover.Trigger>
        {showClear ? (
          <ClearButton
            onClear={() => {
              setValue(EMPTY_RANGE);
              triggerRef.current?.focus();
            }}
          />
        ) : (
          <CalendarDays aria-hidden className={endIconClassName} />
        )}
        <Popover.Portal>
          <Popover.Content
            data-slot="date-range-picker-content"
            dir={dir}
            align="start"
            sideOffset={4}
            aria-label={t('ui.date.calendar')}
            onOpenAutoFocus={focusGridDay}
            className={contentClassName}
          >
            <DayPicker
              {...calendarProps}
              mode="range"
              required
              resetOnSelect
              numberOfMonths={numberOfMonths}
              selected={draft ?? (value.from ? { from: value.from, to: value.to } : undefined)}
              onSelect={(range) => {
                if (range.from && range.to) {
                  setValue({ from: range.from, to: range.to });
                  setOpen(false);
                } else {
                  setDraft(range);
                }
              }}
              defaultMonth={value.from ?? defaultMonth}
              startMonth={minDate}
              endMonth={maxDate}
              disabled={boundsMatchers(minDate, maxDate)}
              today={today}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

export { DatePicker, type DatePickerProps, DateRangePicker, type DateRangePickerProps, type DateRangeValue };
