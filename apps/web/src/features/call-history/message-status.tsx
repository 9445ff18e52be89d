import type { LeftMessage } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { CircleAlert } from 'lucide-react';

/**
 * A visitor's message that cannot be played yet, or ever: 'Error' with the reason when its video
 * failed, 'Uploading' while the visitor's upload is under way, otherwise 'Processing'.
 */
function MessageStatus({ message }: { message: Pick<LeftMessage, 'status' | 'errorCode'> }) {
  const { t } = useTranslation();
  if (message.status === 'error') {
    return (
      <span data-slot="message-status" data-state="error" className="inline-flex items-start gap-1.5 text-xs">
        <CircleAlert aria-hidden className="mt-px size-4 shrink-0 text-destructive" />
        <span className="grid max-w-48 gap-0.5 whitespace-normal sm:w-max">
          <span className="font-medium text-destructive">{t('web.calls.message.error')}</span>
          <span className="text-muted-foreground">{t(`web.video.error.${message.errorCode ?? 'unknown'}`)}</span>
        </span>
      </span>
    );
  }
  const state = message.status === 'uploading' ? 'uploading' : 'processing';
  return (
    <span data-slot="message-status" data-state={state} className="text-muted-foreground text-xs">
      {t(`web.video.status.${state}`)}
    </span>
  );
}

export { MessageStatus };
