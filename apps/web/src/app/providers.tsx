import { getDirection } from '@parley/i18n';
import { UiProvider } from '@parley/ui/provider';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** The interface language, already loaded; the direction follows from it. */
  locale: string;
  children: React.ReactNode;
}

/** What every screen runs inside: the server-state cache, and the UI library's locale and direction. */
function AppProviders({ queryClient, locale, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider locale={locale} dir={getDirection(locale)}>
        {children}
      </UiProvider>
    </QueryClientProvider>
  );
}

export { AppProviders };
