import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import type * as React from 'react';

/**
 * An error that trying again may mend, with Retry: data a screen could not load, a camera that
 * could not start. `description` says more where the screen knows more.
 */
export function RetryAlert({
  title,
  description,
  onRetry,
  className,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="error"
      className={className}
      title={title}
      description={description}
      action={
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('ui.action.retry')}
        </Button>
      }
    />
  );
}
