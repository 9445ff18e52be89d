import type { NotificationSettings as Switches } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Skeleton } from '@parley/ui/skeleton';
import { Switch } from '@parley/ui/switch';
import { message } from '@parley/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { showError } from '../../lib/show-error';
import { securityQueryOptions, useUpdateNotifications } from './profile-queries';

const KINDS = ['account', 'system', 'todo'] as const satisfies readonly (keyof Switches)[];

function SwitchRow({
  kind,
  checked,
  onChange,
}: {
  kind: keyof Switches;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-center justify-between gap-3 border-border border-b py-4 last:border-b-0">
      <div className="grid min-w-0 flex-1 gap-1">
        <span id={labelId} className="font-medium">
          {t(`web.profile.notify.${kind}`)}
        </span>
        <span id={descriptionId} className="text-muted-foreground text-sm">
          {t(`web.profile.notify.${kind}Description`)}
        </span>
      </div>
      <Switch
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        checked={checked}
        onCheckedChange={onChange}
        checkedText={t('web.profile.open')}
        uncheckedText={t('web.profile.close')}
      />
    </li>
  );
}

/** New Message Notification (SPEC §2.5): account password, system messages and to-do, each Open or Close. */
function NotificationSettings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(securityQueryOptions());
  const update = useUpdateNotifications({
    onSuccess: () => message.success(t('web.profile.notifySaved')),
    onError: (error) => showError(error, { navigate }),
  });
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('ui.loading')} className="grid max-w-3xl gap-4">
        {KINDS.map((kind) => (
          <Skeleton key={kind} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (!query.data) {
    return (
      <Alert
        variant="error"
        title={t('web.profile.securityLoadFailed')}
        action={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('ui.action.retry')}
          </Button>
        }
      />
    );
  }
  const switches = query.data.notifications;
  return (
    <ul aria-label={t('web.profile.tab.notifications')} className="grid max-w-3xl">
      {KINDS.map((kind) => (
        <SwitchRow
          key={kind}
          kind={kind}
          checked={switches[kind]}
          onChange={(checked) => update.mutate({ [kind]: checked })}
        />
      ))}
    </ul>
  );
}

export { NotificationSettings };
