import { zodResolver } from '@hookform/resolvers/zod';
import { currentPasswordSchemaWith, newPasswordFieldsWith, PASSWORD_MAX_LENGTH, passwordsMatchWith } from '@parley/api';
import { useTranslation } from '@parley/i18n';
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
import { PasswordInput } from '@parley/ui/password-input';
import { message } from '@parley/ui/toast';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { useZxcvbnRater } from './password-strength';
import { useModifyPassword } from './profile-queries';

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', password: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/** The new password's meter, rated by zxcvbn once its dictionaries have loaded. */
function NewPasswordInput(props: React.ComponentProps<typeof PasswordInput>) {
  const rate = useZxcvbnRater();
  return <PasswordInput showStrength {...(rate ? { rateStrength: rate } : {})} {...props} />;
}

interface PasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Security Settings' Modify for the account password: the current one and the new one twice, with
 * the Strong / Medium / Weak meter. The change ends every other session; this one goes on.
 */
function PasswordDialog({ open, onOpenChange }: PasswordDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const schema = useMemo(() => {
    const messages = contractMessages(t);
    return z
      .object({
        currentPassword: currentPasswordSchemaWith(messages).check(
          z.minLength(1, { error: t('web.changePassword.currentRequired') }),
        ),
        ...newPasswordFieldsWith(messages),
      })
      .check(passwordsMatchWith(messages));
  }, [t]);
  const form = useForm<PasswordValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const resetForm = form.reset;
  useEffect(() => {
    if (open) {
      resetForm(EMPTY);
    }
  }, [open, resetForm]);
  const modify = useModifyPassword({
    onSuccess: () => {
      message.success(t('web.profile.passwordChanged'));
      onOpenChange(false);
    },
    onError: (error) => reportFormError(error, { setError: form.setError, fields: FIELDS, t, navigate }),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (modify.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('web.profile.passwordTitle')}</DialogTitle>
          <DialogDescription>{t('web.profile.passwordDescription')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => modify.mutate({ token: session.token ?? '', ...values }))}
          >
            <FormField
              control={form.control}
              name="currentPassword"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.profile.currentPassword')}</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="password"
              rules={{ deps: ['confirmPassword'] }}
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.profile.newPassword')}</FormLabel>
                  <FormControl>
                    <NewPasswordInput autoComplete="new-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="confirmPassword"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.profile.confirmPassword')}</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="new-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={modify.isPending}>
                  {t('ui.action.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" loading={modify.isPending}>
                {t('web.profile.modify')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export { PasswordDialog };
