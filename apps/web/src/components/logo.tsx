import { useTranslation } from '@parley/i18n';
import { Link } from 'react-router';

interface LogoProps {
  to?: string;
  /** Shows the mark alone, the name only for assistive technology (a collapsed side menu). */
  collapsed?: boolean;
  /** Shows the mark alone on phone-wide screens, so a full header still fits. */
  compact?: boolean;
}

/** Parley's mark and name; the name hides when the side menu is collapsed, and on phones when compact. */
function Logo({ to = '/', collapsed = false, compact = false }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md font-semibold text-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span
        aria-hidden
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground text-sm"
      >
        P
      </span>
      <span className={collapsed ? 'sr-only' : compact ? 'max-sm:sr-only' : undefined}>{t('web.app.name')}</span>
    </Link>
  );
}

export { Logo };
