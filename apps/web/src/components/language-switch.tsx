import { INTERFACE_COVERAGE, offeredLocales, useTranslation } from '@parley/i18n';
import { LanguagePicker } from '@parley/ui/language-picker';
import { switchLanguage } from '../lib/locale';
import { useMediaQuery } from '../lib/media-query';

/**
 * The language picker of every layout: the choice is saved and the page reloads (SPEC §4). On a
 * phone-wide screen it shows the language code (or, `narrow="icon"`, the globe alone, where a
 * header has more to fit), so the header still fits in long languages; its name always says the
 * language. The pseudo-locale is offered in development builds only.
 */
function LanguageSwitch({ narrow = 'code' }: { narrow?: 'code' | 'icon' }) {
  const { i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 40rem)');
  return (
    <LanguagePicker
      value={i18n.language}
      locales={offeredLocales()}
      coverage={INTERFACE_COVERAGE}
      display={wide ? 'name' : narrow}
      onValueChange={(code) => switchLanguage(code)}
    />
  );
}

export { LanguageSwitch };
