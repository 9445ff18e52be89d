import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES, isApiError, loginRequestSchemaWith } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Checkbox } from '@parley/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { PasswordInput } from '@parley/ui/password-input';
import { message } from '@parley/ui/toast';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { contractMessages } from '../../lib/contract-messages';
import { useLogin } from './account-queries';
import { useRememberedLoginId } from './use-remembered-login-id';

interface AccountLoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/** SPEC §4: anything but a successful sign-in shows this one message (a lock-out says so instead). */
export function signInFailureMessage(error: unknown, t: (key: string) => string): string {
  if (isApiError(error) && error.status === 429) {
    return t(error.errorCode === ERROR_CODES.phoneLocked ? 'web.phoneLogin.paused' : 'web.error.tooMany');
  }
  if (isApiError(error) && error.errorCode === ERROR_CODES.loading) {
    return t('web.error.starting');
  }
  return t('web.error.credentials');
}

/** The account tab of the login page: username (e-mail) and password, Remember me, Forgot Password. */
function AccountLoginForm({ teamId }: { teamId?: string }) {
  const { t } = useTranslation();
  const contract = loginRequestSchemaWith(contractMessages(t)).shape;
  const form = useForm<AccountLoginValues>({
    resolver: zodResolver(
      z.object({
        username: contract.email,
        password: contract.password,
        remember: z.boolean(),
      }),
    ),
    defaultValues: { username: '', password: '', remember: true },
  });
  // The last account used here (SPEC §3 LoginID) fills the field again.
  useRememberedLoginId(form, 'username');
  const login = useLogin({
    onError: (error) => message.info(signInFailureMessage(error, t)),
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          login.mutate({
            email: values.username.trim(),
            password: values.password,
            autoLogin: values.remember,
            ...(teamId ? { teamId } : {}),
          }),
        )}
      >
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('web.login.username')}</FormLabel>
              <FormControl>
                <Input autoComplete="username" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('web.login.password')}</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="current-password" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex items-center justify-between gap-2">
          <FormField
            control={form.control}
            name="remember"
            render={({ field }) => (
              <FormItem className="flex flex-row items-center gap-2">
                <FormControl>
                  <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
                </FormControl>
                <FormLabel className="font-normal">{t('web.login.remember')}</FormLabel>
              </FormItem>
            )}
          />
          <Link to="/user/forgot-password" className="text-primary-text text-sm underline-offset-4 hover:underline">
            {t('web.login.forgot')}
          </Link>
        </div>
        <Button type="submit" loading={login.isPending} className="w-full">
          {t('web.login.submit')}
        </Button>
      </form>
    </Form>
  );
}

export { AccountLoginForm };
