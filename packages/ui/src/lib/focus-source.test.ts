import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusFirstForPerson, focusForPerson, lastFocusSource, trackFocusSource } from './focus-source';

function press(kind: 'pointer' | 'key') {
  document.body.dispatchEvent(
    kind === 'pointer'
      ? new Event('pointerdown', { bubbles: true })
      : new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('focus source', () => {
  it('notes whether a pointer or the keyboard was used last (modifier keys alone do not count)', () => {
    trackFocusSource();
    press('pointer');
    expect(lastFocusSource()).toBe('pointer');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }));
    expect(lastFocusSource()).toBe('pointer');
    press('key');
    expect(lastFocusSource()).toBe('keyboard');
  });

  it('asks the browser for no ring after a pointer, for one after the keyboard, and leaves fields to the browser', () => {
    trackFocusSource();
    document.body.innerHTML = '<button>Actions</button><input aria-label="Title" />';
    const button = document.querySelector('button') as HTMLButtonElement;
    const field = document.querySelector('input') as HTMLInputElement;
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    press('pointer');
    focusForPerson(button, { preventScroll: true });
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true, focusVisible: false });
    expect(button).toHaveFocus();
    focusForPerson(field);
    expect(focus).toHaveBeenLastCalledWith({});
    press('key');
    focusForPerson(button);
    expect(focus).toHaveBeenLastCalledWith({ focusVisible: true });
  });

  it('focuses the first control Tab reaches, skipping disabled and hidden ones, else the container', () => {
    trackFocusSource();
    press('pointer');
    document.body.innerHTML =
      '<div id="box" tabindex="-1"><p>Text</p><button disabled>Off</button><input type="hidden" /><span tabindex="-1">x</span><button>Done</button></div><div id="empty" tabindex="-1"><p>Nothing</p></div>';
    focusFirstForPerson(document.getElementById('box') as HTMLElement);
    expect(document.activeElement).toHaveTextContent('Done');
    focusFirstForPerson(document.getElementById('empty') as HTMLElement);
    expect(document.activeElement).toBe(document.getElementById('empty'));
  });
});
