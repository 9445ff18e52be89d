import { useTranslation } from '@parley/i18n';
import { Button } from '../../components/button/button';
import { Result } from '../../components/result/result';

type ExceptionStatus = '403' | '404' | '500';

interface ExceptionPageProps {
  /** Which exception: not authorised, not found or server error. */
  status: ExceptionStatus;
  /** Called by the 'Back Home' button. */
  onBackHome?: () => void;
}

/** The template's Exception pages (403, 404, 500): the status's Result and a way back home. */
function ExceptionPage({ status, onBackHome }: ExceptionPageProps) {
  const { t } = useTranslation();
  return (
    <div data-slot="exception-page" className="grid min-h-svh place-items-center bg-card text-card-foreground">
      <Result
        status={status}
        headingLevel={1}
        extra={<Button onClick={() => onBackHome?.()}>{t('ui.result.backHome')}</Button>}
      />
    </div>
  );
}

export { ExceptionPage, type ExceptionPageProps, type ExceptionStatus };
