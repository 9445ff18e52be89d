import { zodResolver } from '@hookform/resolvers/zod';
import { registerRequestSchemaWith } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { useRegister } from './account-queries';
import { NameFields } from './name-fields';
import { NewPasswordFields } from './new-password-fields';

interface RegistrationValues {
  name: string;
  teamName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['name', 'teamName', 'email', 'password', 'confirmPassword'] as const;

/**
 * Team registration (SPEC §2.3, §3, §5): the member's name and the team's, e-mail, password with
 * its strength, and confirmation. The server creates the team with this member as its admin and
 * signs them in; both names can be changed later from the account menu.
 */
function RegistrationForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<RegistrationValues>({
    resolver: zodResolver(registerRequestSchemaWith(contractMessages(t))),
    defaultValues: { name: '', teamName: '', email: '', password: '', confirmPassword: '' },
  });
  const register = useRegister({
    onError: (error) =>
      reportFormError(error, {
        setError: form.setError,
        fields: FIELDS,
        t,
        navigate,
      }),
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => register.mutate(values))}>
        <NameFields />
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
        <NewPasswordFields passwordLabel={t('web.login.password')} confirmLabel={t('web.account.confirmPassword')} />
        <Button type="submit" loading={register.isPending} className="w-full">
          {t('web.register.submit')}
        </Button>
      </form>
    </Form>
  );
}

export { RegistrationForm };
