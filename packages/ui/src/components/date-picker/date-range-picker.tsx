import { formatDate, useTranslation } from '@parley/i18n';
import { MoveRight } from 'lucide-react';
import * as React from 'react';
import { type DateRange, DayPicker } from 'react-day-picker';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { inputVariants } from '../input/input';
import { useCalendarProps } from './calendar';
import { DEFAULT_FORMAT, type PickerCommonProps, PickerShell, type TriggerProps } from './picker-shell';
import { compareDays, formatTypedDay, parseTypedDay } from './typed-day';

/** A range of days; either end may be missing while it is being picked or when it is empty. */
interface DateRangeValue {
  from?: Date;
  to?: Date;
}

/** A ready-made range offered beside the calendar ('Last 7 days'). */
interface DateRangePreset {
  /** The button's text, already translated. */
  label: string;
  /** The days it chooses, both ends included. */
  range: { from: Date; to: Date };
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
    /**
     * Ready-made ranges shown as buttons beside the calendar (above it on narrow screens), or a
     * function of today (the `today` prop, else the real today, at midnight) that makes them. The
     * one matching the range is marked pressed; choosing one sets the range and closes.
     */
    presets?: readonly DateRangePreset[] | ((today: Date) => readonly DateRangePreset[]);
    /**
     * Shows a start and an end field above the calendar where days can be typed in the interface
     * language's numeric form (or `YYYY-MM-DD`). Enter takes them; a day that does not exist or
     * falls outside `minDate` and `maxDate` is refused with a message.
     */
    typeable?: boolean;
  };

type RangeEnd = 'from' | 'to';

const EMPTY_RANGE: DateRangeValue = {};

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function sameDay(a: Date | undefined, b: Date | undefined): boolean {
  return a !== undefined && b !== undefined && compareDays(a, b) === 0;
}

/** Whether a day can be chosen between the bounds. */
function withinBounds(day: Date, minDate: Date | undefined, maxDate: Date | undefined): boolean {
  return !(minDate && compareDays(day, minDate) < 0) && !(maxDate && compareDays(day, maxDate) > 0);
}

/** Both ends set, the earlier first. */
function ordered(from: Date, to: Date): { from: Date; to: Date } {
  return compareDays(from, to) <= 0 ? { from, to } : { from: to, to: from };
}

/**
 * A button that opens a calendar to pick a start and an end day. The first pick sets the start,
 * the second the end (in either order); the value changes once both are picked, and closing
 * half-way keeps the previous range. `presets` offers ready-made ranges and `typeable` fields to
 * type the days. Props go to the trigger as in DatePicker.
 */
