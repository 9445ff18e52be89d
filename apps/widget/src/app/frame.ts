import { FRAME_TAG, type FrameMessage, isLoaderMessage, readFrameHash, type Theme } from '../protocol';

/**
 * The page that framed the widget, as the browser names it (`location.ancestorOrigins`, which
 * the host page cannot change), else as the loader said it in the frame's address. Undefined
 * when the widget is not in a frame (its page opened on its own).
 */
export function hostOrigin(): string | undefined {
  if (window.parent === window) {
    return undefined;
  }
  return window.location.ancestorOrigins?.[0] ?? readFrameHash(window.location.hash).host;
}

/** The page the visitor is on, as the API wants it: the framing page, else this one (a preview). */
export function visitorHost(): string {
  return hostOrigin() ?? window.location.origin;
}

/** Fired on the frame's window when the visitor closes the widget from inside it (the loader only hides it). */
export const FRAME_CLOSE_EVENT = 'parley-widget-close';

/** The visitor closes the widget from the frame (its close button, Escape): the loader hides it. */
export function closeFrame(): void {
  window.dispatchEvent(new Event(FRAME_CLOSE_EVENT));
  tellLoader({ type: 'close' });
}

/** Tells the loader something, at the host's exact origin only. */
export function tellLoader(message: Omit<FrameMessage, 'source'>): void {
  const host = hostOrigin();
  if (host) {
    window.parent.postMessage({ source: FRAME_TAG, ...message }, host);
  }
}

/**
 * Calls `onTheme` when the loader says the host's colour scheme changed; when it says it hid the
 * frame, the frame is closed as if from inside (the camera preview stops). Answers the unsubscribe.
 */
export function listenToLoader(onTheme: (theme: Theme) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== hostOrigin() || !isLoaderMessage(event.data)) {
      return;
    }
    if (event.data.type === 'hidden') {
      window.dispatchEvent(new Event(FRAME_CLOSE_EVENT));
    } else {
      onTheme(event.data.theme);
    }
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}
