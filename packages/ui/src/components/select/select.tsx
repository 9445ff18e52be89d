import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { Direction, Select as SelectPrimitive } from 'radix-ui';
import * as React from 'react';
import { useComposedRefs } from '../../hooks/use-composed-refs';
import { cn } from '../../lib/cn';
import { focusForPerson, trackFocusSource } from '../../lib/focus-source';

interface SelectFieldAttributes {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
}

// Field hands its attributes to its single child, here the Select, which renders no element of its own.
const SelectFieldContext = React.createContext<SelectFieldAttributes>({});
/** The trigger, which the list gives focus back to when it closes. */
const SelectTriggerContext = React.createContext<React.RefObject<HTMLButtonElement | null> | null>(null);

type SelectProps = React.ComponentProps<typeof SelectPrimitive.Root> & {
  /** Given to the trigger, so a Field around the whole Select labels it. */
  id?: string;
  /** Given to the trigger. */
  'aria-describedby'?: string;
  /** Given to the trigger. */
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
};

/**
 * A single choice from a list, on Radix Select: `value`/`defaultValue`/`onValueChange`,
 * `name` for forms. Compose it from SelectTrigger (with SelectValue) and SelectContent.
 */
function Select({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...props }: SelectProps) {
  const fieldAttributes = React.useMemo(
    () => ({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid }),
    [id, describedBy, invalid],
  );
  const triggerRef = React.useRef<HTMLButtonElement | null>(null);
  return (
    <SelectFieldContext value={fieldAttributes}>
      <SelectTriggerContext value={triggerRef}>
        <SelectPrimitive.Root {...props} />
      </SelectTriggerContext>
    </SelectFieldContext>
  );
}

type SelectGroupProps = React.ComponentProps<typeof SelectPrimitive.Group>;

function SelectGroup(props: SelectGroupProps) {
  return <SelectPrimitive.Group data-slot="select-group" {...props} />;
}

type SelectValueProps = React.ComponentProps<typeof SelectPrimitive.Value>;

/** Shows the chosen option's text, or the placeholder (translated 'Please select' by default). */
function SelectValue({ placeholder, ...props }: SelectValueProps) {
  const { t } = useTranslation();
  return (
    <SelectPrimitive.Value
      data-slot="select-value"
      placeholder={placeholder ?? t('ui.select.placeholder')}
      {...props}
    />
  );
}

