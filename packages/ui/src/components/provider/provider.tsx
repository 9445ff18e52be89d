import { getDirection } from '@parley/i18n';
import { Direction, Tooltip } from 'radix-ui';
import type * as React from 'react';

interface UiProviderProps {
  /** Locale tag of the interface; the writing direction follows it unless `dir` is given. */
  locale?: string;
  /** Writing direction for every Radix part, portals included. */
  dir?: 'ltr' | 'rtl';
  children: React.ReactNode;
}

/**
 * Wraps an app (or a story) in what every @parley/ui part needs: the writing direction,
 * and shared tooltip timing.
 */
function UiProvider({ locale = 'en-US', dir, children }: UiProviderProps) {
  const direction = dir ?? getDirection(locale);
  return (
    <Direction.Provider dir={direction}>
      <Tooltip.Provider delayDuration={300}>{children}</Tooltip.Provider>
    </Direction.Provider>
  );
}

export { UiProvider, type UiProviderProps };
