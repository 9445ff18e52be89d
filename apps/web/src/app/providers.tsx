import { getDirection } from '@parley/i18n';
import { UiProvider } from '@parley/ui/provider';

interface AppProvidersProps {
  /** The interface language, already loaded; the direction follows from it. */
  locale: string;
  children: React.ReactNode;
}

/**
 * What every screen runs inside: the UI library's locale and direction. The query cache is the
 * signed-in area's and a few public screens' own (lib/query-provider), not every page's.
 */
function AppProviders({ locale, children }: AppProvidersProps) {
  return (
    <UiProvider locale={locale} dir={getDirection(locale)}>
      {children}
    </UiProvider>
  );
}

export { AppProviders };
