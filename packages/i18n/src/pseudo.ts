import {
  createLiteralElement,
  isArgumentElement,
  isDateElement,
  isLiteralElement,
  isNumberElement,
  isNumberSkeleton,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';

type Catalog = Record<string, string>;

/** Opens every pseudo-localised message: text on screen without it was not translated. */
export const PSEUDO_START = '⟦';
/** Closes every pseudo-localised message: a cut-off message has lost it. */
export const PSEUDO_END = '⟧';
/** How much longer a pseudo-localised message is than its English text (German and Finnish run ~30–40% longer). */
export const PSEUDO_EXPANSION = 0.35;

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTS = [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'];
const ACCENTED: ReadonlyMap<string, string> = new Map(
  [...PLAIN].map((letter, index) => [letter, ACCENTS[index] ?? letter]),
);

/** Words that lengthen a message; spaces let the longer text wrap as real translations do. */
const FILLER = ' óñé ţŵó ţĥŕéé ƒóúŕ ƒíṽé šíẋ šéṽéñ éíĝĥţ ñíñé ţéñ';

/** Markup react-i18next's <Trans> reads (<0>, </0>, <br/>, <strong>) and entities stay as they are. */
const UNTOUCHED = /(<\/?[\w.-]+\s*\/?>|&#?\w+;)/;

/** Accents the letters of literal text, leaving markup alone. */
function accent(text: string): string {
  return text
    .split(UNTOUCHED)
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED.get(letter) ?? letter),
    )
    .join('');
}

/** About how many characters a message shows: its literal text, the longest branch of each choice. */
function visibleLength(elements: readonly MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    if (isLiteralElement(element)) {
      length += element.value.length;
    } else if (isPoundElement(element)) {
      length += 1;
    } else if (isPluralElement(element) || isSelectElement(element)) {
      length += Math.max(0, ...Object.values(element.options).map((option) => visibleLength(option.value)));
    } else if (isTagElement(element)) {
      length += visibleLength(element.children);
    }
  }
  return length;
}

/** The same message tree with every literal text accented; names, options and styles untouched. */
function accentElements(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element): MessageFormatElement => {
    if (isLiteralElement(element)) {
      return { ...element, value: accent(element.value) };
    }
    if (isPluralElement(element) || isSelectElement(element)) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: accentElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    if (isTagElement(element)) {
      return { ...element, children: accentElements(element.children) };
    }
    return element;
  });
}

/**
 * ICU source for literal text. Every apostrophe is doubled; from the first character ICU would
 * read as syntax ({, }, and # inside a plural) to the end, the text is quoted as one run, so
 * quoted runs never meet (a naive '{''}' reads as {'}).
 */
function printLiteral(text: string, inPlural: boolean): string {
  const special = inPlural ? /[{}#]/ : /[{}]/;
  const first = text.search(special);
  const doubled = (part: string) => part.replaceAll("'", "''");
  return first === -1 ? doubled(text) : `${doubled(text.slice(0, first))}'${doubled(text.slice(first))}'`;
}

function printStyle(element: MessageFormatElement): string {
  if (!(isNumberElement(element) || isDateElement(element) || isTimeElement(element)) || !element.style) {
    return '';
  }
  const { style } = element;
  if (typeof style === 'string') {
    return `, ${style}`;
  }
  if (isNumberSkeleton(style)) {
    const tokens = style.tokens.map((token) => [token.stem, ...token.options].join('/'));
    return `, ::${tokens.join(' ')}`;
  }
  return `, ::${style.pattern}`;
}

/**
 * Prints a message tree (parsed with `ignoreTag` as i18next-icu does, or with tags) back to ICU
 * source that parses to the same tree. `inPlural`: the elements are a plural branch, where # is
 * the count. (The parser's own printAST escapes only the first brace and the first #.)
 */
export function printMessage(elements: readonly MessageFormatElement[], inPlural = false): string {
  let source = '';
  let literal = '';
  for (const element of elements) {
    if (isLiteralElement(element)) {
      literal += element.value;
      continue;
    }
    source += printLiteral(literal, inPlural);
    literal = '';
    if (isArgumentElement(element)) {
      source += `{${element.value}}`;
    } else if (isNumberElement(element)) {
      source += `{${element.value}, number${printStyle(element)}}`;
    } else if (isDateElement(element)) {
      source += `{${element.value}, date${printStyle(element)}}`;
    } else if (isTimeElement(element)) {
      source += `{${element.value}, time${printStyle(element)}}`;
    } else if (isPluralElement(element)) {
      const kind = element.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
      const offset = element.offset ? ` offset:${element.offset}` : '';
      const options = Object.entries(element.options).map(
        ([key, option]) => `${key} {${printMessage(option.value, true)}}`,
      );
      source += `{${element.value}, ${kind},${offset} ${options.join(' ')}}`;
    } else if (isSelectElement(element)) {
      const options = Object.entries(element.options).map(([key, option]) => `${key} {${printMessage(option.value)}}`);
      source += `{${element.value}, select, ${options.join(' ')}}`;
    } else if (isPoundElement(element)) {
      source += '#';
    } else if (isTagElement(element)) {
      source += `<${element.value}>${printMessage(element.children, inPlural)}</${element.value}>`;
    } else {
      element satisfies never;
    }
  }
  return source + printLiteral(literal, inPlural);
}

/**
 * The pseudo-localised form of an ICU message: its text accented (a→á, e→é…), about 35% longer
 * and wrapped in ⟦…⟧, its placeholders, plural and select options, # and tags unchanged, so it
 * formats with the same values. A message that does not parse comes back only wrapped.
 */
export function pseudoLocalize(message: string): string {
  let elements: MessageFormatElement[];
  try {
    elements = parse(message, { ignoreTag: true });
  } catch {
    return `${PSEUDO_START}${message}${PSEUDO_END}`;
  }
  const length = visibleLength(elements);
  // At least a space and a letter, so even 'OK' grows visibly.
  const padding = length === 0 ? 0 : Math.max(2, Math.ceil(length * PSEUDO_EXPANSION));
  let filler = '';
  while (filler.length < padding) {
    filler += FILLER;
  }
  return printMessage([
    createLiteralElement(PSEUDO_START),
    ...accentElements(elements),
    createLiteralElement(`${filler.slice(0, padding).trimEnd()}${PSEUDO_END}`),
  ]);
}

/** Every message of a catalogue, pseudo-localised. */
export function pseudoLocalizeCatalog(catalog: Readonly<Catalog>): Catalog {
  return Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, pseudoLocalize(message)]));
}
