// widget.js: the loader a site embeds with one tag (ARCHITECTURE §6). No framework: it draws the
// launcher in a Shadow DOM (the host page's CSS cannot reach it, nor its CSS the page), asks
// Parley whether it may open on this page, and on the first click opens Parley's frame.
import messagesByLocale from 'virtual:loader-messages';
import { frameHash, isFrameMessage, LOADER_TAG, type LoaderMessage, type Theme } from '../protocol';
import { isRightToLeft, type LoaderMessages, pickLocale } from './messages';

const STYLE = `
:host { all: initial; }
.launcher {
  position: fixed; inset-block-end: 20px; inset-inline-end: 20px; z-index: 2147483000;
  inline-size: 56px; block-size: 56px; border-radius: 50%; border: 0; padding: 0; cursor: pointer;
  display: grid; place-items: center; background: #fa541c; color: #1a0500;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.25);
}
.launcher:focus-visible { outline: 3px solid #1677ff; outline-offset: 3px; }
.launcher svg { inline-size: 26px; block-size: 26px; }
.panel {
  position: fixed; inset-block-end: 88px; inset-inline-end: 20px; z-index: 2147483000;
  inline-size: 380px; block-size: min(640px, calc(100vh - 108px)); max-inline-size: calc(100vw - 40px);
  border: 0; border-radius: 12px; box-shadow: 0 8px 32px rgba(0, 0, 0, 0.3); background: transparent;
  color-scheme: light dark;
}
.panel[hidden], .notice[hidden] { display: none; }
.notice {
  position: fixed; inset-block-end: 88px; inset-inline-end: 20px; z-index: 2147483000;
  max-inline-size: min(320px, calc(100vw - 40px)); box-sizing: border-box; padding: 12px 16px;
  border-radius: 8px; background: #fff; color: #1f1f1f; border: 1px solid #d9d9d9;
  font: 14px/1.5 system-ui, sans-serif; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.2);
}
@media (prefers-color-scheme: dark) {
  .notice { background: #1f1f1f; color: #ececec; border-color: #424242; }
}
@media (max-width: 480px) {
  .panel { inset: 0; inline-size: 100vw; block-size: 100dvh; max-inline-size: none; border-radius: 0; }
  :host([data-open]) .launcher { display: none; }
}
`;

/** A speech bubble (closed) and a cross (open), drawn inline: no file to fetch. */
const ICON_OPEN =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
const ICON_CLOSE =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';

declare global {
  interface Window {
    /** Set by the first widget.js on the page: a second tag adds no second launcher. */
    parleyWidgetLoaded?: boolean;
  }
}

function start(script: HTMLScriptElement): void {
  const key = script.dataset.parleyTeam ?? '';
  const parley = new URL(script.src).origin;
  const locale = pickLocale(navigator.languages ?? [navigator.language], Object.keys(messagesByLocale));
  const words = (messagesByLocale[locale] ?? messagesByLocale['en-US']) as LoaderMessages;
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const theme = (): Theme => (dark.matches ? 'dark' : 'light');

  const host = document.createElement('div');
  host.setAttribute('data-parley-widget', '');
  // Open, not closed: closing it would keep out no script of the page (which could patch attachShadow
  // first) and would keep out assistive and testing tools; the CSS boundary is the same.
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';
  const notice = document.createElement('div');
  notice.className = 'notice';
  notice.setAttribute('role', 'alert');
  notice.hidden = true;
  if (isRightToLeft(locale)) {
    root.host.setAttribute('dir', 'rtl');
    notice.dir = 'rtl';
  }
  notice.lang = locale;
  root.append(style, launcher, notice);
  document.body.append(host);

  let frame: HTMLIFrameElement | undefined;
  let open = false;
  let checking = false;

  const showLauncher = () => {
    launcher.innerHTML = open ? ICON_CLOSE : ICON_OPEN;
    launcher.setAttribute('aria-label', open ? words.close : words.open);
    launcher.title = open ? words.close : words.open;
    launcher.setAttribute('aria-expanded', String(open));
    host.toggleAttribute('data-open', open);
  };
  const post = (message: LoaderMessage) => frame?.contentWindow?.postMessage(message, parley);
  const setOpen = (value: boolean) => {
    open = value;
    if (frame) {
      frame.hidden = !open;
      if (!open) {
        post({ source: LOADER_TAG, type: 'hidden' });
      }
    }
    notice.hidden = true;
    showLauncher();
  };
  const say = (text: string) => {
    notice.textContent = text;
    notice.hidden = false;
  };

  dark.addEventListener('change', () => post({ source: LOADER_TAG, type: 'theme', theme: theme() }));

  window.addEventListener('message', (event) => {
    // Only Parley's frame, from Parley's origin: nothing else on the page can drive the launcher.
    if (!frame || event.source !== frame.contentWindow || event.origin !== parley || !isFrameMessage(event.data)) {
      return;
    }
    if (event.data.type === 'close') {
      setOpen(false);
      launcher.focus();
    } else if (event.data.type === 'ready' && open) {
      frame.focus();
    }
  });

  /** Asks Parley whether this page's origin may open the widget; says why not when it may not. */
  async function allowed(): Promise<boolean> {
    try {
      const response = await fetch(`${parley}/api/visitor/widget/${encodeURIComponent(key)}`, {
        credentials: 'omit',
      });
      if (response.ok) {
        return true;
      }
      const body = (await response.json().catch(() => ({}))) as { errorMessage?: string };
      // For the site's owner, in their console: what Parley refused and why.
      console.warn(`Parley widget: ${body.errorMessage ?? `HTTP ${response.status}`}`);
      say(response.status === 403 || response.status === 404 ? words.refused : words.failed);
    } catch {
      say(words.failed);
    }
    return false;
  }

  launcher.addEventListener('click', async () => {
    if (frame) {
      setOpen(!open);
      return;
    }
    if (checking) {
      return;
    }
    checking = true;
    const may = await allowed();
    checking = false;
    if (!may) {
      return;
    }
    frame = document.createElement('iframe');
    frame.className = 'panel';
    frame.title = words.open;
    frame.allow = 'camera; microphone; autoplay';
    frame.src = `${parley}/widget/${encodeURIComponent(key)}#${frameHash({
      host: location.origin,
      language: locale,
      theme: theme(),
    })}`;
    root.append(frame);
    setOpen(true);
  });
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      launcher.focus();
    }
  });

  showLauncher();
}

const script = (document.currentScript ??
  document.querySelector('script[data-parley-team]')) as HTMLScriptElement | null;
if (script && !window.parleyWidgetLoaded) {
  window.parleyWidgetLoaded = true;
  if (document.body) {
    start(script);
  } else {
    document.addEventListener('DOMContentLoaded', () => start(script), { once: true });
  }
}
