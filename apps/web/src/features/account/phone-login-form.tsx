import { zodResolver } from '@hookform/resolvers/zod';
import { CAPTCHA_LENGTH, isApiError, mobileLoginRequestSchemaWith } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Checkbox } from '@parley/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { isValidPhoneNumber, PhoneInput } from '@parley/ui/phone-input';
import { message } from '@parley/ui/toast';
import { VerificationCodeInput } from '@parley/ui/verification-code-input';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { signInFailureMessage } from './account-login-form';
import { usePhoneLogin, useSendPhoneCode } from './account-queries';

/** SPEC §2.3: after Get Code, another code may be asked for once this many seconds have passed. */
export const CODE_COUNTDOWN_SECONDS = 60;

interface PhoneLoginValues {
  mobile: string;
  captcha: string;
  remember: boolean;
}

const FIELDS = ['mobile', 'captcha'] as const;

/**
 * The phone tab of the login page (SPEC §2.3): a phone number and the code sent to it by SMS.
 * Get Code is answered the same whether or not the number is a member's, so the countdown runs
 * either way; a wrong code says 'Verification Code Error' (SPEC §8).
 */
function PhoneLoginForm({ teamId }: { teamId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = contractMessages(t);
  const contract = mobileLoginRequestSchemaWith(messages).shape;
  const form = useForm<PhoneLoginValues>({
    resolver: zodResolver(
      z.object({
        // SPEC §5: required and valid, one message for both; beyond the contract's E.164 form, a
        // number that can exist in its country.
        mobile: contract.mobile.check(z.refine((value) => isValidPhoneNumber(value), { error: messages.phoneInvalid })),
        captcha: contract.captcha,
        remember: z.boolean(),
      }),
    ),
    defaultValues: { mobile: '', captcha: '', remember: true },
  });

  const sendCode = useSendPhoneCode();

  async function requestCode() {
    // Only the number is checked here: the code is what is being asked for.
    if (!(await form.trigger('mobile'))) {
      throw new Error('The phone number is not valid.');
    }
    try {
      await sendCode.mutateAsync(form.getValues('mobile'));
    } catch (error) {
      reportFormError(error, { setError: form.setError, fields: ['mobile'], t, navigate });
      throw error;
    }
    message.success(t('web.phoneLogin.codeSent'));
  }

  const login = usePhoneLogin({
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        form.setError('captcha', { type: 'server', message: t('web.error.captcha') }, { shouldFocus: true });
        return;
      }
      if (isApiError(error) && error.status === 422 && FIELDS.some((field) => error.fields[field])) {
        reportFormError(error, { setError: form.setError, fields: FIELDS, t, navigate });
        return;
      }
      message.info(signInFailureMessage(error, t));
    },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          login.mutate({
            mobile: values.mobile,
            captcha: values.captcha,
            autoLogin: values.remember,
            ...(teamId ? { teamId } : {}),
          }),
        )}
      >
        <FormField
          control={form.control}
          name="mobile"
          render={({ field: { onChange, ...field } }) => (
            <FormItem>
              <FormLabel required>{t('web.phoneLogin.number')}</FormLabel>
              <FormControl>
                <PhoneInput required onValueChange={onChange} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="captcha"
          render={({ field: { onChange, ...field } }) => (
            <FormItem>
              <FormLabel required>{t('web.phoneLogin.code')}</FormLabel>
              <FormControl>
                <VerificationCodeInput
                  required
                  length={CAPTCHA_LENGTH}
                  countdownSeconds={CODE_COUNTDOWN_SECONDS}
                  onRequestCode={requestCode}
                  onValueChange={onChange}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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
        <Button type="submit" loading={login.isPending} className="w-full">
          {t('web.login.submit')}
        </Button>
      </form>
    </Form>
  );
}

export { PhoneLoginForm };
