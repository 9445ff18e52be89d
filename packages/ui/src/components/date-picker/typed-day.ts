/**
 * Days typed as text: written in the interface language's numeric form (11/15/2026, 15.11.2026,
 * ١٥/١١/٢٠٢٦, 2026/11/15) on the Gregorian calendar the grid shows, and read back from that form or
 * from ISO `2026-11-15`, in any script's digits.
 */

/** Days are typed and shown on the calendar the grid uses, whatever the locale's default calendar. */
function numericFormat(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory' });
}

/** A day written in the locale's numeric form. */
function formatTypedDay(date: Date, locale: string): string {
  return numericFormat(locale).format(date);
}

type Part = 'year' | 'month' | 'day';

/** The order the locale writes year, month and day in. */
function partOrder(locale: string): Part[] {
  return numericFormat(locale)
    .formatToParts(new Date(2026, 10, 15))
    .map((part) => part.type)
    .filter((type): type is Part => type === 'year' || type === 'month' || type === 'day');
}

/** Any script's decimal digits as ASCII ones (Arabic-Indic, Persian, Devanagari…). */
function asciiDigits(text: string): string {
  return Array.from(text, (char) => {
    if (!/\p{Nd}/u.test(char) || /[0-9]/.test(char)) {
      return char;
    }
    // Unicode keeps each script's digits in a run of ten starting at its zero.
    let zero = char.codePointAt(0) as number;
    while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) {
      zero -= 1;
    }
    return String(((char.codePointAt(0) as number) - zero) % 10);
  }).join('');
}

/** A local calendar day, or undefined when it does not exist (2026-02-30). */
function localDay(year: number, month: number, day: number): Date | undefined {
  const date = new Date(year, month - 1, day);
  date.setFullYear(year);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

/**
 * Reads a typed day: `null` for an empty field, `'invalid'` for text that is not a day of the
 * calendar. Three groups of digits in the locale's order, or year first; the year has four digits.
 */
function parseTypedDay(text: string, locale: string): Date | null | 'invalid' {
  const normalized = asciiDigits(text).trim();
  if (normalized === '') {
    return null;
  }
  const groups = normalized.match(/\d+/g);
  if (groups?.length !== 3) {
    return 'invalid';
  }
  const order: Part[] = groups[0]?.length === 4 ? ['year', 'month', 'day'] : partOrder(locale);
  const values: Partial<Record<Part, string>> = {};
  order.forEach((part, index) => {
    values[part] = groups[index];
  });
  if (values.year?.length !== 4 || !values.month || !values.day) {
    return 'invalid';
  }
  return localDay(Number(values.year), Number(values.month), Number(values.day)) ?? 'invalid';
}

/** Compares two dates as calendar days: negative when `a` is the earlier day. */
function compareDays(a: Date, b: Date): number {
  return a.getFullYear() - b.getFullYear() || a.getMonth() - b.getMonth() || a.getDate() - b.getDate();
}

export { compareDays, formatTypedDay, parseTypedDay };
