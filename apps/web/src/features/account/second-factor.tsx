import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES, isApiError, mfaLoginRequestSchemaWith } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { message } from '@parley/ui/toast';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { api } from '../../lib/api';
import { contractMessages } from '../../lib/contract-messages';
import { signInFailureMessage } from './account-login-form';
import { useSignIn } from './account-queries';
import type { PendingSecondFactor } from './second-factor-context';

/**
 * The sign-in's second step: a code from the member's authenticator app, or one of their recovery
 * codes. A wrong code says so on the field; an expired first step goes back to the password.
 */
function SecondFactorForm({ pending, onBack }: { pending: PendingSecondFactor; onBack: () => void }) {
  const { t } = useTranslation();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(z.object({ code: mfaLoginRequestSchemaWith(contractMessages(t)).shape.code })),
    defaultValues: { code: '' },
  });
  const verify = useSignIn(api.profile.loginMfa, () => pending.loginId, {
    onError: (error) => {
      if (isApiError(error) && error.errorCode === ERROR_CODES.mfaCodeInvalid) {
        form.setError('code', { type: 'server', message: t('web.login.mfa.codeInvalid') }, { shouldFocus: true });
        return;
      }
      if (isApiError(error) && error.errorCode === ERROR_CODES.tokenInvalid) {
        message.info(t('web.login.mfa.expired'));
        onBack();
        return;
      }
      message.info(signInFailureMessage(error, t));
    },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={t('web.login.mfa.title')}
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          verify.mutate({ token: pending.token, code: values.code, autoLogin: pending.remember }),
        )}
      >
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg">{t('web.login.mfa.title')}</h2>
          <p className="text-muted-foreground text-sm">{t('web.login.mfa.intro')}</p>
        </div>
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('web.login.mfa.code')}</FormLabel>
              <FormControl>
                <Input
                  dir="ltr"
                  autoComplete="one-time-code"
                  spellCheck={false}
                  maxLength={40}
                  className="font-mono"
                  autoFocus
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-wrap justify-between gap-2">
          <Button type="button" variant="outline" onClick={onBack} disabled={verify.isPending}>
            {t('web.login.mfa.back')}
          </Button>
          <Button type="submit" loading={verify.isPending}>
            {t('web.login.mfa.verify')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

export { SecondFactorForm };
