import { createElement, Fragment, type ReactElement, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { type I18n, i18n, type TranslateFunction, type TranslateOptions } from './i18n';

function subscribe(onChange: () => void): () => void {
  return i18n.on('languageChanged', onChange);
}

function currentLanguage(): string {
  return i18n.language;
}

/**
 * The translate function of the current language and the shared instance, as react-i18next's
 * hook answers them; the component renders again when the language changes, and `t` is a new
 * function then (so memos that depend on it recompute).
 */
function useTranslation(): { t: TranslateFunction; i18n: I18n; ready: true } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return useMemo(
    () => ({
      t: (key: string, options?: TranslateOptions) => i18n.t(key, { lng: language, ...options }),
      i18n,
      ready: true,
    }),
    [language],
  );
}

interface TransProps {
  /** The catalogue key of the message. */
  i18nKey: string;
  /** Values for the message's placeholders. */
  values?: TranslateOptions;
  /**
   * Text values people wrote — names, titles, addresses — each shown isolated in a `<bdi>`, so
   * the message's direction does not move their brackets and full stops ('Welcome video (EN)'
   * in Arabic), nor they the message's. Only for plain `{name}` placeholders (not plural or select).
   */
  isolate?: Readonly<Record<string, string>>;
  /** Elements for the message's markup: `<0>…</0>` by index, `<name>…</name>` by name; `<br/>` alone. */
  components?: readonly ReactElement[] | Readonly<Record<string, ReactElement>>;
}

const MARKUP = /<(\/?)([\w-]+)\s*(\/?)>/g;
/** Stands for an isolated value inside the formatted text: private-use characters no message has. */
const ISOLATED = /\uE000(\d+)\uE001/;

/** A piece of text, with its isolated values as `<bdi>` elements. */
function withIsolated(text: string, isolated: readonly string[], keyPrefix: number): ReactNode[] {
  if (isolated.length === 0) {
    return [text];
  }
  return text
    .split(ISOLATED)
    .map((piece, index) =>
      index % 2 === 1 ? createElement('bdi', { key: `${keyPrefix}-${index}` }, isolated[Number(piece)]) : piece,
    );
}

/** A translated message whose markup becomes the given elements (react-i18next's <Trans>, in small). */
function Trans({ i18nKey, values, isolate, components = [] }: TransProps): ReactNode {
  const { t } = useTranslation();
  const isolated = Object.values(isolate ?? {});
  const marks = Object.fromEntries(Object.keys(isolate ?? {}).map((name, index) => [name, `\uE000${index}\uE001`]));
  const text = t(i18nKey, { ...values, ...marks });
  const root: ReactNode[] = [];
  const stack: { name: string; children: ReactNode[] }[] = [];
  let at = 0;
  const children = () => stack.at(-1)?.children ?? root;
  for (const match of text.matchAll(MARKUP)) {
    const [tag, closing, name = '', selfClosing] = match;
    const element = (components as Record<string, ReactElement | undefined>)[name];
    if (!element && name !== 'br') {
      continue;
    }
    children().push(...withIsolated(text.slice(at, match.index), isolated, at));
    at = match.index + tag.length;
    if (selfClosing || name === 'br') {
      children().push(
        element
          ? createElement(element.type, { ...(element.props as object), key: at })
          : createElement('br', { key: at }),
      );
    } else if (!closing) {
      stack.push({ name, children: [] });
    } else if (stack.at(-1)?.name === name) {
      const open = stack.pop() as { children: ReactNode[] };
      children().push(
        createElement(element?.type ?? Fragment, { ...(element?.props as object), key: at }, ...open.children),
      );
    }
  }
  children().push(...withIsolated(text.slice(at), isolated, at));
  return createElement(Fragment, null, ...root);
}

export { Trans, type TransProps, useTranslation };
