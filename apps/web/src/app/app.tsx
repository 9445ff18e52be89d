import { getDirection, LANGUAGE_STORAGE_KEY, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { LanguagePicker } from '@parley/ui/language-picker';
import { UiProvider } from '@parley/ui/provider';
import { MessageSquare, Moon, PhoneCall, Sun, Video } from 'lucide-react';
import { useState } from 'react';

const THEME_STORAGE_KEY = 'theme';
type Theme = 'light' | 'dark';

function readTheme(): Theme {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') {
    return stored;
  }
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/**
 * Parley's public front page. The routes, layouts and account screens arrive with the web-app
 * issue; until then this page shows what Parley is, in every interface language and theme.
 */
function App({ initialLocale }: { initialLocale: string }) {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(() => {
    const initial = readTheme();
    applyTheme(initial);
    return initial;
  });

  function toggleTheme() {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_STORAGE_KEY, next);
    applyTheme(next);
    setTheme(next);
  }

  function changeLanguage(code: string) {
    // SPEC §4: the language is kept in local storage and a switch reloads the page.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
    window.location.reload();
  }

  const features = [
    { icon: PhoneCall, title: t('web.home.call.title'), text: t('web.home.call.text') },
    { icon: MessageSquare, title: t('web.home.chat.title'), text: t('web.home.chat.text') },
    { icon: Video, title: t('web.home.video.title'), text: t('web.home.video.text') },
  ];

  return (
    <UiProvider locale={initialLocale} dir={getDirection(initialLocale)}>
      <div className="flex min-h-screen flex-col">
        <header className="flex h-header items-center gap-3 border-b bg-card px-4">
          <span className="font-semibold text-lg">Parley</span>
          <div className="ms-auto flex items-center gap-2">
            <LanguagePicker value={initialLocale} onValueChange={changeLanguage} />
            <Button
              variant="ghost"
              size="icon"
              aria-label={theme === 'dark' ? t('web.theme.light') : t('web.theme.dark')}
              onClick={toggleTheme}
            >
              {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
            </Button>
          </div>
        </header>
        <main className="mx-auto flex w-full max-w-content flex-1 flex-col gap-10 px-4 py-16">
          <section className="flex flex-col gap-4">
            <h1 className="font-semibold text-4xl">{t('web.home.title')}</h1>
            <p className="max-w-2xl text-lg text-muted-foreground">{t('web.home.lead')}</p>
          </section>
          <ul className="grid gap-4 sm:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex flex-col gap-2 rounded-lg border bg-card p-5">
                <Icon aria-hidden className="size-6 text-primary-text" />
                <h2 className="font-medium text-base">{title}</h2>
                <p className="text-muted-foreground text-sm">{text}</p>
              </li>
            ))}
          </ul>
        </main>
      </div>
    </UiProvider>
  );
}

export { App };
