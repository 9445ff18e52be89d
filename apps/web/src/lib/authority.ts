/** SPEC §6: a page may require an authority given as a string, a list or a function. */
export type Authority = string | readonly string[] | ((current: string | null) => boolean);

/** The user passes when any required authority matches the current one; no requirement passes. */
export function hasAuthority(required: Authority | undefined, current: string | null): boolean {
  if (required === undefined) {
    return true;
  }
  if (typeof required === 'function') {
    return required(current);
  }
  if (current === null) {
    return false;
  }
  return typeof required === 'string' ? required === current : required.includes(current);
}
