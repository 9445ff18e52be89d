import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Link } from 'react-router';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

interface PublicHeaderProps {
  /** Where "Sign in" leads; the login page unless the visitor came with somewhere to return to. */
  signIn?: string;
}

/** The header of the public pages: the logo home, the language and theme, and the way to sign in. */
function PublicHeader({ signIn = '/user/login' }: PublicHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="flex h-header items-center gap-3 border-b bg-card px-4">
      <Logo />
      <div className="ms-auto flex items-center gap-2">
        <LanguageSwitch />
        <ThemeToggle />
        <Button asChild variant="outline" size="sm">
          <Link to={signIn}>{t('web.home.cta.signIn')}</Link>
        </Button>
      </div>
    </header>
  );
}

export { PublicHeader };
