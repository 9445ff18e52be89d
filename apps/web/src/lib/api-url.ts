/**
 * An address the API gave (a poster, a playback or part URL): absolute on S3, a path on the API's
 * own origin on local disk, resolved like every other call against the build's API address.
 */
export function resolveApiUrl(
  address: string,
  apiBase: string = import.meta.env.VITE_API_URL ?? '',
  origin: string = window.location.origin,
): string {
  return new URL(address, apiBase || origin).href;
}