function DateRangePicker({
  value: valueProp,
  defaultValue,
  onValueChange,
  startPlaceholder,
  endPlaceholder,
  numberOfMonths = 2,
  presets,
  typeable = false,
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
  ...props
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const calendarProps = useCalendarProps({ minDate, maxDate, today });
  const [value, setValue] = useControllableState<DateRangeValue>(valueProp, defaultValue ?? EMPTY_RANGE, onValueChange);
  // The range being picked while the calendar is open (null: nothing picked yet in this session);
  // it becomes the value only when both ends are set.
  const [draft, setDraft] = React.useState<DateRange | null>(null);
  const [open, setOpenState] = useControllableState<boolean>(openProp, defaultOpen ?? false, onOpenChange);
  // Text typed in the start and end fields and not yet taken (the fields show the range otherwise),
  // the message of a field whose text was refused, and the month a typed day moved the calendar to.
  const [typed, setTyped] = React.useState<Partial<Record<RangeEnd, string>>>({});
  const [typedErrors, setTypedErrors] = React.useState<Partial<Record<RangeEnd, string>>>({});
  const [month, setMonth] = React.useState<Date | undefined>(undefined);
  const fieldId = React.useId();
  const resetTyping = () => {
    setTyped({});
    setTypedErrors({});
  };
  const setOpen = (next: boolean) => {
    setDraft(null);
    resetTyping();
    setMonth(undefined);
    setOpenState(next);
  };
  const shown: DateRangeValue = open && draft ? draft : value;
  const showClear = clearable && (value.from !== undefined || value.to !== undefined) && !disabled;

  const todayDay = startOfDay(today ?? new Date());
  const presetList = typeof presets === 'function' ? presets(todayDay) : presets;

  const choose = (range: { from: Date; to: Date }) => {
    setValue(range);
    setOpen(false);
  };

  /** Takes a field's text: refuses it with a message, or moves that end of the range to it. */
  const takeTyped = (end: RangeEnd, text: string, close: boolean) => {
    const day = parseTypedDay(text, locale);
    let error: string | undefined;
    if (day === 'invalid') {
      error = t('ui.date.invalidDay', { example: formatTypedDay(todayDay, locale) });
    } else if (day && minDate && compareDays(day, minDate) < 0) {
      error = t('ui.date.beforeMin', { date: formatDate(minDate, locale, formatOptions) });
    } else if (day && maxDate && compareDays(day, maxDate) > 0) {
      error = t('ui.date.afterMax', { date: formatDate(maxDate, locale, formatOptions) });
    }
    if (day === 'invalid' || error !== undefined) {
      setTypedErrors((previous) => ({ ...previous, [end]: error }));
      return;
    }
    setTyped((previous) => ({ ...previous, [end]: undefined }));
    setTypedErrors((previous) => ({ ...previous, [end]: undefined }));
    if (day) {
      setMonth(day);
    }
    const next: DateRangeValue = { ...shown, [end]: day ?? undefined };
    if (next.from && next.to) {
      setValue(ordered(next.from, next.to));
      setDraft(null);
      if (close) {
        setOpen(false);
      }
    } else {
      setDraft({ from: next.from, to: next.to });
    }
  };

  const typedField = (end: RangeEnd, label: string) => {
    const errorId = `${fieldId}-${end}-error`;
    const error = typedErrors[end];
    const current = shown[end];
    return (
      <input
        type="text"
        autoComplete="off"
        data-slot={`date-range-picker-${end}-field`}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={t('ui.date.typeExample', { example: formatTypedDay(todayDay, locale) })}
        value={typed[end] ?? (current ? formatTypedDay(current, locale) : '')}
        onChange={(event) => {
          const text = event.target.value;
          setTyped((previous) => ({ ...previous, [end]: text }));
          setTypedErrors((previous) => ({ ...previous, [end]: undefined }));
        }}
        onBlur={(event) => {
          if (typed[end] !== undefined) {
            takeTyped(end, event.target.value, false);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            takeTyped(end, event.currentTarget.value, true);
          }
        }}
        className={cn(inputVariants({ size: 'sm' }), 'w-32 min-w-0 flex-1 tabular-nums')}
      />
    );
  };
  const startLabel = startPlaceholder ?? t('ui.date.startTime');
  const endLabel = endPlaceholder ?? t('ui.date.endTime');

  return (
    <PickerShell
      pickerSlot="date-range-picker"
      open={open}
      onOpenChange={setOpen}
      onClear={showClear ? () => setValue(EMPTY_RANGE) : undefined}
      disabled={disabled}
      calendar={
        <div data-slot="date-range-picker-panel" className="flex flex-col gap-3 sm:flex-row">
          {presetList && presetList.length > 0 ? (
            <fieldset
              aria-label={t('ui.date.presets')}
              data-slot="date-range-picker-presets"
              className="flex flex-wrap gap-1 border-border border-b pb-3 sm:flex-col sm:flex-nowrap sm:border-e sm:border-b-0 sm:pe-3 sm:pb-0"
            >
              {presetList.map((preset) => {
                const pressed = sameDay(shown.from, preset.range.from) && sameDay(shown.to, preset.range.to);
                return (
                  <button
                    key={preset.label}
                    type="button"
                    data-slot="date-range-picker-preset"
                    aria-pressed={pressed}
                    disabled={
                      !withinBounds(preset.range.from, minDate, maxDate) ||
                      !withinBounds(preset.range.to, minDate, maxDate)
                    }
                    onClick={() => choose(ordered(preset.range.from, preset.range.to))}
                    className={cn(
                      'inline-flex h-7 items-center whitespace-nowrap rounded-md px-2.5 text-start text-xs outline-none transition-colors',
                      'hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      'disabled:pointer-events-none disabled:opacity-50',
                      'aria-pressed:bg-primary-subtle aria-pressed:font-medium aria-pressed:text-primary-subtle-foreground',
                    )}
                  >
                    {preset.label}
                  </button>
                );
              })}
            </fieldset>
          ) : null}
          <div className="flex flex-col gap-3">
            {typeable ? (
              <div data-slot="date-range-picker-fields" className="grid gap-1">
                <div className="flex items-center gap-2">
                  {typedField('from', startLabel)}
                  <MoveRight aria-hidden className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" />
                  {typedField('to', endLabel)}
                </div>
                {(['from', 'to'] as const).map((end) =>
                  typedErrors[end] ? (
                    <p key={end} id={`${fieldId}-${end}-error`} role="alert" className="text-destructive text-xs">
                      {typedErrors[end]}
                    </p>
                  ) : null,
                )}
              </div>
            ) : null}
            <DayPicker
              {...calendarProps}
              mode="range"
              required
              resetOnSelect
              numberOfMonths={numberOfMonths}
              selected={draft ?? (value.from ? { from: value.from, to: value.to } : undefined)}
              onSelect={(range) => {
                resetTyping();
                if (range.from && range.to) {
                  choose({ from: range.from, to: range.to });
                } else {
                  setDraft(range);
                }
              }}
              defaultMonth={value.from ?? defaultMonth}
              month={month}
              onMonthChange={setMonth}
            />
          </div>
        </div>
      }
      {...props}
    >
      <span
        data-slot="date-range-picker-start"
        data-placeholder={shown.from ? undefined : ''}
        className="flex-1 truncate data-placeholder:text-muted-foreground"
      >
        {shown.from ? formatDate(shown.from, locale, formatOptions) : startLabel}
      </span>
      <MoveRight aria-hidden className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" />
      <span className="sr-only">{t('ui.numberRange.to')}</span>
      <span
        data-slot="date-range-picker-end"
        data-placeholder={shown.to ? undefined : ''}
        className="flex-1 truncate data-placeholder:text-muted-foreground"
      >
        {shown.to ? formatDate(shown.to, locale, formatOptions) : endLabel}
      </span>
    </PickerShell>
  );
}

export { DateRangePicker, type DateRangePickerProps, type DateRangePreset, type DateRangeValue };
