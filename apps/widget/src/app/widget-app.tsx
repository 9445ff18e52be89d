import { createRequest, isApiError, type VisitorMenuItem, type VisitorSession, visitorEndpoints } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Spinner } from '@parley/ui/spinner';
import { MessageSquareText, Phone, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { hostOrigin, tellLoader } from './frame';

/**
 * No member's token, no XSRF cookie: the visitor's frame speaks for the visitor alone (and takes
 * only the visitor's part of the contract, not the whole client's).
 */
const api = { visitor: visitorEndpoints(createRequest({ xsrf: false })) };

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; session: VisitorSession; chosen?: VisitorMenuItem }
  | { kind: 'refused' }
  | { kind: 'failed' };

const MENU_ICONS = { call: Phone, message: MessageSquareText } as const satisfies Record<VisitorMenuItem, unknown>;

/**
 * The widget's frame: it starts the visitor's session for the page that framed it (the server
 * checks that page's origin against the team's list), then shows the team's menu.
 */
export function WidgetApp({ widgetKey }: { widgetKey: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const start = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      // Opened on its own (not framed), the widget runs as on Parley's own pages: a preview.
      const host = hostOrigin() ?? window.location.origin;
      const { data } = await api.visitor.startSession({ widgetKey, host });
      setState({ kind: 'ready', session: data });
    } catch (error) {
      const refused = isApiError(error) && (error.status === 403 || error.status === 404);
      setState({ kind: refused ? 'refused' : 'failed' });
    }
  }, [widgetKey]);

  useEffect(() => {
    void start();
  }, [start]);

  useEffect(() => {
    tellLoader({ type: 'ready' });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        tellLoader({ type: 'close' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const title = state.kind === 'ready' ? state.session.teamName : t('widget.title');

  return (
    <div className="flex h-full flex-col bg-background text-foreground">
      <header className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <h1 className="min-w-0 flex-1 truncate font-semibold text-base">{title}</h1>
        {hostOrigin() ? (
          <Button
            variant="ghost"
            size="icon"
            className="text-primary-foreground hover:bg-black/10 hover:text-primary-foreground"
            aria-label={t('widget.launcher.close')}
            onClick={() => tellLoader({ type: 'close' })}
          >
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </header>
      <main className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
        {state.kind === 'loading' ? (
          <div className="grid flex-1 place-items-center">
            <Spinner label={t('widget.loading')} />
          </div>
        ) : null}
        {state.kind === 'refused' ? (
          <p role="alert" className="text-muted-foreground">
            {t('widget.loader.refused')}
          </p>
        ) : null}
        {state.kind === 'failed' ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-muted-foreground">{t('widget.loader.failed')}</p>
            <Button variant="outline" onClick={() => void start()}>
              {t('widget.retry')}
            </Button>
          </div>
        ) : null}
        {state.kind === 'ready' && !state.chosen ? (
          <nav aria-labelledby="widget-menu-heading" className="flex flex-col gap-3">
            <h2 id="widget-menu-heading" className="font-medium text-lg">
              {t('widget.menu.heading')}
            </h2>
            <ul className="flex flex-col gap-2">
              {state.session.menu.map((item) => {
                const Icon = MENU_ICONS[item.id];
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-3 rounded-lg border border-border bg-card p-3 text-start hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={() => setState({ ...state, chosen: item.id })}
                    >
                      <Icon aria-hidden="true" className="size-5 shrink-0 text-primary-text" />
                      <span className="flex flex-col">
                        <span className="font-medium">{t(`widget.menu.${item.id}`)}</span>
                        <span className="text-muted-foreground text-sm">{t(`widget.menu.${item.id}Hint`)}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
        {state.kind === 'ready' && state.chosen ? (
          <div className="flex flex-col items-start gap-3">
            <p role="status">{t('widget.notOpenYet')}</p>
            <Button variant="outline" onClick={() => setState({ kind: 'ready', session: state.session })}>
              {t('widget.back')}
            </Button>
          </div>
        ) : null}
      </main>
    </div>
  );
}
