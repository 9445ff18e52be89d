import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { PageHeader } from '@parley/ui/page-header';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { widgetQueryOptions } from './domain-queries';

declare global {
  interface Window {
    /** Set by widget.js once it runs on a page (apps/widget/src/loader/loader.ts). */
    parleyWidgetLoaded?: boolean;
  }
}

/**
 * Puts the team's widget on this page with the embed tag's own script, as a site would, and takes
 * it away again when the member leaves the page.
 */
function useEmbeddedWidget(widgetKey: string | undefined): void {
  useEffect(() => {
    if (!widgetKey) {
      return;
    }
    const script = document.createElement('script');
    script.src = '/widget.js';
    script.async = true;
    script.dataset.parleyTeam = widgetKey;
    document.body.append(script);
    return () => {
      script.remove();
      document.querySelector('[data-parley-widget]')?.remove();
      window.parleyWidgetLoaded = undefined;
    };
  }, [widgetKey]);
}

/**
 * `/widget-preview`: the team's visitor widget on Parley's own page, where it runs before any
 * website is on the list (the server allows Parley's own origin), so members can try it.
 */
function WidgetPreviewScreen() {
  const { t } = useTranslation();
  const query = useQuery(widgetQueryOptions());
  useEmbeddedWidget(query.data?.widgetKey);
  return (
    <div className="grid gap-4 pb-6">
      <PageHeader title={t('web.menu.widgetPreview')} titleLevel={1}>
        <p className="max-w-3xl text-muted-foreground text-sm">{t('web.domains.previewIntro')}</p>
      </PageHeader>
      <div className="grid max-w-3xl justify-items-start gap-4 px-4">
        {query.isError ? (
          <RetryAlert title={t('web.domains.keyLoadFailed')} onRetry={() => void query.refetch()} />
        ) : null}
        <Button variant="outline" asChild>
          <Link to="/settings/domain-managment">
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {t('web.domains.previewBack')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

export { WidgetPreviewScreen };
