import * as React from 'react';
import { focusForPerson, trackFocusSource } from '../lib/focus-source';

/** The dialogs (and the elements that opened them) seen open, so a dialog opened from inside another can fall back to it. */
const openersByDialog = new WeakMap<Element, HTMLElement[]>();

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * The element to go back to for an element that had focus when a dialog opened: an item of a
 * menu that closes as the dialog opens stands for the menu's trigger (Radix labels a menu by it).
 */
function resolveOpener(element: Element | null): HTMLElement | null {
  let current = element;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const menu = current.closest('[role="menu"]');
    if (!menu) {
      break;
    }
    const id = menu.getAttribute('aria-labelledby');
    current = id ? menu.ownerDocument.getElementById(id) : null;
  }
  if (!(current instanceof HTMLElement) || current === current.ownerDocument.body) {
    return null;
  }
  return current;
}

/**
 * Where focus may go back to, best first: the opener; when it sat in another dialog, that
 * dialog itself (if it is still open) and then whatever opened that one.
 */
function openerCandidates(element: Element | null): HTMLElement[] {
  const opener = resolveOpener(element);
  if (!opener) {
    return [];
  }
  const dialog = opener.closest<HTMLElement>(DIALOG);
  return dialog ? [opener, dialog, ...(openersByDialog.get(dialog) ?? [])] : [opener];
}

function canTakeFocus(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(':disabled') && !element.closest('[inert]');
}

/**
 * Renders nothing; on the first render of an opening dialog's content it notes what had focus,
 * before the dialog takes it. Radix's portal mounts the content one render after the dialog
 * opens, when a menu (or a flow's previous step) that opened it may be gone already: what had
 * focus in the render that opened it (`early`) stands in then.
 */
function OpenerProbe({ into, early }: { into: React.RefObject<HTMLElement[]>; early: React.RefObject<HTMLElement[]> }) {
  const noted = React.useRef(false);
  if (!noted.current) {
    noted.current = true;
    const now = openerCandidates(typeof document === 'undefined' ? null : document.activeElement);
    into.current = now.length > 0 ? now : early.current;
  }
  return null;
}

interface ReturnFocus {
  /** Render inside the dialog's content: it notes the opener when the content first renders. */
  probe: React.ReactNode;
  /** The content's ref: registers the dialog so a dialog opened from inside it can come back to it. */
  contentRef: React.RefCallback<HTMLElement>;
  /** Pass as the content's `onCloseAutoFocus`; runs the caller's handler first, which may prevent it. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Gives focus back to whatever opened a dialog when it closes — also when the dialog was opened
 * from state (a table row's button, a menu item) rather than from its own Radix trigger, where
 * Radix alone leaves focus on the page body. Noting the opener while rendering, not in an effect,
 * catches a menu item before its menu closes. The opener shows its ring only to keyboard users.
 */
function useReturnFocus(onCloseAutoFocus?: (event: Event) => void): ReturnFocus {
  React.useEffect(trackFocusSource, []);
  const candidates = React.useRef<HTMLElement[]>([]);
  const early = React.useRef<HTMLElement[]>([]);
  const mounted = React.useRef(false);
  // While the content is not there, each render notes what has focus: the one that opens it wins.
  if (!mounted.current && typeof document !== 'undefined') {
    early.current = openerCandidates(document.activeElement);
  }
  const contentRef = React.useCallback((node: HTMLElement | null) => {
    mounted.current = node !== null;
    if (node) {
      openersByDialog.set(node, candidates.current);
    }
  }, []);
  const handleCloseAutoFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) {
      return;
    }
    const target = candidates.current.find(canTakeFocus);
    candidates.current = [];
    if (!target) {
      // Nothing to go back to: Radix's own (its trigger, when it has one).
      return;
    }
    event.preventDefault();
    // Another dialog opened as this one closed (a flow's next step): focus stays in that one.
    const open = [...target.ownerDocument.querySelectorAll<HTMLElement>(DIALOG)].filter(
      (dialog) => dialog.isConnected && dialog.getAttribute('data-state') !== 'closed',
    );
    if (open.some((dialog) => !dialog.contains(target) && !target.contains(dialog))) {
      return;
    }
    // Ringed for keyboard users (Escape, Enter on Close), not after a click.
    focusForPerson(target);
  };
  return {
    probe: <OpenerProbe into={candidates} early={early} />,
    contentRef,
    onCloseAutoFocus: handleCloseAutoFocus,
  };
}

export { type ReturnFocus, resolveOpener, useReturnFocus };
