import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ConfirmMfaRequest,
  confirmMfaRequestSchemaWith,
  type MfaCodeRequest,
  type MfaEnrolment,
  mfaCodeRequestSchemaWith,
} from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@parley/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { Skeleton } from '@parley/ui/skeleton';
import { message } from '@parley/ui/toast';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { copyText } from '../../lib/clipboard';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { useConfirmMfa, useStartMfa, useUnbindMfa } from './profile-queries';

interface MfaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The code field of both dialogs: six digits from the app (or, to unbind, a recovery code). */
function CodeField({ form, label }: { form: ReturnType<typeof useForm<{ code: string }>>; label: string }) {
  return (
    <FormField
      control={form.control}
      name="code"
      render={({ field }) => (
        <FormItem>
          <FormLabel required>{label}</FormLabel>
          <FormControl>
            <Input
              dir="ltr"
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={40}
              className="font-mono"
              {...field}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The ten recovery codes, shown once, with a copy button. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <Alert variant="warning" title={t('web.profile.recoveryIntro')} />
      <ul aria-label={t('web.profile.recoveryTitle')} dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <DialogFooter>
        <Button
          type="button"
          variant="outline"
          onClick={async () =>
            (await copyText(codes.join('\n')))
              ? message.success(t('web.profile.codesCopied'))
              : message.error(t('web.profile.copyFailed'))
          }
        >
          {t('web.profile.copyCodes')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('web.profile.done')}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Binding: the QR code and its key, then the first code; then the recovery codes, once. */
function BindForm({ enrolment, onBound }: { enrolment: MfaEnrolment; onBound: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => confirmMfaRequestSchemaWith(contractMessages(t)), [t]);
  const form = useForm<ConfirmMfaRequest>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const confirm = useConfirmMfa({
    onSuccess: ({ data }) => onBound(data.recoveryCodes),
    onError: (error) => reportFormError(error, { setError: form.setError, fields: ['code'], t, navigate }),
  });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => confirm.mutate(values))}>
        <div className="grid justify-items-center gap-2">
          <img src={enrolment.qrCode} alt={t('web.profile.qrAlt')} className="size-48 rounded-md bg-white" />
          <p className="text-muted-foreground text-sm">{t('web.profile.secretLabel')}</p>
          <code dir="ltr" data-testid="mfa-secret" className="break-all rounded-md bg-muted px-2 py-1 text-sm">
            {enrolment.secret}
          </code>
        </div>
        <CodeField form={form} label={t('web.login.mfa.code')} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={confirm.isPending}>
              {t('ui.action.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" loading={confirm.isPending}>
            {t('web.profile.bind')}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** Security Settings' Bind for the MFA device (TOTP). */
function BindMfaDialog({ open, onOpenChange }: MfaDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useStartMfa({
    onError: (error) => reportFormError(error, { setError: () => {}, fields: [], t, navigate }),
  });
  const startBinding = start.mutate;
  const resetStart = start.reset;
  useEffect(() => {
    if (open) {
      setCodes(null);
      startBinding();
    } else {
      resetStart();
    }
  }, [open, startBinding, resetStart]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{codes ? t('web.profile.recoveryTitle') : t('web.profile.bindTitle')}</DialogTitle>
          {codes ? null : <DialogDescription>{t('web.profile.bindIntro')}</DialogDescription>}
        </DialogHeader>
        {codes ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              message.success(t('web.profile.bound'));
              onOpenChange(false);
            }}
          />
        ) : start.data ? (
          <BindForm enrolment={start.data.data} onBound={setCodes} />
        ) : start.isError ? (
          <Alert variant="error" title={t('web.profile.bindFailed')} />
        ) : (
          <div role="status" aria-label={t('ui.loading')} className="grid justify-items-center gap-2">
            <Skeleton className="size-48" />
            <Skeleton className="h-9 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Security Settings' Unbind: a code from the device, or a recovery code. */
function UnbindMfaDialog({ open, onOpenChange }: MfaDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => mfaCodeRequestSchemaWith(contractMessages(t)), [t]);
  const form = useForm<MfaCodeRequest>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const resetForm = form.reset;
  useEffect(() => {
    if (open) {
      resetForm({ code: '' });
    }
  }, [open, resetForm]);
  const unbind = useUnbindMfa({
    onSuccess: () => {
      message.success(t('web.profile.unbound'));
      onOpenChange(false);
    },
    onError: (error) => reportFormError(error, { setError: form.setError, fields: ['code'], t, navigate }),
  });
  return (
    <Dialog open={open} onOpenChange={(next) => (unbind.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('web.profile.unbindTitle')}</DialogTitle>
          <DialogDescription>{t('web.profile.unbindIntro')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => unbind.mutate(values))}>
            <CodeField form={form} label={t('web.login.mfa.code')} />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={unbind.isPending}>
                  {t('ui.action.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" loading={unbind.isPending}>
                {t('web.profile.unbind')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export { BindMfaDialog, UnbindMfaDialog };
