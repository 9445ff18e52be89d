import { Direction, Tooltip as TooltipPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { TOOLTIP_DELAY_MS } from '../../lib/tooltip-delay';

/**
 * A short hint shown on hover and keyboard focus. Each tooltip brings its own timing provider (as
 * shadcn/ui's does), so that UiProvider, on every page, does not load the tooltip's positioning code.
 */
function Tooltip(props: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <TooltipPrimitive.Root data-slot="tooltip" {...props} />
    </TooltipPrimitive.Provider>
  );
}

function TooltipTrigger(props: React.ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

type TooltipContentProps = React.ComponentProps<typeof TooltipPrimitive.Content> & {
  /** Draws the small arrow pointing at the trigger. */
  showArrow?: boolean;
};

/** The hint itself, portalled to the body; it carries the writing direction along. */
function TooltipContent({ className, sideOffset = 4, showArrow = true, children, ...props }: TooltipContentProps) {
  const dir = Direction.useDirection();
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        dir={dir}
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-fit max-w-xs origin-(--radix-tooltip-content-transform-origin) text-balance rounded-md',
          'bg-foreground px-2.5 py-1.5 text-background text-xs leading-5 shadow-md',
          'fade-in-0 zoom-in-95 animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0',
          'data-[state=closed]:zoom-out-95',
          className,
        )}
        {...props}
      >
        {children}
        {showArrow ? <TooltipPrimitive.Arrow className="fill-foreground" width={10} height={5} /> : null}
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

export { Tooltip, TooltipContent, type TooltipContentProps, TooltipTrigger };
