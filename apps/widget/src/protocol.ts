/**
 * What the loader (widget.js, on the host page) and the frame (Parley's origin) say to each other
 * by postMessage. Each side sends to the other's exact origin and reads only messages from the
 * other's window and origin, with the tag below.
 */
export const FRAME_TAG = 'parley-widget';
export const LOADER_TAG = 'parley-loader';

export type Theme = 'light' | 'dark';

/** The frame to the loader. */
export type FrameMessage =
  /** The frame's app runs: the loader may show it. */
  | { source: typeof FRAME_TAG; type: 'ready' }
  /** The visitor closed the widget (its close button, or Escape). */
  | { source: typeof FRAME_TAG; type: 'close' };

/** The loader to the frame. */
export type LoaderMessage =
  /** The host's colour scheme changed. */
  | { source: typeof LOADER_TAG; type: 'theme'; theme: Theme }
  /** The loader hid the frame (its launcher, Escape): the frame lets go of the camera. */
  | { source: typeof LOADER_TAG; type: 'hidden' };

/** What the loader tells the frame in its address (after `#`): the host page, language and theme. */
export interface FrameParameters {
  host: string;
  language: string;
  theme: Theme;
}

export function frameHash(parameters: FrameParameters): string {
  return new URLSearchParams({ ...parameters }).toString();
}

export function readFrameHash(hash: string): Partial<FrameParameters> {
  const values = new URLSearchParams(hash.replace(/^#/, ''));
  const theme = values.get('theme');
  return {
    ...(values.get('host') ? { host: values.get('host') as string } : {}),
    ...(values.get('language') ? { language: values.get('language') as string } : {}),
    ...(theme === 'dark' || theme === 'light' ? { theme } : {}),
  };
}

export function isFrameMessage(data: unknown): data is FrameMessage {
  const message = data as Partial<FrameMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.source === FRAME_TAG &&
    (message.type === 'ready' || message.type === 'close')
  );
}

export function isLoaderMessage(data: unknown): data is LoaderMessage {
  const message = data as { source?: unknown; type?: unknown; theme?: unknown } | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.source === LOADER_TAG &&
    (message.type === 'hidden' || (message.type === 'theme' && (message.theme === 'light' || message.theme === 'dark')))
  );
}
