import { useTranslation } from '@parley/i18n';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react';
import { Direction } from 'radix-ui';
import * as React from 'react';
import type { ChevronProps, ClassNames, CustomComponents, Formatters, Labels, Matcher } from 'react-day-picker';
import { cn } from '../../lib/cn';

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

interface CalendarBounds {
  minDate?: Date;
  maxDate?: Date;
  today?: Date;
}

/**
 * DayPicker props shared by both pickers: localised with Intl in the interface language, laid
 * out for the direction, and kept between `minDate` and `maxDate`.
 */
function useCalendarProps({ minDate, maxDate, today }: CalendarBounds) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const dir = Direction.useDirection();
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
    startMonth: minDate,
    endMonth: maxDate,
    disabled: boundsMatchers(minDate, maxDate),
    today,
  };
}

export { useCalendarProps };
