import { getDirection } from '@parley/i18n';
import { Direction } from 'radix-ui';
import * as React from 'react';
import { trackFocusSource } from '../../lib/focus-source';
import { Toaster } from '../toast/toast';

interface UiProviderProps {
  /** Locale tag of the interface; the writing direction follows it unless `dir` is given. */
  locale?: string;
  /** Writing direction for every Radix part, portals included. */
  dir?: 'ltr' | 'rtl';
  children: React.ReactNode;
}

/**
 * Wraps an app (or a story) in what every @parley/ui part needs: the writing direction and the
 * regions where toasts (`message`, `notice`, `notification`) appear. (Tooltips bring their own
 * timing provider, so that every page does not load their positioning code.) It also notes
 * whether the keyboard or a pointer was used last, for focus moved by the components.
 */
function UiProvider({ locale = 'en-US', dir, children }: UiProviderProps) {
  const direction = dir ?? getDirection(locale);
  // From the start, so focus moved by menus and dialogs rings only for keyboard users.
  React.useEffect(trackFocusSource, []);
  return (
    <Direction.Provider dir={direction}>
      {children}
      <Toaster dir={direction} />
    </Direction.Provider>
  );
}

export { UiProvider, type UiProviderProps };
