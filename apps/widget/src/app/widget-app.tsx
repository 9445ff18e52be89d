import { isApiError, type VisitorMenuItem, type VisitorSession } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Spinner } from '@parley/ui/spinner';
import { MessageSquareText, Phone, X } from 'lucide-react';
import { type ComponentProps, type ComponentType, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { api } from './api';
import { type CallerValues, CallForm, type PlacedCall } from './call-form';
import { CallScreen } from './call-screen';
import type { MediaChoice } from './devices';
import { closeFrame, hostOrigin, tellLoader, visitorHost } from './frame';
import { ScreenHeading } from './screen-heading';

/** The video message's recorder, loaded when the visitor heads for it: the frame opens without it. */
const loadMessageScreen = async () => (await import('./message-screen')).MessageRecorder;
type MessageRecorderProps = ComponentProps<Awaited<ReturnType<typeof loadMessageScreen>>>;

/** The recorder could not be fetched (offline, or a release replaced its file): Try again fetches it again. */
function MessageScreenFailed(props: MessageRecorderProps) {
  const { t } = useTranslation();
  const [Loaded, setLoaded] = useState<ComponentType<MessageRecorderProps> | null>(null);
  const [trying, setTrying] = useState(false);
  if (Loaded) {
    return <Loaded {...props} />;
  }
  const retry = async () => {
    setTrying(true);
    try {
      const component = await loadMessageScreen();
      setLoaded(() => component);
    } catch {
      setTrying(false);
    }
  };
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="text-muted-foreground">{t('widget.loader.failed')}</p>
      <Button variant="outline" loading={trying} onClick={() => void retry()}>
        {t('widget.retry')}
      </Button>
    </div>
  );
}

const MessageRecorder = lazy(async () => ({
  default: await loadMessageScreen().catch(() => MessageScreenFailed),
}));

/** Where the visitor is once the session started. */
type Screen =
  | { name: 'menu' }
  /** The caller's fields, for a call or for a video message. */
  | { name: 'callForm'; purpose: VisitorMenuItem }
  | { name: 'call'; placed: PlacedCall }
  /** Recording a video message on a call nobody answered (or one placed for the message alone). */
  | { name: 'message'; placed: PlacedCall };

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

  const go = (screen: Screen) => {
    if (screen.name === 'message' || (screen.name === 'callForm' && screen.purpose === 'message')) {
      // Fetched while the visitor fills the form in; a failure shows when the screen is needed.
      loadMessageScreen().catch(() => undefined);
    }
    setState((current) => (current.kind === 'ready' ? { ...current, screen, moved: true } : current));
  };
  const menu = () => go({ name: 'menu' });

  const title = state.kind === 'ready' ? state.session.teamName : t('widget.title');
  const loading = (
    <div className="grid flex-1 place-items-center">
      <Spinner label={t('widget.loading')} />
    </div>
  );
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
        {state.kind === 'loading' ? loading : null}
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
                      onClick={() => go({ name: 'callForm', purpose: item.id })}
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
        {screen?.name === 'callForm' ? (
          <CallForm
            key={screen.purpose}
            widgetKey={widgetKey}
            purpose={screen.purpose}
            values={caller}
            onValuesChange={setCaller}
            media={media}
            onMediaChange={setMedia}
            onCalled={(placed) => go({ name: screen.purpose === 'message' ? 'message' : 'call', placed })}
            onBack={menu}
          />
        ) : null}
        {screen?.name === 'call' ? (
          <CallScreen
            placed={screen.placed}
            media={media}
            onMenu={menu}
            onLeaveMessage={() => go({ name: 'message', placed: screen.placed })}
          />
        ) : null}
        {screen?.name === 'message' ? (
          <Suspense fallback={loading}>
            <MessageRecorder callId={screen.placed.call.id} token={screen.placed.token} media={media} onMenu={menu} />
          </Suspense>
        ) : null}
      </main>
    </div>
  );
}
