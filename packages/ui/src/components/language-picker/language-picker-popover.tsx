import { Popover as PopoverPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useRef } from 'react';

/** What the panel is given for Radix's content element (its id, classes, alignment, label). */
type LanguagePickerPanelProps = React.ComponentProps<typeof PopoverPrimitive.Content> & { 'data-slot'?: string };

interface LanguagePickerPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The picker's own button: the list lines up with it, and focus returns to it. */
  triggerRef: React.RefObject<HTMLButtonElement | null>;
  contentProps: LanguagePickerPanelProps;
  children: React.ReactNode;
}

/**
 * The language list's floating panel (Radix Popover), in a module of its own: its positioning and
 * dismissal code loads when the picker is first pointed at, focused or opened, not with every page
 * that shows the picker. The picker's button stays the picker's own; the panel anchors to it, and
 * does what Radix's trigger would (a click on the button toggles rather than dismisses; focus goes
 * back to it on close unless the person moved elsewhere).
 */
function LanguagePickerPopover({ open, onOpenChange, triggerRef, contentProps, children }: LanguagePickerPopoverProps) {
  const interactedOutside = useRef(false);
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Anchor virtualRef={triggerRef as React.RefObject<HTMLButtonElement>} />
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          {...contentProps}
          onInteractOutside={(event) => {
            if (triggerRef.current?.contains(event.target as Node)) {
              // The button's own click toggles the list.
              event.preventDefault();
              return;
            }
            interactedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!interactedOutside.current) {
              triggerRef.current?.focus();
            }
            interactedOutside.current = false;
          }}
        >
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

export { type LanguagePickerPanelProps, LanguagePickerPopover };
