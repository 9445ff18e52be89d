import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Result } from '@parley/ui/result';
import { Link } from 'react-router';
import { type Authority, hasAuthority } from '../lib/authority';
import { useSession } from '../lib/session';

/**
 * SPEC §2.2 and §6: the page shows when the current authority matches what it requires (a string,
 * a list or a function); otherwise the 403 result 'Sorry, you are not authorized to access this page.'.
 */
function Authorized({ authority, children }: { authority: Authority; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { role } = useSession();
  if (hasAuthority(authority, role)) {
    return children;
  }
  return (
    <Result
      status="403"
      headingLevel={1}
      extra={
        <Button asChild>
          <Link to="/">{t('ui.result.backHome')}</Link>
        </Button>
      }
    />
  );
}

export { Authorized };
