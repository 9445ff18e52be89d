import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CurrentUser,
  EMAIL_MAX_LENGTH,
  MEMBER_NAME_MAX_LENGTH,
  PROFILE_FIELD_MAX_LENGTH,
  PROFILE_TEXT_MAX_LENGTH,
  type UpdateProfileRequest,
  updateProfileRequestSchemaWith,
} from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { PhoneInput } from '@parley/ui/phone-input';
import { Skeleton } from '@parley/ui/skeleton';
import { Textarea } from '@parley/ui/textarea';
import { message } from '@parley/ui/toast';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { contractMessages } from '../../lib/contract-messages';
import { useCurrentUser } from '../../lib/current-user';
import { reportFormError } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { useUpdateProfile } from './profile-queries';

const FIELDS = ['email', 'name', 'signature', 'country', 'province', 'city', 'address', 'phone'] as const;

/** The form's values from the member as the server has them. */
function valuesOf(user: CurrentUser): UpdateProfileRequest {
  return {
    email: user.email,
    name: user.name,
    signature: user.signature,
    country: user.country,
    province: user.geographic.province.label,
    city: user.geographic.city.label,
    address: user.address,
    phone: user.phone,
  };
}

/** The form's shape while the member loads. */
function BasicSettingsPlaceholder() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('ui.loading')} className="grid max-w-xl gap-4">
      {FIELDS.slice(0, 6).map((field) => (
        <Skeleton key={field} className="h-9 w-full" />
      ))}
    </div>
  );
}

function BasicSettingsForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => updateProfileRequestSchemaWith(contractMessages(t)), [t]);
  const form = useForm<UpdateProfileRequest>({ resolver: zodResolver(schema), defaultValues: valuesOf(user) });
  const resetForm = form.reset;
  // The member read again (after an update, or from another tab) fills the form, unless it is being edited.
  useEffect(() => {
    resetForm(valuesOf(user), { keepDirtyValues: true });
  }, [user, resetForm]);
  const update = useUpdateProfile({
    onSuccess: ({ data }) => {
      resetForm(valuesOf(data));
      message.success(t('web.profile.updated'));
    },
    onError: (error) => reportFormError(error, { setError: form.setError, fields: FIELDS, t, navigate }),
  });

  const text = (name: 'country' | 'address', label: string, autoComplete: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel required>{label}</FormLabel>
          <FormControl>
            <Input autoComplete={autoComplete} maxLength={PROFILE_FIELD_MAX_LENGTH} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={t('web.profile.tab.basic')}
        className="grid max-w-xl gap-4"
        onSubmit={form.handleSubmit((values) => update.mutate(values))}
      >
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('web.profile.email')}</FormLabel>
              <FormControl>
                <Input
                  dir="ltr"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  spellCheck={false}
                  maxLength={EMAIL_MAX_LENGTH}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('web.profile.nickname')}</FormLabel>
              <FormControl>
                <Input autoComplete="nickname" maxLength={MEMBER_NAME_MAX_LENGTH} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="signature"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('web.profile.signature')}</FormLabel>
              <FormControl>
                <Textarea
                  rows={3}
                  limit={PROFILE_TEXT_MAX_LENGTH}
                  showCount
                  placeholder={t('web.profile.signaturePlaceholder')}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {text('country', t('web.profile.country'), 'country-name')}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t('web.profile.geographic')}</legend>
          <FormField
            control={form.control}
            name="province"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('web.profile.province')}</FormLabel>
                <FormControl>
                  <Input autoComplete="address-level1" maxLength={PROFILE_FIELD_MAX_LENGTH} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="city"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('web.profile.city')}</FormLabel>
                <FormControl>
                  <Input autoComplete="address-level2" maxLength={PROFILE_FIELD_MAX_LENGTH} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
        {text('address', t('web.profile.address'), 'street-address')}
        <FormField
          control={form.control}
          name="phone"
          render={({ field: { onChange, ...field } }) => (
            <FormItem>
              <FormLabel required>{t('web.profile.phone')}</FormLabel>
              <FormControl>
                <PhoneInput required autoComplete="tel" onValueChange={onChange} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div>
          <Button type="submit" loading={update.isPending}>
            {t('web.profile.update')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** Basic Settings (SPEC §2.5): the member's own details, each required, saved with Update Information. */
function BasicSettings() {
  const { t } = useTranslation();
  const session = useSession();
  const query = useCurrentUser(session.token);
  if (query.isPending) {
    return <BasicSettingsPlaceholder />;
  }
  if (!query.data) {
    return (
      <Alert
        variant="error"
        title={t('web.profile.loadFailed')}
        action={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('ui.action.retry')}
          </Button>
        }
      />
    );
  }
  return <BasicSettingsForm user={query.data} />;
}

export { BasicSettings };
