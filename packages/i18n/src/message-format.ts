/**
 * A small ICU MessageFormat formatter, in place of intl-messageformat and its parser (about 20 KiB
 * gzip on every page). It reads what the catalogues use — arguments; `number`, `date` and `time`
 * with the named styles (`integer`, `percent`, `currency`; `short` … `full`); `plural` and
 * `selectordinal` with `offset:`, `=n` and `#`; `select`; ICU apostrophe quoting — and formats as
 * intl-messageformat does with `ignoreTag` (markup stays text for a <Trans>-style renderer).
 * Skeletons (`::…`) are not read: such a message throws, and `t()` shows its source as before.
 * message-format.test.ts checks every catalogue message against intl-messageformat.
 */

/** One piece of a parsed message: text, `#`, or an argument. */
type MessageNode = string | PoundNode | ArgumentNode;

interface PoundNode {
  kind: '#';
}

interface ArgumentNode {
  kind: 'argument' | 'number' | 'date' | 'time' | 'plural' | 'selectordinal' | 'select';
  name: string;
  /** The style of a number, date or time argument. */
  style?: string;
  offset?: number;
  options?: Record<string, MessageNode[]>;
}

/** What a message formats to: text, or the parts when a value is not text (e.g. a React element). */
type Formatted = string | unknown[];

const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  currency: { style: 'currency' },
  percent: { style: 'percent' },
};

const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { month: 'numeric', day: 'numeric', year: '2-digit' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
};

const TIME_LONG: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  timeZoneName: 'short',
};

const TIME_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { hour: 'numeric', minute: 'numeric' },
  medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
  long: TIME_LONG,
  full: TIME_LONG,
};

const PLURAL_KINDS = new Set(['plural', 'selectordinal']);
const WHITESPACE = /\s/;

/** Reads an ICU message into nodes; throws a SyntaxError on a malformed one. */
function parseMessage(source: string): MessageNode[] {
  let at = 0;

  function fail(reason: string): never {
    throw new SyntaxError(`${reason} at ${at} in "${source}"`);
  }

  function skipSpace() {
    while (at < source.length && WHITESPACE.test(source.charAt(at))) {
      at++;
    }
  }

  /** A name, a plural key or a style word: everything up to whitespace or syntax. */
  function word(): string {
    const start = at;
    while (at < source.length && !/[\s{}#,'<>]/.test(source.charAt(at))) {
      at++;
    }
    return source.slice(start, at);
  }

  /** A quoted literal after an apostrophe (at `at`), as ICU's apostrophe mode reads it. */
  function quoted(inPlural: boolean): string | null {
    const next = source.charAt(at + 1);
    if (next === "'") {
      at += 2;
      return "'";
    }
    const opensQuote = (next !== '' && '{}<>'.includes(next)) || (next === '#' && inPlural);
    if (!opensQuote) {
      return null;
    }
    at += 2;
    let text = next;
    while (at < source.length) {
      const char = source.charAt(at);
      if (char === "'") {
        if (source.charAt(at + 1) === "'") {
          text += "'";
          at += 2;
          continue;
        }
        at++;
        return text;
      }
      text += char;
      at++;
    }
    return text;
  }

  function nodes(depth: number, inPlural: boolean): MessageNode[] {
    const result: MessageNode[] = [];
    let text = '';
    while (at < source.length) {
      const char = source.charAt(at);
      if (char === '{') {
        if (text) {
          result.push(text);
          text = '';
        }
        result.push(argument(depth));
      } else if (char === '}' && depth > 0) {
        break;
      } else if (char === '#' && inPlural) {
        if (text) {
          result.push(text);
          text = '';
        }
        result.push({ kind: '#' });
        at++;
      } else if (char === "'") {
        const literal = quoted(inPlural);
        if (literal === null) {
          text += char;
          at++;
        } else {
          text += literal;
        }
      } else {
        text += char;
        at++;
      }
    }
    if (text) {
      result.push(text);
    }
    return result;
  }

  function expect(char: string) {
    skipSpace();
    if (source.charAt(at) !== char) {
      fail(`Expected "${char}"`);
    }
    at++;
  }

  function argument(depth: number): ArgumentNode {
    at++;
    skipSpace();
    const name = word();
    if (!name) {
      fail('Expected an argument name');
    }
    skipSpace();
    if (source.charAt(at) === '}') {
      at++;
      return { kind: 'argument', name };
    }
    expect(',');
    skipSpace();
    const kind = word();
    skipSpace();
    if (kind === 'number' || kind === 'date' || kind === 'time') {
      if (source.charAt(at) === '}') {
        at++;
        return { kind, name };
      }
      expect(',');
      skipSpace();
      const start = at;
      while (at < source.length && source.charAt(at) !== '}') {
        if ("{'".includes(source.charAt(at))) {
          fail('Unsupported argument style');
        }
        at++;
      }
      const style = source.slice(start, at).trim();
      if (!style || style.startsWith('::')) {
        fail('Unsupported argument style');
      }
      at++;
      return { kind, name, style };
    }
    if (kind !== 'select' && !PLURAL_KINDS.has(kind)) {
      fail(`Unknown argument type "${kind}"`);
    }
    expect(',');
    const inPlural = PLURAL_KINDS.has(kind);
    const options: Record<string, MessageNode[]> = {};
    let offset = 0;
    skipSpace();
    if (inPlural && source.startsWith('offset:', at)) {
      at += 'offset:'.length;
      skipSpace();
      offset = Number(word());
      if (!Number.isFinite(offset)) {
        fail('Expected an offset number');
      }
    }
    for (;;) {
      skipSpace();
      if (source.charAt(at) === '}') {
        at++;
        break;
      }
      const key = word();
      if (!key || key in options) {
        fail(key ? `Duplicate option "${key}"` : 'Expected an option');
      }
      expect('{');
      options[key] = nodes(depth + 1, inPlural);
      if (source.charAt(at) !== '}') {
        fail('Unclosed option');
      }
      at++;
    }
    if (!options.other) {
      fail('Missing the "other" option');
    }
    return { kind: kind as ArgumentNode['kind'], name, offset, options };
  }

  return nodes(0, false);
}

const formatterCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = make();
    formatterCache.set(key, formatter);
  }
  return formatter as T;
}

