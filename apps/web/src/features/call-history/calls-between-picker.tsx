import { formatDate, useTranslation } from '@parley/i18n';
import type { DateRangePreset, DateRangeValue } from '@parley/ui/date-picker';
import { inputVariants } from '@parley/ui/input';
import { cn } from '@parley/ui/lib/cn';
import { CalendarDays, MoveRight } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The calendar (react-day-picker and date-fns) is most of the filter bar's weight: it loads when a
// member reaches for it, not with the screen.
const loadPicker = () => import('@parley/ui/date-picker');
const DateRangePicker = lazy(() => loadPicker().then((module) => ({ default: module.DateRangePicker })));

const DATE_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** A day of the member's local calendar, `days` after (or before) another. */
function addDays(day: Date, days: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);
}

/** Today at midnight in the member's local calendar. */
function localToday(): Date {
  return addDays(new Date(), 0);
}

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * The ranges offered beside the calendar, in the member's local calendar: Today, Yesterday,
 * Last 7 days (today and the six days before) and This month (its 1st to today).
 */
function callPresets(t: Translate, today: Date): DateRangePreset[] {
  const yesterday = addDays(today, -1);
  return [
    { label: t('web.calls.filter.presetToday'), range: { from: today, to: today } },
    { label: t('web.calls.filter.presetYesterday'), range: { from: yesterday, to: yesterday } },
    { label: t('web.calls.filter.presetLast7Days'), range: { from: addDays(today, -6), to: today } },
    {
      label: t('web.calls.filter.presetThisMonth'),
      range: { from: new Date(today.getFullYear(), today.getMonth(), 1), to: today },
    },
  ];
}

interface CallsBetweenPickerProps {
  /** The label's target (FilterBarField gives it). */
  id?: string;
  value: DateRangeValue;
  onValueChange: (value: DateRangeValue) => void;
}

/**
 * "Calls between" (SPEC §2.4): @parley/ui's DateRangePicker, whose calendar loads on first use.
 * Until then a look-alike trigger shows the range (or 'Start time' and 'End time'); pointing at it
 * or focusing it starts the load, and pressing it (or ArrowDown) opens the calendar. It offers
 * ranges ready-made and typed days, and no day after today: calls cannot come from the future.
 */
function CallsBetweenPicker({ id, value, onValueChange }: CallsBetweenPickerProps) {
  const { t, i18n } = useTranslation();
  const today = localToday();
  const [opened, setOpened] = useState(false);
  // Once shown (a range in force, or opened), the real picker stays, so focus and Clear keep working.
  const [real, setReal] = useState(false);
  if (!real && (value.from !== undefined || value.to !== undefined)) {
    setReal(true);
  }
  const open = () => {
    setOpened(true);
    setReal(true);
  };

  const standIn = (
    <div data-slot="date-range-picker" className="relative flex w-full">
      <button
        id={id}
        type="button"
        role="combobox"
        aria-expanded={false}
        aria-haspopup="dialog"
        data-slot="date-range-picker-trigger"
        className={cn(inputVariants(), 'cursor-pointer items-center gap-2 pe-8 text-start')}
        onPointerEnter={() => void loadPicker()}
        onFocus={() => void loadPicker()}
        onClick={open}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            open();
          }
        }}
      >
        <span className={cn('flex-1 truncate', !value.from && 'text-muted-foreground')}>
          {value.from ? formatDate(value.from, i18n.language, DATE_FORMAT) : t('ui.date.startTime')}
        </span>
        <MoveRight aria-hidden className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" />
        <span className="sr-only">{t('ui.numberRange.to')}</span>
        <span className={cn('flex-1 truncate', !value.to && 'text-muted-foreground')}>
          {value.to ? formatDate(value.to, i18n.language, DATE_FORMAT) : t('ui.date.endTime')}
        </span>
      </button>
      <CalendarDays
        aria-hidden
        className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );

  if (!real) {
    return standIn;
  }
  return (
    <Suspense fallback={standIn}>
      <DateRangePicker
        id={id}
        clearable
        typeable
        defaultOpen={opened}
        value={value}
        onValueChange={onValueChange}
        today={today}
        maxDate={today}
        presets={(day) => callPresets(t, day)}
      />
    </Suspense>
  );
}

export { CallsBetweenPicker, type CallsBetweenPickerProps };
