import { useTranslation } from '@parley/i18n';
import { WifiOff } from 'lucide-react';
import type * as React from 'react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn';

function subscribeToConnectivity(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

function readOnline(): boolean {
  return navigator.onLine;
}

/** Server rendering cannot know, so it assumes online and lets the browser correct it. */
function readOnlineOnServer(): boolean {
  return true;
}

/** Whether the browser reports a network connection; follows the window's online/offline events. */
function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeToConnectivity, readOnline, readOnlineOnServer);
}

type OfflineBannerProps = Omit<React.ComponentProps<'div'>, 'children' | 'title'> & {
  /** Forces the state (stories, tests, or an app that tracks connectivity itself); omit to follow the browser. */
  online?: boolean;
  /** Heading of the warning; defaults to the translated 'You are offline'. */
  title?: React.ReactNode;
  /** Explanation under the heading; defaults to the translated description. */
  description?: React.ReactNode;
};

/**
 * A warning bar shown while the browser is offline (SPEC §4). The live region stays mounted
 * while online, so screen readers announce the warning when it appears.
 */
function OfflineBanner({ online, title, description, className, ...props }: OfflineBannerProps) {
  const { t } = useTranslation();
  const browserOnline = useOnlineStatus();
  const isOnline = online ?? browserOnline;
  return (
    <div
      data-slot="offline-banner"
      data-state={isOnline ? 'online' : 'offline'}
      role="status"
      className={cn('w-full', className)}
      {...props}
    >
      {isOnline ? null : (
        <div
          data-slot="offline-banner-content"
          className="flex items-start gap-3 border-warning border-b bg-warning-subtle px-4 py-2.5 text-sm text-warning-subtle-foreground"
        >
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div className="grid gap-0.5">
            <p data-slot="offline-banner-title" className="font-semibold">
              {title ?? t('ui.offline.title')}
            </p>
            <p data-slot="offline-banner-description">{description ?? t('ui.offline.description')}</p>
          </div>
        </div>
      )}
    </div>
  );
}

export { OfflineBanner, type OfflineBannerProps, useOnlineStatus };
