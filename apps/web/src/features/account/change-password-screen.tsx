import { zodResolver } from '@hookform/resolvers/zod';
import {
  currentPasswordSchemaWith,
  ERROR_CODES,
  isApiError,
  newPasswordFieldsWith,
  passwordsMatchWith,
} from '@parley/api';
import { Trans, useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Card, CardContent } from '@parley/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { PasswordInput } from '@parley/ui/password-input';
import { message } from '@parley/ui/toast';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import * as z from 'zod/mini';
import { contractMessages, type Translate } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { LOGIN_PATH } from '../../lib/redirect';
import { decodeToken, displayName } from '../../lib/token';
import { AccountPageHeading } from './account-page-heading';
import { useChangePassword } from './account-queries';
import { NewPasswordFields } from './new-password-fields';

interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/**
 * What the token in the address says of itself. A first login's token has the `password` scope:
 * the one-time password was just typed, so only the new one is asked. A full session (a member
 * changing their own password) must also give the current one. A token that cannot be read
 * leaves it to the server, which asks for the current password when it needs it.
 */
function readLinkToken(token: string) {
  const claims = decodeToken(token) as { scope?: unknown; exp?: number } | null;
  return {
    fullSession: claims?.scope === 'full',
    expired: typeof claims?.exp === 'number' && claims.exp * 1000 <= Date.now(),
    name: displayName(token),
  };
}

/** The contract's rules for a new password; with a full session the current password is asked too. */
function changePasswordSchema(t: Translate, askCurrent: boolean) {
  const messages = contractMessages(t);
  return z
    .object({
      currentPassword: askCurrent
        ? currentPasswordSchemaWith(messages).check(z.minLength(1, { error: t('web.changePassword.currentRequired') }))
        : z.string(),
      ...newPasswordFieldsWith(messages),
    })
    .check(passwordsMatchWith(messages));
}

/** The link cannot be used any more: say so, and lead to the sign-in. */
function LinkExpired() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="error"
      title={t('web.changePassword.expired')}
      description={
        <Link to={LOGIN_PATH} className="font-medium underline underline-offset-4">
          {t('web.account.signIn')}
        </Link>
      }
    />
  );
}

/**
 * `/user/change-password/:token` (SPEC §2.2): where a first login leads, and where a signed-in
 * member changes their password. Success signs the member in with the answer, as a login does.
 */
function ChangePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [link] = useState(() => readLinkToken(token));
  const [askCurrent, setAskCurrent] = useState(link.fullSession);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema(t, askCurrent)),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const change = useChangePassword({
    onSuccess: () => message.success(t('web.changePassword.done')),
    onError: (error) => {
      if (isApiError(error) && error.errorCode === ERROR_CODES.tokenInvalid) {
        return;
      }
      if (isApiError(error) && error.status === 422 && error.fields.currentPassword !== undefined && !askCurrent) {
        // The token was a full session after all: the server wants the current password.
        setAskCurrent(true);
        form.setError('currentPassword', { type: 'server', message: t('web.changePassword.currentRequired') });
        return;
      }
      reportFormError(error, {
        setError: form.setError,
        fields: FIELDS,
        t,
        navigate,
      });
    },
  });
  const expired = link.expired || (isApiError(change.error) && change.error.errorCode === ERROR_CODES.tokenInvalid);
  const firstLogin = !askCurrent;

  return (
    <div className="grid gap-6">
      <AccountPageHeading
        title={firstLogin ? t('web.changePassword.firstTitle') : t('web.changePassword.title')}
        subtitle={
          firstLogin ? (
            link.name ? (
              <Trans i18nKey="web.changePassword.firstWelcome" isolate={{ name: link.name }} />
            ) : (
              t('web.changePassword.firstText')
            )
          ) : (
            t('web.changePassword.text')
          )
        }
      />
      <Card>
        <CardContent className="grid gap-5">
          {expired ? (
            <LinkExpired />
          ) : (
            <Form {...form}>
              <form
                noValidate
                className="grid gap-4"
                onSubmit={form.handleSubmit((values) =>
                  change.mutate({
                    token,
                    password: values.password,
                    confirmPassword: values.confirmPassword,
                    ...(askCurrent ? { currentPassword: values.currentPassword } : {}),
                  }),
                )}
              >
                {askCurrent ? (
                  <FormField
                    control={form.control}
                    name="currentPassword"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel required>{t('web.changePassword.current')}</FormLabel>
                        <FormControl>
                          <PasswordInput autoComplete="current-password" required {...field} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                ) : null}
                <NewPasswordFields passwordLabel={t('web.reset.password')} confirmLabel={t('web.reset.confirm')} />
                <Button type="submit" loading={change.isPending} className="w-full">
                  {t('web.changePassword.submit')}
                </Button>
              </form>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export { ChangePasswordScreen };
