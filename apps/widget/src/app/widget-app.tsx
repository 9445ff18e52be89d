import { isApiError, type VisitorMenuItem, type VisitorSession } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Spinner } from '@parley/ui/spinner';
import { MessageSquareText, Phone, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { api } from './api';
import { type CallerValues, CallForm, type PlacedCall } from './call-form';
import { CallScreen } from './call-screen';
import type { MediaChoice } from './devices';
import { closeFrame, hostOrigin, tellLoader, visitorHost } from './frame';
import { ScreenHeading } from './screen-heading';

/** Where the visitor is once the session started. */
type Screen =
  | { name: 'menu' }
  /** A menu item whose screen is not built yet. */
  | { name: 'notOpen'; item: VisitorMenuItem }
  | { name: 'callForm' }
  | { name: 'call'; placed: PlacedCall };

type State =
  | { kind: 'loading' }
  /** `moved`: the visitor has gone from one screen to another, so each new screen takes the focus. */
  | { kind: 'ready'; session: VisitorSession; screen: Screen; moved: boolean }
  | { kind: 'refused' }
  | { kind: 'failed' };

const MENU_ICONS = { call: Phone, message: MessageSquareText } as const satisfies Record<VisitorMenuItem, unknown>;

const NO_CALLER: CallerValues = { name: '', email: '', phone: '' };

/**
 * The widget's frame: it starts the visitor's session for the page that framed it (the server
 * checks that page's origin against the team's list), then shows the team's menu and routes
 * between the menu's screens.
 */
export function WidgetApp({ widgetKey }: { widgetKey: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [caller, setCaller] = useState<CallerValues>(NO_CALLER);
  const [media, setMedia] = useState<MediaChoice>({});

  const start = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      // Opened on its own (not framed), the widget runs as on Parley's own pages: a preview.
      const { data } = await api.visitor.startSession({ widgetKey, host: visitorHost() });
      setState({ kind: 'ready', session: data, screen: { name: 'menu' }, moved: false });
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
        closeFrame();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const go = (screen: Screen) =>
    setState((current) => (current.kind === 'ready' ? { ...current, screen, moved: true } : current));
  const menu = () => go({ name: 'menu' });

  const title = state.kind === 'ready' ? state.session.teamName : t('widget.title');
  const screen = state.kind === 'ready' ? state.screen : undefined;

  return (
    <div className="flex h-full flex-col bg-background text-foreground">
      <header className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <h1 className="min-w-0 flex-1 truncate font-semibold text-base">{title}</h1>
        {hostOrigin() ? (
          // A button of its own rather than the design system's ghost one, whose hover colours it
          // would have to override: the frame's build joins class names without merging them
          // (vite.config.ts), so a caller's class may not fight a component's own.
          <button
            type="button"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md outline-none transition-colors hover:bg-black/10 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label={t('widget.launcher.close')}
            onClick={closeFrame}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
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
        {state.kind === 'ready' && screen?.name === 'menu' ? (
          <nav aria-labelledby="widget-menu-heading" className="flex flex-col gap-3">
            <ScreenHeading id="widget-menu-heading" focus={state.moved}>
              {t('widget.menu.heading')}
            </ScreenHeading>
            <ul className="flex flex-col gap-2">
              {state.session.menu.map((item) => {
                const Icon = MENU_ICONS[item.id];
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-3 rounded-lg border border-border bg-card p-3 text-start hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={() => go(item.id === 'call' ? { name: 'callForm' } : { name: 'notOpen', item: item.id })}
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
        {screen?.name === 'notOpen' ? (
          <div className="flex flex-col items-start gap-3">
            <ScreenHeading>{t(`widget.menu.${screen.item}`)}</ScreenHeading>
            <p role="status">{t('widget.notOpenYet')}</p>
            <Button variant="outline" onClick={menu}>
              {t('widget.back')}
            </Button>
          </div>
        ) : null}
        {screen?.name === 'callForm' ? (
          <CallForm
            widgetKey={widgetKey}
            values={caller}
            onValuesChange={setCaller}
            media={media}
            onMediaChange={setMedia}
            onCalled={(placed) => go({ name: 'call', placed })}
            onBack={menu}
          />
        ) : null}
        {screen?.name === 'call' ? (
          <CallScreen
            placed={screen.placed}
            media={media}
            onMenu={menu}
            onLeaveMessage={() => go({ name: 'notOpen', item: 'message' })}
          />
        ) : null}
      </main>
    </div>
  );
}
