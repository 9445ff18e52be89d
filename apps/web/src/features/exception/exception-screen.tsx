import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Result } from '@parley/ui/result';
import { Link, useSearchParams } from 'react-router';

/**
 * The 403, 404 and 500 result pages. A request error shown by redirect (SPEC §4) arrives with
 * `errorCode` and `errorMessage` in the query, and the page shows them.
 */
function ExceptionScreen({ status }: { status: '403' | '404' | '500' }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const errorMessage = query.get('errorMessage');
  const errorCode = query.get('errorCode');
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <Result
        status={status}
        headingLevel={1}
        {...(errorMessage ? { subTitle: errorMessage } : {})}
        extra={
          <div className="flex flex-col items-center gap-3">
            {errorCode ? (
              <p className="text-muted-foreground text-sm">{t('web.exception.code', { code: errorCode })}</p>
            ) : null}
            <Button asChild>
              <Link to="/">{t('ui.result.backHome')}</Link>
            </Button>
          </div>
        }
      />
    </main>
  );
}

export { ExceptionScreen };
