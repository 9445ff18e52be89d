import { i18n } from '@parley/i18n';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { switchLanguage } from './locale';

let reload: Mock<() => void>;

beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(async () => {
  localStorage.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

describe('switchLanguage (SPEC §3, §4)', () => {
  it('stores the choice under `language` and reloads the page by default', () => {
    switchLanguage('de-DE');
    expect(localStorage.getItem('language')).toBe('de-DE');
    expect(reload).toHaveBeenCalledTimes(1);
    // The reload brings the new language; nothing switches in place before it.
    expect(i18n.language).toBe('en-US');
  });

  it('stores the choice before reloading, so the reloaded page reads it', () => {
    reload.mockImplementation(() => expect(localStorage.getItem('language')).toBe('ar-EG'));
    switchLanguage('ar-EG');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('switches in place without reloading when asked not to reload', async () => {
    switchLanguage('tr-TR', { reload: false });
    expect(localStorage.getItem('language')).toBe('tr-TR');
    expect(reload).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(i18n.language).toBe('tr-TR'));
  });
});
