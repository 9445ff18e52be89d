import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Skeleton } from '@parley/ui/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { BindMfaDialog, UnbindMfaDialog } from './mfa-dialogs';
import { PasswordDialog } from './password-dialog';
import { securityQueryOptions } from './profile-queries';

/** One setting: its name and what it is now, and its action at the end. */
function SettingRow({ title, description, action }: { title: string; description: string; action: React.ReactNode }) {
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-wrap items-center justify-between gap-3 border-border border-b py-4 last:border-b-0"
    >
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <span id={titleId} className="font-medium">
          {title}
        </span>
        <span className="text-muted-foreground text-sm">{description}</span>
      </div>
      {action}
    </li>
  );
}

/** The MFA device's row: Bind when none is bound, Unbind (with a code) when one is. */
function MfaRow() {
  const { t } = useTranslation();
  const query = useQuery(securityQueryOptions());
  const [dialog, setDialog] = useState<'bind' | 'unbind' | null>(null);
  if (query.isPending) {
    return (
      <li role="status" aria-label={t('ui.loading')} className="py-4">
        <Skeleton className="h-10 w-full" />
      </li>
    );
  }
  if (!query.data) {
    return (
      <li className="py-4">
        <Alert
          variant="error"
          title={t('web.profile.securityLoadFailed')}
          action={
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('ui.action.retry')}
            </Button>
          }
        />
      </li>
    );
  }
  const { mfa } = query.data;
  return (
    <>
      <SettingRow
        title={t('web.profile.mfa')}
        description={
          mfa.bound ? t('web.profile.mfaBound', { count: mfa.recoveryCodesLeft }) : t('web.profile.mfaUnbound')
        }
        action={
          mfa.bound ? (
            <Button variant="outline" onClick={() => setDialog('unbind')}>
              {t('web.profile.unbind')}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setDialog('bind')}>
              {t('web.profile.bind')}
            </Button>
          )
        }
      />
      <BindMfaDialog open={dialog === 'bind'} onOpenChange={(open) => setDialog(open ? 'bind' : null)} />
      <UnbindMfaDialog open={dialog === 'unbind'} onOpenChange={(open) => setDialog(open ? 'unbind' : null)} />
    </>
  );
}

/** Security Settings (SPEC §2.5): the account password (Modify) and the MFA device (Bind / Unbind). */
function SecuritySettings() {
  const { t } = useTranslation();
  const [modifying, setModifying] = useState(false);
  return (
    <>
      <ul aria-label={t('web.profile.tab.security')} className="grid max-w-3xl">
        <SettingRow
          title={t('web.profile.password')}
          description={t('web.profile.passwordRow')}
          action={
            <Button variant="outline" onClick={() => setModifying(true)}>
              {t('web.profile.modify')}
            </Button>
          }
        />
        <MfaRow />
      </ul>
      <PasswordDialog open={modifying} onOpenChange={setModifying} />
    </>
  );
}

export { SecuritySettings };
