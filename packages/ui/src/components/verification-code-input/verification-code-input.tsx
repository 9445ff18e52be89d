import { useTranslation } from '@parley/i18n';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Input, type InputProps } from '../input/input';
import { Spinner } from '../spinner/spinner';

type VerificationCodeInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'maxLength'> & {
  /** The code typed so far (controlled); digits only. */
  value?: string;
  /** The starting code (uncontrolled). */
  defaultValue?: string;
  /** Called with the digits as they are typed or pasted. */
  onValueChange?: (value: string) => void;
  /** Called once every digit is in, for example to submit the form. */
  onComplete?: (code: string) => void;
  /** How many digits the code has; 6 by default. */
  length?: number;
  /** Sends a code (SPEC §2.3 'Get Code'). While its promise is pending the button shows progress; if it rejects no countdown starts. */
  onRequestCode: () => unknown;
  /** Seconds to wait before another code may be requested; 60 by default. */
  countdownSeconds?: number;
  /** Keeps the Get Code button unavailable, for example until the phone number is valid. */
  requestDisabled?: boolean;
};

/**
 * A one-time code field (numeric keyboard, filled by the platform from an SMS) with a Get Code
 * button that counts down in seconds before another code may be requested. Field attributes
 * (`id`, `aria-*`, `name`, `onBlur`, `ref`) go to the code field; `className` to the wrapper.
 */
function VerificationCodeInput({
  value,
  defaultValue,
  onValueChange,
  onComplete,
  length = 6,
  onRequestCode,
  countdownSeconds = 60,
  requestDisabled = false,
  disabled,
  id,
  size,
  className,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  ...props
}: VerificationCodeInputProps) {
  const { t } = useTranslation();
  const [code, setCode] = useControllableState(value, defaultValue ?? '', onValueChange);
  const [pending, setPending] = React.useState(false);
  const [secondsLeft, setSecondsLeft] = React.useState(0);
  const deadline = React.useRef(0);
  const mounted = React.useRef(true);
  const counting = secondsLeft > 0;
  const requestBlocked = disabled || requestDisabled || pending || counting;

  React.useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Counts from the clock rather than the ticks, so a throttled background tab still ends on time.
  React.useEffect(() => {
    if (!counting) {
      return;
    }
    const timer = setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000)));
    }, 1000);
    return () => clearInterval(timer);
  }, [counting]);

  function handleChange(event: React.ChangeEvent<HTMLInputElement>) {
    const next = event.target.value.replace(/\D/g, '').slice(0, length);
    if (next === code) {
      return;
    }
    setCode(next);
    if (next.length === length) {
      onComplete?.(next);
    }
  }

  async function requestCode() {
    if (requestBlocked) {
      return;
    }
    setPending(true);
    try {
      await onRequestCode();
    } catch {
      // The caller reports the failure; without a code sent there is nothing to wait for.
      return;
    } finally {
      if (mounted.current) {
        setPending(false);
      }
    }
    if (mounted.current) {
      deadline.current = Date.now() + countdownSeconds * 1000;
      setSecondsLeft(countdownSeconds);
    }
  }

  return (
    <div data-slot="verification-code-input" className={cn('flex w-full gap-2', className)}>
      <Input
        data-slot="verification-code-input-field"
        id={id}
        size={size}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`\\d{${length}}`}
        spellCheck={false}
        disabled={disabled}
        value={code}
        onChange={handleChange}
        aria-label={ariaLabel ?? (id === undefined && ariaLabelledBy === undefined ? t('ui.code.label') : undefined)}
        aria-labelledby={ariaLabelledBy}
        className="min-w-0 flex-1 tabular-nums tracking-[0.3em]"
        {...props}
      />
      <Button
        data-slot="verification-code-input-request"
        data-state={pending ? 'pending' : counting ? 'counting' : 'idle'}
        variant="outline"
        size={size === 'sm' ? 'sm' : size === 'lg' ? 'lg' : 'md'}
        disabled={disabled}
        // aria-disabled rather than disabled keeps focus on the button while it waits.
        aria-disabled={requestBlocked || undefined}
        aria-busy={pending || undefined}
        onClick={requestCode}
        className={cn(
          'min-w-28 shrink-0 tabular-nums',
          'aria-disabled:cursor-not-allowed aria-disabled:bg-muted aria-disabled:text-muted-foreground',
          'aria-disabled:hover:border-input aria-disabled:hover:text-muted-foreground',
        )}
        icon={pending ? <Spinner size="sm" decorative /> : undefined}
      >
        {counting ? t('ui.code.countdown', { seconds: secondsLeft }) : t('ui.code.get')}
      </Button>
    </div>
  );
}

export { VerificationCodeInput, type VerificationCodeInputProps };
