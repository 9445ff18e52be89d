import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchemaWith } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Card, CardContent } from '@parley/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { Result } from '@parley/ui/result';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { AccountPageHeading } from './account-page-heading';
import { useForgotPassword } from './account-queries';
import { useRememberedLoginId } from './use-remembered-login-id';

interface ForgotPasswordValues {
  email: string;
}

/**
 * `/user/forgot-password`: asks for the account's e-mail and has a link to set a new password
 * sent. The server answers the same whether or not the address is a member's, so the
 * confirmation says the link comes if it is.
 */
function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordRequestSchemaWith(contractMessages(t))),
    defaultValues: { email: '' },
  });
  // The last account signed in with here, when it looks like an e-mail address.
  useRememberedLoginId(form, 'email', (loginId) => loginId.includes('@'));
  const send = useForgotPassword({
    onError: (error) => reportFormError(error, { setError: form.setError, fields: ['email'], t, navigate }),
  });

  if (send.isSuccess) {
    return (
      <Card>
        <CardContent>
          <Result
            status="success"
            headingLevel={1}
            title={t('web.forgot.sent.title')}
            subTitle={t('web.forgot.sent.text', { email: send.variables.email })}
            className="py-8"
            extra={
              <Button asChild variant="outline">
                <Link to="/user/login">{t('web.account.backToLogin')}</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-6">
      <AccountPageHeading title={t('web.forgot.title')} subtitle={t('web.forgot.text')} />
      <Card>
        <CardContent className="grid gap-5">
          <Form {...form}>
            <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>{t('web.account.email')}</FormLabel>
                    <FormControl>
                      <Input type="email" autoComplete="email" required {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit" loading={send.isPending} className="w-full">
                {t('web.forgot.submit')}
              </Button>
            </form>
          </Form>
          <Link to="/user/login" className="text-center text-primary-text text-sm underline-offset-4 hover:underline">
            {t('web.account.backToLogin')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

export { ForgotPasswordScreen };
