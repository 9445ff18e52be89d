import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES, isApiError, newPasswordSchemaWith } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Card, CardContent } from '@parley/ui/card';
import { Form } from '@parley/ui/form';
import { Skeleton } from '@parley/ui/skeleton';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { LOGIN_PATH } from '../../lib/redirect';
import { rememberLoginId } from '../../lib/storage';
import { AccountPageHeading } from './account-page-heading';
import { useCheckResetLink, useResetPassword } from './account-queries';
import { NewPasswordFields } from './new-password-fields';

interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

/** Whether a failure means the e-mailed link cannot be used (spent, expired, or mangled). */
function isLinkRefused(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.errorCode === ERROR_CODES.resetLinkInvalid ||
      (error.status === 422 && (error.fields.token !== undefined || error.fields.userId !== undefined)))
  );
}

/**
 * `/user/reset-password/:token/:userId`: the page of the e-mailed link. A new password and its
 * confirmation; then the member signs in with it. A spent or expired link says so and leads to
 * asking for a new one.
 */
function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '', userId = '' } = useParams();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(newPasswordSchemaWith(contractMessages(t))),
    defaultValues: { password: '', confirmPassword: '' },
  });
  // Whether the link is still live is asked at once: a spent or expired one says so before anything is typed.
  const check = useCheckResetLink();
  const checkLink = check.mutate;
  useEffect(() => {
    checkLink({ token, userId });
  }, [checkLink, token, userId]);
  const reset = useResetPassword({
    onSuccess: () => {
      // The login page says the password changed, with this account's address filled in.
      if (check.data) {
        rememberLoginId(check.data.data.email);
      }
      navigate(LOGIN_PATH, { replace: true, state: { passwordChanged: true } });
    },
    onError: (error) => {
      if (!isLinkRefused(error)) {
        reportFormError(error, { setError: form.setError, fields: ['password', 'confirmPassword'], t, navigate });
      }
    },
  });
  const linkRefused = (reset.isError && isLinkRefused(reset.error)) || (check.isError && isLinkRefused(check.error));
  const checking = check.status === 'idle' || check.isPending;

  return (
    <div className="grid gap-6">
      <AccountPageHeading title={t('web.reset.title')} subtitle={t('web.reset.text')} />
      <Card>
        <CardContent className="grid gap-5">
          {linkRefused ? (
            <Alert
              variant="error"
              title={t('web.reset.invalid')}
              description={
                <Link to="/user/forgot-password" className="font-medium underline underline-offset-4">
                  {t('web.reset.askNew')}
                </Link>
              }
            />
          ) : checking ? (
            <div role="status" aria-label={t('ui.loading')} className="grid gap-4">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : (
            <Form {...form}>
              <form
                noValidate
                className="grid gap-4"
                onSubmit={form.handleSubmit((values) => reset.mutate({ token, userId, ...values }))}
              >
                <NewPasswordFields passwordLabel={t('web.reset.password')} confirmLabel={t('web.reset.confirm')} />
                <Button type="submit" loading={reset.isPending} className="w-full">
                  {t('web.reset.submit')}
                </Button>
              </form>
            </Form>
          )}
          <Link to={LOGIN_PATH} className="text-center text-primary-text text-sm underline-offset-4 hover:underline">
            {t('web.account.backToLogin')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

export { ResetPasswordScreen };
