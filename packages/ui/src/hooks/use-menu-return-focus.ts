import * as React from 'react';
import { focusFirstForPerson, focusForPerson, trackFocusSource } from '../lib/focus-source';

const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

type InteractOutsideEvent = CustomEvent<{ originalEvent: PointerEvent | FocusEvent }>;

interface MenuReturnFocusOptions {
  /** Whether the menu is modal (Radix's default): then only a right click outside keeps focus where it lands. */
  modal: boolean;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
  onInteractOutside?: ((event: InteractOutsideEvent) => void) | undefined;
}

/**
 * Radix's own way of giving focus back to a drop-down menu's button when the menu closes, with
 * the focus ring only for keyboard users: the button opens on pointerdown, which it cancels, so
 * after an item picked with the mouse Chromium would otherwise ring the button. Pass the handlers
 * it answers to the menu's content.
 */
function useMenuReturnFocus({ modal, onCloseAutoFocus, onInteractOutside }: MenuReturnFocusOptions) {
  const interactedOutside = React.useRef(false);
  React.useEffect(trackFocusSource, []);
  return {
    onInteractOutside: (event: InteractOutsideEvent) => {
      onInteractOutside?.(event);
      if (event.defaultPrevented) {
        return;
      }
      const original = event.detail.originalEvent as PointerEvent;
      const rightClick = original.button === 2 || (original.button === 0 && original.ctrlKey);
      // As Radix: a non-modal menu left by a click elsewhere leaves focus where it went.
      if (!modal || rightClick) {
        interactedOutside.current = true;
      }
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) {
        return;
      }
      const content = event.currentTarget instanceof Element ? event.currentTarget : null;
      const triggerId = content?.getAttribute('aria-labelledby');
      const trigger = triggerId ? content?.ownerDocument.getElementById(triggerId) : null;
      if (!(trigger instanceof HTMLElement)) {
        // Not found (a trigger given its own id): Radix's own return.
        return;
      }
      event.preventDefault();
      // An item that opened a dialog: focus stays in the dialog (which gives it back to this
      // button when it closes), rather than bouncing out and back in, ringed, by its focus trap.
      const openedDialog = Array.from(trigger.ownerDocument.querySelectorAll(OPEN_DIALOG)).find(
        (dialog) => !dialog.contains(trigger),
      );
      if (openedDialog instanceof HTMLElement) {
        // The dialog's own first focus may have run while the menu still held focus: the menu's
        // closing then left it on the page's body (seen once in Chromium on a busy machine). It goes
        // where the dialog puts it.
        if (!openedDialog.contains(trigger.ownerDocument.activeElement)) {
          focusFirstForPerson(openedDialog);
        }
      } else if (!interactedOutside.current) {
        focusForPerson(trigger);
      }
      interactedOutside.current = false;
    },
  };
}

export { useMenuReturnFocus };
