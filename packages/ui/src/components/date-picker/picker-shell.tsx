import { useTranslation } from '@parley/i18n';
import type { VariantProps } from 'class-variance-authority';
import { CalendarDays, X } from 'lucide-react';
import { Direction, Popover } from 'radix-ui';
import * as React from 'react';
import { useComposedRefs } from '../../hooks/use-composed-refs';
import { cn } from '../../lib/cn';
import { inputVariants } from '../input/input';

/** What both pickers hand to their trigger button. */
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

// On a short screen the calendar scrolls inside the room the popover has rather than running off it.
const contentClassName =
  'z-50 max-h-(--radix-popover-content-available-height) w-auto overflow-y-auto rounded-lg border border-border bg-popover p-3 text-popover-foreground shadow-md outline-none';

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

type PickerShellProps = TriggerProps & {
  /** The picker's slot name; the trigger and the calendar popover take it with `-trigger` and `-content`. */
  pickerSlot: 'date-picker' | 'date-range-picker';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Empties the value; without it the calendar icon shows instead of the clear button. */
  onClear?: () => void;
  /** What the trigger shows: the chosen value or its placeholder. */
  children: React.ReactNode;
  /** The calendar, shown in the popover. */
  calendar: React.ReactNode;
};

/**
 * The frame both pickers share: a combobox trigger that opens a popover with the calendar
 * (Enter, Space or ArrowDown), the clear button or calendar icon at its end, and focus moved
 * into the grid on opening and back to the trigger after clearing.
 */
function PickerShell({
  pickerSlot,
  className,
  size,
  open,
  onOpenChange,
  onClear,
  disabled,
  onKeyDown,
  ref,
  children,
  calendar,
  ...props
}: PickerShellProps) {
  const { t } = useTranslation();
  const dir = Direction.useDirection();
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const composedRef = useComposedRefs(ref, triggerRef);

  return (
    <div data-slot={pickerSlot} className={cn('relative flex w-full', className)}>
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <Popover.Trigger asChild>
          <button
            ref={composedRef}
            type="button"
            role="combobox"
            aria-expanded={open}
            data-slot={`${pickerSlot}-trigger`}
            data-size={size ?? 'md'}
            disabled={disabled}
            className={cn(inputVariants({ size }), triggerClassName)}
            onKeyDown={(event) => {
              onKeyDown?.(event);
              // Opens with ArrowDown as well as Enter and Space, as a select-only combobox does.
              if (!event.defaultPrevented && event.key === 'ArrowDown' && !event.ctrlKey && !event.metaKey) {
                event.preventDefault();
                onOpenChange(true);
              }
            }}
            {...props}
          >
            {children}
          </button>
        </Popover.Trigger>
        {onClear ? (
          <ClearButton
            onClear={() => {
              onClear();
              triggerRef.current?.focus();
            }}
          />
        ) : (
          <CalendarDays aria-hidden className={endIconClassName} />
        )}
        <Popover.Portal>
          <Popover.Content
            data-slot={`${pickerSlot}-content`}
            dir={dir}
            align="start"
            sideOffset={4}
            aria-label={t('ui.date.calendar')}
            onOpenAutoFocus={focusGridDay}
            className={contentClassName}
          >
            {calendar}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

export { DEFAULT_FORMAT, type PickerCommonProps, PickerShell, type PickerShellProps, type TriggerProps };
