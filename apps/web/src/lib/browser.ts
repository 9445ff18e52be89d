/** Leaves the app for another address with a full page load, replacing the current history entry. */
export function replaceLocation(url: string): void {
  window.location.replace(url);
}