function numberFormat(locale: string, style?: string): Intl.NumberFormat {
  return cached(`n${locale}|${style ?? ''}`, () => new Intl.NumberFormat(locale, style ? NUMBER_STYLES[style] : {}));
}

function formatNodes(
  nodes: readonly MessageNode[],
  locale: string,
  values: Record<string, unknown>,
  pluralValue: number | undefined,
  parts: unknown[],
): void {
  for (const node of nodes) {
    if (typeof node === 'string') {
      parts.push(node);
      continue;
    }
    if (node.kind === '#') {
      if (typeof pluralValue === 'number') {
        parts.push(numberFormat(locale).format(pluralValue));
      }
      continue;
    }
    if (!(node.name in values)) {
      throw new Error(`The value "${node.name}" was not provided`);
    }
    const value = values[node.name];
    switch (node.kind) {
      case 'argument':
        parts.push(typeof value === 'string' || typeof value === 'number' ? String(value) : value || '');
        break;
      case 'number':
        parts.push(numberFormat(locale, node.style).format(value as number));
        break;
      case 'date':
      case 'time': {
        const styles = node.kind === 'date' ? DATE_STYLES : TIME_STYLES;
        const options = node.style ? styles[node.style] : node.kind === 'time' ? TIME_STYLES.medium : undefined;
        const key = `d${locale}|${node.kind}|${node.style ?? ''}`;
        parts.push(cached(key, () => new Intl.DateTimeFormat(locale, options)).format(value as Date | number));
        break;
      }
      case 'select': {
        const options = node.options as Record<string, MessageNode[]>;
        formatNodes(options[String(value)] ?? (options.other as MessageNode[]), locale, values, undefined, parts);
        break;
      }
      default: {
        const options = node.options as Record<string, MessageNode[]>;
        const number = (value as number) - (node.offset ?? 0);
        let option = options[`=${value}`];
        if (!option) {
          const type = node.kind === 'plural' ? 'cardinal' : 'ordinal';
          const rules = cached(`p${locale}|${type}`, () => new Intl.PluralRules(locale, { type }));
          option = options[rules.select(number)] ?? (options.other as MessageNode[]);
        }
        formatNodes(option, locale, values, number, parts);
      }
    }
  }
}

const parsed = new Map<string, MessageNode[]>();

/**
 * Formats an ICU message with its values in a locale, as intl-messageformat's `format` answers:
 * a string, or an array of parts when a value is not text. Throws on a malformed message or a
 * missing value.
 */
function formatMessage(message: string, locale: string, values: Record<string, unknown> = {}): Formatted {
  let nodes = parsed.get(message);
  if (!nodes) {
    nodes = parseMessage(message);
    parsed.set(message, nodes);
  }
  const parts: unknown[] = [];
  formatNodes(nodes, locale, values, undefined, parts);
  const merged: unknown[] = [];
  for (const part of parts) {
    const last = merged.length - 1;
    if (typeof part === 'string' && typeof merged[last] === 'string') {
      merged[last] += part;
    } else {
      merged.push(part);
    }
  }
  return merged.length <= 1 ? ((merged[0] as string | undefined) ?? '') : merged;
}

export { type Formatted, formatMessage, parseMessage };
