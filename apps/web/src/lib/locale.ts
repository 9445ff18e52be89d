import { i18n, LANGUAGE_STORAGE_KEY } from '@parley/i18n';

/** SPEC §4: the language is kept in local storage and a switch reloads the page by default. */
export function switchLanguage(code: string, { reload = true }: { reload?: boolean } = {}): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  if (reload) {
    window.location.reload();
  } else {
    void i18n.changeLanguage(code);
  }
}
