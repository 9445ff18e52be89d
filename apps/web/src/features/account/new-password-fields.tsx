import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { PasswordInput } from '@parley/ui/password-input';
import { useFormContext } from 'react-hook-form';

interface NewPasswordFieldsProps {
  /** The label of the new password ('Password' on registration, 'New password' elsewhere). */
  passwordLabel: React.ReactNode;
  /** The label of its confirmation. */
  confirmLabel: React.ReactNode;
}

/**
 * A new password with the Strong / Medium / Weak meter and its confirmation, for a form whose
 * values hold `password` and `confirmPassword`. Changing the password checks the confirmation again.
 */
function NewPasswordFields({ passwordLabel, confirmLabel }: NewPasswordFieldsProps) {
  const { control } = useFormContext<{ password: string; confirmPassword: string }>();
  return (
    <>
      <FormField
        control={control}
        name="password"
        rules={{ deps: ['confirmPassword'] }}
        render={({ field }) => (
          <FormItem>
            <FormLabel required>{passwordLabel}</FormLabel>
            <FormControl>
              <PasswordInput showStrength autoComplete="new-password" required {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="confirmPassword"
        render={({ field }) => (
          <FormItem>
            <FormLabel required>{confirmLabel}</FormLabel>
            <FormControl>
              <PasswordInput autoComplete="new-password" required {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}

export { NewPasswordFields };
