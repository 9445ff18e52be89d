import { formatDate, useTranslation } from '@parley/i18n';
import { DayPicker } from 'react-day-picker';
import { useControllableState } from '../../hooks/use-controllable-state';
import { useCalendarProps } from './calendar';
import { DEFAULT_FORMAT, type PickerCommonProps, PickerShell, type TriggerProps } from './picker-shell';

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
  ...props
}: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const calendarProps = useCalendarProps({ minDate, maxDate, today });
  const [value, setValue] = useControllableState<Date | null>(valueProp, defaultValue ?? null, onValueChange);
  const [open, setOpen] = useControllableState<boolean>(openProp, defaultOpen ?? false, onOpenChange);
  const showClear = clearable && value !== null && !disabled;

  return (
    <PickerShell
      pickerSlot="date-picker"
      open={open}
      onOpenChange={setOpen}
      onClear={showClear ? () => setValue(null) : undefined}
      disabled={disabled}
      calendar={
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
        />
      }
      {...props}
    >
      <span
        data-slot="date-picker-value"
        data-placeholder={value === null ? '' : undefined}
        className="flex-1 truncate data-placeholder:text-muted-foreground"
      >
        {value === null ? (placeholder ?? t('ui.date.selectTime')) : formatDate(value, locale, formatOptions)}
      </span>
    </PickerShell>
  );
}

export { DatePicker, type DatePickerProps };
