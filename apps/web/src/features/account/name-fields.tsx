import { useTranslation } from '@parley/i18n';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { useFormContext } from 'react-hook-form';

/**
 * The member's own name and the team's, for a form whose values hold `name` and `teamName`: at
 * registration, and in the account menu's dialog, where a user sees the team's name read-only.
 */
function NameFields({ teamReadOnly = false }: { teamReadOnly?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<{ name: string; teamName: string }>();
  return (
    <>
      <FormField
        control={control}
        name="name"
        render={({ field }) => (
          <FormItem>
            <FormLabel required>{t('web.register.name')}</FormLabel>
            <FormControl>
              <Input autoComplete="name" required {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="teamName"
        render={({ field }) => (
          <FormItem>
            <FormLabel required={!teamReadOnly}>{t('web.register.teamName')}</FormLabel>
            <FormControl>
              <Input autoComplete="organization" readOnly={teamReadOnly} required={!teamReadOnly} {...field} />
            </FormControl>
            {teamReadOnly ? <FormDescription>{t('web.names.teamAdminOnly')}</FormDescription> : null}
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}

export { NameFields };
