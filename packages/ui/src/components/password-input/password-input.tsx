import { useTranslation } from '@parley/i18n';
import { Eye, EyeOff } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Input, type InputProps } from '../input/input';

/** Joins id references (or words) with spaces; undefined when there are none. */
function joinTokens(...tokens: (string | undefined)[]): string | undefined {
  return tokens.filter(Boolean).join(' ') || undefined;
}

type PasswordStrength = 'weak' | 'medium' | 'strong';

const MINIMUM_LENGTH = 8;
const MINIMUM_DISTINCT_CHARACTERS = 5;

/**
 * Rates a password for the strength meter (SPEC §2.5: Strong, Medium or Weak); undefined when
 * empty. Shorter than 8 characters, or fewer than 5 different characters, is weak. Otherwise
 * it scores one point per kind of character used (lower-case or caseless letters, capitals,
 * digits, anything else) and a point each for reaching 12 and 16 characters: 4 or more is
 * strong, 2 or 3 medium. Length counts code points, so an emoji is one character.
 */
function passwordStrength(value: string): PasswordStrength | undefined {
  if (value === '') {
    return undefined;
  }
  const characters = Array.from(value);
  if (characters.length < MINIMUM_LENGTH || new Set(characters).size < MINIMUM_DISTINCT_CHARACTERS) {
    return 'weak';
  }
  const kinds = [/[\p{Ll}\p{Lo}\p{Lm}]/u, /[\p{Lu}\p{Lt}]/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((kind) =>
    kind.test(value),
  ).length;
  const lengthBonus = (characters.length >= 12 ? 1 : 0) + (characters.length >= 16 ? 1 : 0);
  const score = kinds + lengthBonus;
  if (score >= 4) {
    return 'strong';
  }
  return score >= 2 ? 'medium' : 'weak';
}

const STRENGTH_BARS = { weak: 1, medium: 2, strong: 3 } as const satisfies Record<PasswordStrength, number>;

type PasswordInputProps = Omit<InputProps, 'type'> & {
  /** Shows the Strong / Medium / Weak meter under the field, announced politely as it changes. */
  showStrength?: boolean;
  /**
   * Rates the password for the meter instead of the built-in rule (a dictionary-based estimator
   * such as zxcvbn, say); undefined for an empty password.
   */
  rateStrength?: (value: string) => PasswordStrength | undefined;
  /** Whether the password is shown as plain text (controlled). */
  visible?: boolean;
  /** Whether the password starts shown as plain text (uncontrolled). */
  defaultVisible?: boolean;
  /** Called when the show/hide button is pressed. */
  onVisibleChange?: (visible: boolean) => void;
};

/**
 * A password field with a show/hide button and an optional strength meter. Field attributes
 * (`id`, `aria-*`, `name`, `onBlur`, `ref`) go to the text field; `className` to the wrapper.
 */
function PasswordInput({
  className,
  showStrength = false,
  rateStrength = passwordStrength,
  visible,
  defaultVisible = false,
  onVisibleChange,
  value,
  defaultValue,
  onChange,
  disabled,
  size,
  'aria-describedby': describedBy,
  ...props
}: PasswordInputProps) {
  const { t } = useTranslation();
  const meterId = useId();
  const [isVisible, setVisible] = useControllableState(visible, defaultVisible, onVisibleChange);
  // The field keeps its own text (the DOM does, uncontrolled); this follows it only for the meter.
  const [text, setText] = useControllableState(
    value === undefined ? undefined : String(value),
    String(defaultValue ?? ''),
  );
  const strength = showStrength ? rateStrength(text) : undefined;

  function toggleVisible() {
    setVisible(!isVisible);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setText(event.target.value);
    onChange?.(event);
  }

  return (
    <div data-slot="password-input" className={cn('grid w-full gap-1.5', className)}>
      <div className="relative">
        <Input
          data-slot="password-input-field"
          type={isVisible ? 'text' : 'password'}
          size={size}
          autoComplete={showStrength ? 'new-password' : 'current-password'}
          spellCheck={false}
          autoCapitalize="none"
          className="pe-9"
          value={value}
          defaultValue={defaultValue}
          onChange={handleChange}
          disabled={disabled}
          aria-describedby={showStrength ? joinTokens(describedBy, meterId) : describedBy}
          {...props}
        />
        <Button
          data-slot="password-input-toggle"
          variant="ghost"
          size="icon"
          className="absolute inset-y-0 end-0 h-full rounded-s-none text-muted-foreground hover:bg-transparent hover:text-foreground"
          onClick={toggleVisible}
          disabled={disabled}
          aria-label={isVisible ? t('ui.password.hide') : t('ui.password.show')}
        >
          {isVisible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        </Button>
      </div>
      {showStrength ? (
        <div
          id={meterId}
          data-slot="password-strength"
          data-strength={strength ?? 'none'}
          aria-live="polite"
          aria-atomic
          className="group/strength flex min-h-4 items-center gap-2 text-xs"
        >
          <div aria-hidden className="grid flex-1 grid-cols-3 gap-1">
            {[1, 2, 3].map((bar) => (
              <span
                key={bar}
                className={cn(
                  'h-1 rounded-full bg-muted',
                  strength !== undefined &&
                    bar <= STRENGTH_BARS[strength] &&
                    'group-data-[strength=medium]/strength:bg-warning group-data-[strength=strong]/strength:bg-success group-data-[strength=weak]/strength:bg-destructive',
                )}
              />
            ))}
          </div>
          <span className="min-w-24 text-end font-medium group-data-[strength=medium]/strength:text-warning group-data-[strength=strong]/strength:text-success group-data-[strength=weak]/strength:text-destructive">
            {strength === undefined ? null : t('ui.password.strength', { level: t(`ui.password.${strength}`) })}
          </span>
        </div>
      ) : null}
    </div>
  );
}

export { PasswordInput, type PasswordInputProps, type PasswordStrength, passwordStrength };
