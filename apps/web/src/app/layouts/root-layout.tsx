import { useTranslation } from '@parley/i18n';
import { Spinner } from '@parley/ui/spinner';
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** SPEC §9: a loadable screen shows its placeholder only after 200 ms, so fast loads do not flash. */
export const PLACEHOLDER_DELAY_MS = 200;

/** True once `active` has stayed true for `delay` milliseconds. */
export function useDelayedFlag(active: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delay);
    return () => window.clearTimeout(timer);
  }, [active, delay]);
  return shown;
}

/** Every page: the outlet, and a loading placeholder while the next screen's chunk arrives. */
function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = useDelayedFlag(navigation.state === 'loading', PLACEHOLDER_DELAY_MS);
  return (
    <>
      {loading ? (
        <div
          role="status"
          className="fixed inset-x-0 top-0 z-50 flex justify-center p-2"
          data-testid="route-placeholder"
        >
          <span className="flex items-center gap-2 rounded-md bg-popover px-3 py-1.5 text-popover-foreground text-sm shadow-md">
            <Spinner size="sm" decorative />
            {t('web.app.loading')}
          </span>
        </div>
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export { RootLayout };
