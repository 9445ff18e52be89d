import { useTranslation } from '@parley/i18n';
import { AppShell } from '@parley/ui/app-shell';
import { Skeleton } from '@parley/ui/skeleton';
import { Logo } from '../../components/logo';
import { hasAuthority } from '../../lib/authority';
import { APP_ROUTES } from '../routes';
import { ShellLoading } from './shell-loading';

/** Widths of the menu's lines while it loads, as its labels would be. */
const LINE_WIDTHS = ['w-24', 'w-28', 'w-28', 'w-20', 'w-24', 'w-28'];

/** One line of the menu while it loads: no words, since the member's language is not known yet. */
function MenuLine({ width }: { width: string }) {
  return (
    <li className="flex h-10 items-center gap-3 px-4">
      <Skeleton className="size-4 shrink-0 bg-nav-foreground/15" />
      <Skeleton className={`h-3 ${width} bg-nav-foreground/15`} />
    </li>
  );
}

/**
 * What a direct load of a signed-in screen paints before its code has arrived (SPEC §4's loading
 * page, in the shell's shape): the shell, a line for each of the menu's entries and the loading
 * screen, in the default look and without words (the member's language is known only once the
 * code runs). Prerendered into its own page at build time (scripts/prerender.mjs) and replaced by
 * the app's render; it takes no input.
 */
function ShellPlaceholder() {
  const { t } = useTranslation();
  // The entries every member has: the role is known only once the code runs, so an admin's own
  // entries (Requests) join the menu then rather than flash for a user.
  const entries = APP_ROUTES.filter((route) => route.menu === 'main' && hasAuthority(route.authority, 'user'));
  return (
    <AppShell
      data-testid="shell-placeholder"
      layout="side"
      navTheme="dark"
      menuLabel={t('web.menu.label')}
      logo={<Logo to="/dashboard" />}
      menu={
        <ul className="grid py-2">
          {entries.map((route, index) => (
            <MenuLine key={route.path} width={LINE_WIDTHS[index % LINE_WIDTHS.length] ?? 'w-24'} />
          ))}
        </ul>
      }
    >
      <ShellLoading />
    </AppShell>
  );
}

export { ShellPlaceholder };
