import { formatDate, useTranslation } from '@parley/i18n';
import { MoveRight } from 'lucide-react';
import * as React from 'react';
import { type DateRange, DayPicker } from 'react-day-picker';
import { useControllableState } from '../../hooks/use-controllable-state';
import { useCalendarProps } from './calendar';
import { DEFAULT_FORMAT, type PickerCommonProps, PickerShell, type TriggerProps } from './picker-shell';

/** A range of days; either end may be missing while it is being picked or when it is empty. */
interface DateRangeValue {
  from?: Date;
  to?: Date;
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
  const setOpen = (next: boolean) => {
    setDraft(null);
    setOpenState(next);
  };
  const shown: DateRangeValue = open && draft ? draft : value;
  const showClear = clearable && (value.from !== undefined || value.to !== undefined) && !disabled;

  return (
    <PickerShell
      pickerSlot="date-range-picker"
      open={open}
      onOpenChange={setOpen}
      onClear={showClear ? () => setValue(EMPTY_RANGE) : undefined}
      disabled={disabled}
      calendar={
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
        />
      }
      {...props}
    >
      <span
        data-slot="date-range-picker-start"
        data-placeholder={shown.from ? undefined : ''}
        className="flex-1 truncate data-placeholder:text-muted-foreground"
      >
        {shown.from ? formatDate(shown.from, locale, formatOptions) : (startPlaceholder ?? t('ui.date.startTime'))}
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
    </PickerShell>
  );
}

export { DateRangePicker, type DateRangePickerProps, type DateRangeValue };
