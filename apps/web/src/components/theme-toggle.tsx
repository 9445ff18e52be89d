import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/theme';

/** Light or dark, saved per browser. */
function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, toggle] = useTheme();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={theme === 'dark' ? t('web.theme.light') : t('web.theme.dark')}
      onClick={toggle}
    >
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}

export { ThemeToggle };
