/**
 * Whether the person last used the keyboard or a pointer, so focus that a component moves itself
 * (back to a menu's button after an item is picked, to the button that opened a dialog) shows
 * its ring for keyboard users only.
 *
 * Browsers decide :focus-visible for focus moved by script from how focus last moved. Menus and
 * selects open on pointerdown and cancel it (so their button is never focused by the click), and
 * then Chromium shows the ring on the button when focus comes back to it after a mouse pick.
 * `focus({ focusVisible })` says what the person did; browsers without the option ignore it.
 */

type FocusSource = 'keyboard' | 'pointer';

let source: FocusSource = 'keyboard';
let tracking = false;

function onKeyDown(event: KeyboardEvent) {
  // A modifier alone or a shortcut chord is not moving around with the keyboard.
  if (event.key !== 'Control' && event.key !== 'Meta' && event.key !== 'Alt' && event.key !== 'Shift') {
    source = 'keyboard';
  }
}

function onPointerDown() {
  source = 'pointer';
}

/** Starts listening (once per page): call it where a component that moves focus mounts. */
function trackFocusSource(): void {
  if (tracking || typeof document === 'undefined') {
    return;
  }
  tracking = true;
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('pointerdown', onPointerDown, true);
}

/**
 * Forgets what was last used ('keyboard' again, as on a fresh page): Storybook renders one story
 * after another in one page, and a story's rings must not depend on what the one before clicked.
 */
function resetFocusSource(): void {
  source = 'keyboard';
}

/** What the person last used: 'keyboard' until a pointer is pressed. */
function lastFocusSource(): FocusSource {
  return source;
}

const NOT_TYPED_INTO = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** A field one types into, which browsers always ring when focused (the ring shows where typing goes). */
function takesTyping(element: HTMLElement): boolean {
  if (element instanceof HTMLInputElement) {
    return !NOT_TYPED_INTO.has(element.type);
  }
  return element instanceof HTMLTextAreaElement || element.isContentEditable;
}

/** Moves focus for the person, with its ring only when they are on the keyboard (or it takes typing). */
function focusForPerson(element: HTMLElement, options: FocusOptions = {}): void {
  element.focus(takesTyping(element) ? options : ({ ...options, focusVisible: source === 'keyboard' } as FocusOptions));
}

/** Whether an element takes focus with Tab (as Radix's focus scope reads it). */
function isTabbable(element: HTMLElement): boolean {
  if (
    element.tabIndex < 0 ||
    element.matches(':disabled') ||
    (element instanceof HTMLInputElement && element.type === 'hidden')
  ) {
    return false;
  }
  return typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : true;
}

/**
 * Focuses the first element in `container` that Tab reaches (else the container itself), as
 * Radix's dialogs do on opening, with its ring only for keyboard users. Text in a field is
 * selected, as Radix does.
 */
function focusFirstForPerson(container: HTMLElement): void {
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof HTMLElement && isTabbable(node)) {
      focusForPerson(node, { preventScroll: true });
      if (node.ownerDocument.activeElement === node) {
        if (node instanceof HTMLInputElement && typeof node.select === 'function') {
          node.select();
        }
        return;
      }
    }
  }
  focusForPerson(container, { preventScroll: true });
}

export { type FocusSource, focusFirstForPerson, focusForPerson, lastFocusSource, resetFocusSource, trackFocusSource };
