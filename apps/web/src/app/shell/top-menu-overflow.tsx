import { useTranslation } from '@parley/i18n';
import type { MenuItem } from '@parley/ui/menu';
import { Ellipsis } from 'lucide-react';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** The key of the entry that holds what does not fit. */
export const MORE_KEY = 'more';

/** Room for the 'More' entry before it has been measured. */
const MORE_WIDTH_GUESS = 96;

/**
 * How many top-level entries fit in `available` pixels, leaving room for the 'More' entry when
 * some do not. Widths are in the entries' order.
 */
export function fittingCount(widths: readonly number[], available: number, moreWidth: number): number {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= available) {
    return widths.length;
  }
  let used = 0;
  for (const [index, width] of widths.entries()) {
    if (used + width + moreWidth > available) {
      return index;
    }
    used += width;
  }
  return widths.length;
}

/**
 * The top menu bar at a fixed content width has less room than the menu needs (seven entries in
 * English, more in longer languages): entries that do not fit move into a 'More' sub-menu at the
 * end of the bar instead of being cut off. Put `ref` on an element that fills the menu's slot.
 */
export function useTopMenuOverflow(
  items: MenuItem[],
  enabled: boolean,
): { ref: RefObject<HTMLDivElement | null>; items: MenuItem[] } {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const widths = useRef(new Map<string, number>());
  const [available, setAvailable] = useState<number | null>(null);
  const [shown, setShown] = useState(items.length);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element) {
      return;
    }
    setAvailable(element.clientWidth);
    const observer = new ResizeObserver(() => setAvailable(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  const count = enabled ? Math.min(shown, items.length) : items.length;
  const visible = items.slice(0, count);
  const hidden = items.slice(count);
  const displayed =
    hidden.length > 0
      ? [...visible, { key: MORE_KEY, label: t('web.menu.more'), icon: <Ellipsis aria-hidden />, children: hidden }]
      : visible;

  // Measures what is on screen, then settles how many entries fit; each entry is measured the
  // first time it shows (all show on the first render), so hidden ones keep their width.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element || available === null) {
      return;
    }
    const entries = element.querySelectorAll<HTMLElement>('[data-slot="menu-list"] > [data-slot="menu-entry"]');
    displayed.forEach((item, index) => {
      const entry = entries[index];
      if (entry) {
        widths.current.set(item.key, entry.getBoundingClientRect().width);
      }
    });
    const measured = items.map((item) => widths.current.get(item.key));
    if (measured.some((width) => width === undefined)) {
      // A new entry (another role, say): show everything once to measure it.
      setShown(items.length);
      return;
    }
    const next = fittingCount(measured as number[], available, widths.current.get(MORE_KEY) ?? MORE_WIDTH_GUESS);
    if (next !== count) {
      setShown(next);
    }
  });

  return { ref, items: displayed };
}