const selectTriggerVariants = cva(
  [
    'flex w-full min-w-0 items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input',
    'bg-background px-3 text-foreground text-sm outline-none transition-colors',
    'hover:border-primary focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/30',
    'data-[state=open]:border-primary data-[placeholder]:text-muted-foreground',
    'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30',
    'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 disabled:hover:border-input',
    '*:data-[slot=select-value]:truncate *:data-[slot=select-value]:text-start',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      size: {
        sm: 'h-7 text-xs',
        md: 'h-8',
        lg: 'h-10 text-base',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type SelectTriggerProps = React.ComponentProps<typeof SelectPrimitive.Trigger> &
  VariantProps<typeof selectTriggerVariants>;

/** The field that opens the list. Takes Field's `id`, `aria-invalid` and `aria-describedby`. */
function SelectTrigger({ className, size, children, ref, ...props }: SelectTriggerProps) {
  const fieldAttributes = React.use(SelectFieldContext);
  const composedRef = useComposedRefs(ref, React.use(SelectTriggerContext));
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      data-size={size ?? 'md'}
      {...fieldAttributes}
      className={cn(selectTriggerVariants({ size }), className)}
      {...props}
      ref={composedRef}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden className="text-muted-foreground" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

type SelectContentProps = React.ComponentProps<typeof SelectPrimitive.Content>;

/** The portalled list; it follows the writing direction and is at least as wide as the trigger. */
function SelectContent({ className, children, position = 'popper', onCloseAutoFocus, ...props }: SelectContentProps) {
  const dir = Direction.useDirection();
  const triggerRef = React.use(SelectTriggerContext);
  React.useEffect(trackFocusSource, []);
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        dir={dir}
        position={position}
        // Back to the trigger, as Radix does, but ringed only for keyboard users: the trigger
        // opens on pointerdown, which it cancels, so Chromium would ring it after a mouse pick.
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const trigger = triggerRef?.current;
          if (!event.defaultPrevented && trigger) {
            event.preventDefault();
            focusForPerson(trigger, { preventScroll: true });
          }
        }}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-y-auto overflow-x-hidden',
          'origin-(--radix-select-content-transform-origin) rounded-md border bg-popover text-popover-foreground shadow-md',
          'data-[state=closed]:animate-out data-[state=open]:animate-in',
          'data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0',
          'data-[state=closed]:zoom-out-95 data-[state=open]:zoom-in-95',
          position === 'popper' &&
            'data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1 w-full min-w-(--radix-select-trigger-width)',
          className,
        )}
        {...props}
      >
        <SelectScrollUpButton />
        <SelectPrimitive.Viewport
          data-slot="select-viewport"
          className={cn('p-1', position === 'popper' && 'h-(--radix-select-trigger-height) w-full scroll-my-1')}
        >
          {children}
        </SelectPrimitive.Viewport>
        <SelectScrollDownButton />
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

type SelectLabelProps = React.ComponentProps<typeof SelectPrimitive.Label>;

/** A heading for a SelectGroup. */
function SelectLabel({ className, ...props }: SelectLabelProps) {
  return (
    <SelectPrimitive.Label
      data-slot="select-label"
      className={cn('px-2 py-1.5 text-muted-foreground text-xs', className)}
      {...props}
    />
  );
}

type SelectItemProps = React.ComponentProps<typeof SelectPrimitive.Item>;

/** One option; its children are the text shown in the list and, once chosen, in the trigger. */
function SelectItem({ className, children, ...props }: SelectItemProps) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex w-full cursor-default select-none items-center gap-2 rounded-sm py-1.5 ps-2 pe-8 text-sm',
        'outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
        'data-[state=checked]:font-medium',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <span className="absolute end-2 flex size-3.5 items-center justify-center">
        <SelectPrimitive.ItemIndicator data-slot="select-item-indicator">
          <Check aria-hidden className="size-4 text-primary-text" />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  );
}

type SelectSeparatorProps = React.ComponentProps<typeof SelectPrimitive.Separator>;

function SelectSeparator({ className, ...props }: SelectSeparatorProps) {
  return (
    <SelectPrimitive.Separator
      data-slot="select-separator"
      className={cn('pointer-events-none -mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}

type SelectScrollUpButtonProps = React.ComponentProps<typeof SelectPrimitive.ScrollUpButton>;

function SelectScrollUpButton({ className, ...props }: SelectScrollUpButtonProps) {
  return (
    <SelectPrimitive.ScrollUpButton
      data-slot="select-scroll-up-button"
      className={cn('flex cursor-default items-center justify-center py-1', className)}
      {...props}
    >
      <ChevronUp aria-hidden className="size-4" />
    </SelectPrimitive.ScrollUpButton>
  );
}

type SelectScrollDownButtonProps = React.ComponentProps<typeof SelectPrimitive.ScrollDownButton>;

function SelectScrollDownButton({ className, ...props }: SelectScrollDownButtonProps) {
  return (
    <SelectPrimitive.ScrollDownButton
      data-slot="select-scroll-down-button"
      className={cn('flex cursor-default items-center justify-center py-1', className)}
      {...props}
    >
      <ChevronDown aria-hidden className="size-4" />
    </SelectPrimitive.ScrollDownButton>
  );
}

export {
  Select,
  SelectContent,
  type SelectContentProps,
  SelectGroup,
  type SelectGroupProps,
  SelectItem,
  type SelectItemProps,
  SelectLabel,
  type SelectLabelProps,
  type SelectProps,
  SelectScrollDownButton,
  type SelectScrollDownButtonProps,
  SelectScrollUpButton,
  type SelectScrollUpButtonProps,
  SelectSeparator,
  type SelectSeparatorProps,
  SelectTrigger,
  type SelectTriggerProps,
  SelectValue,
  type SelectValueProps,
  selectTriggerVariants,
};
