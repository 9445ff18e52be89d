import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Result } from '@parley/ui/result';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** What a route shows when its screen fails to load or throws: the 404 or 500 result. */
function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) {
    console.error(error);
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <Result
        status={notFound ? '404' : '500'}
        headingLevel={1}
        extra={<Button onClick={() => window.location.assign('/')}>{t('ui.result.backHome')}</Button>}
      />
    </main>
  );
}

export { RouteError };
