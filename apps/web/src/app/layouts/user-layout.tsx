import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';

/** The user layout: the account pages (sign in, register, passwords) on a quiet centred page. */
function UserLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-header items-center gap-2 px-4">
        <Logo />
        <div className="ms-auto flex items-center gap-1">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:py-16">
        <div className="w-full max-w-sm">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export { UserLayout };
