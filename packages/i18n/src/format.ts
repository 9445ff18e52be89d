/** Formats a duration in whole seconds as m:ss or h:mm:ss, digits in the locale's numbering. */
export function formatDuration(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(locale, { useGrouping: false });
  return hours > 0
    ? `${one.format(hours)}:${two.format(minutes)}:${two.format(rest)}`
    : `${one.format(minutes)}:${two.format(rest)}`;
}

/** Formats a number in the locale's conventions. */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** Formats a date (and time, when asked) in the locale's conventions. */
export function formatDate(
  value: Date | number | string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(locale, options).format(date);
}
