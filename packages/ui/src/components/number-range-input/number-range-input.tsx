import { useTranslation } from '@parley/i18n';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Input, type InputProps } from '../input/input';

/** Joins id references (or words) with spaces; undefined when there are none. */
function joinTokens(...tokens: (string | undefined)[]): string | undefined {
  return tokens.filter(Boolean).join(' ') || undefined;
}

/** A range of numbers; a missing end means "no limit on that side". */
interface NumberRange {
  min?: number;
  max?: number;
}

type End = keyof NumberRange;

const EMPTY_RANGE: NumberRange = {};

type NumberRangeInputProps = Omit<
  React.ComponentProps<'fieldset'>,
  'defaultValue' | 'onBlur' | 'ref' | 'aria-invalid'
> & {
  /** The range (controlled). An empty field is `undefined`. */
  value?: NumberRange;
  /** The starting range (uncontrolled). */
  defaultValue?: NumberRange;
  /** Called with the new range on every edit. */
  onValueChange?: (value: NumberRange) => void;
  /** Called when focus leaves both fields (as a form library expects of one field). */
  onBlur?: (event: React.FocusEvent<HTMLElement>) => void;
  /** Focuses the first field; Field and form libraries use it. */
  ref?: React.Ref<HTMLInputElement>;
  /** Given to the first field, so a `<label htmlFor>` focuses it. */
  id?: string;
  /** Fields are submitted as `<name>.min` and `<name>.max`. */
  name?: string;
  /** A unit shown in both fields, such as 's'. */
  unit?: React.ReactNode;
  /** The smallest number either field accepts; 0 by default, so negative numbers are refused. */
  minBound?: number;
  /** The largest number either field accepts. */
  maxBound?: number;
  /** The step between accepted numbers, counted from `minBound`; 1 by default (whole numbers). */
  step?: number;
  /** Name of the first field; the translated 'Min' by default. */
  minLabel?: string;
  /** Name of the second field; the translated 'Max' by default. */
  maxLabel?: string;
  /** Marks both fields invalid (Field sets it); an inverted range does so on its own. */
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  disabled?: boolean;
  required?: boolean;
  size?: InputProps['size'];
};

function decimalsOf(value: number): number {
  const text = String(value);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) {
    return Number(exponent[1]);
  }
  return text.split('.')[1]?.length ?? 0;
}

/** Keeps a number within the bounds and on the step grid that starts at the lower bound. */
function normalise(value: number, minBound: number, maxBound: number | undefined, step: number): number {
  const decimals = Math.max(decimalsOf(step), decimalsOf(minBound));
  let result = minBound + Math.round((value - minBound) / step) * step;
  if (maxBound !== undefined && result > maxBound) {
    result = minBound + Math.floor((maxBound - minBound) / step) * step;
  }
  return Number(Math.max(result, minBound).toFixed(decimals));
}

function withEnd(range: NumberRange, end: End, value: number | undefined): NumberRange {
  const next: NumberRange = { ...range };
  if (value === undefined) {
    delete next[end];
  } else {
    next[end] = value;
  }
  return next;
}

/**
 * Two number fields for a range, min to max (SPEC §2.4: 'Hold time in seconds', 'Call
 * duration'). When min is greater than max both fields are marked invalid and the group gets
 * `data-invalid`. By default only whole numbers from 0 can be typed; `minBound`, `maxBound`
 * and `step` change that, and a field snaps onto them when it loses focus.
 */
function NumberRangeInput({
  value,
  defaultValue,
  onValueChange,
  onBlur,
  ref,
  id,
  name,
  unit,
  minBound = 0,
  maxBound,
  step = 1,
  minLabel,
  maxLabel,
  disabled,
  required,
  size,
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  ...props
}: NumberRangeInputProps) {
  const { t } = useTranslation();
  const baseId = React.useId();
  const minInputRef = React.useRef<HTMLInputElement>(null);
  const [range, setRange] = useControllableState<NumberRange>(value, defaultValue ?? EMPTY_RANGE, onValueChange);
  const [fieldLabelIds, setFieldLabelIds] = React.useState('');
  const inverted = range.min !== undefined && range.max !== undefined && range.min > range.max;
  const invalid = inverted || (ariaInvalid !== undefined && ariaInvalid !== false && ariaInvalid !== 'false');
  const integerOnly = Number.isInteger(step) && Number.isInteger(minBound);
  const unitId = `${baseId}-unit`;
  // Each field is named by the range's name and its own ('Hold time in seconds Min').
  const rangeLabelIds = ariaLabelledBy ?? (ariaLabel === undefined ? fieldLabelIds : '');

  React.useImperativeHandle(ref, () => minInputRef.current as HTMLInputElement, []);

  // A `<label htmlFor={id}>` (Field's, say) names the range: point the group and both fields at it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels that point at the field change with its id.
  React.useLayoutEffect(() => {
    const labels = Array.from(minInputRef.current?.labels ?? []);
    labels.forEach((label, index) => {
      label.id ||= `${baseId}-label-${index}`;
    });
    setFieldLabelIds(labels.map((label) => label.id).join(' '));
  }, [baseId, id]);

  function handleChange(end: End, event: React.ChangeEvent<HTMLInputElement>) {
    const parsed = event.target.valueAsNumber;
    setRange(withEnd(range, end, Number.isFinite(parsed) ? parsed : undefined));
  }

  function handleFieldBlur(end: End) {
    const current = range[end];
    if (current === undefined) {
      return;
    }
    const normalised = normalise(current, minBound, maxBound, step);
    if (normalised !== current) {
      setRange(withEnd(range, end, normalised));
    }
  }

  function handleKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const refused =
      event.key === 'e' ||
      event.key === 'E' ||
      event.key === '+' ||
      (event.key === '-' && minBound >= 0) ||
      ((event.key === '.' || event.key === ',') && integerOnly);
    if (refused) {
      event.preventDefault();
    }
  }

  function handleGroupBlur(event: React.FocusEvent<HTMLFieldSetElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      onBlur?.(event);
    }
  }

  const ends = [
    { end: 'min', label: minLabel ?? t('ui.numberRange.min') },
    { end: 'max', label: maxLabel ?? t('ui.numberRange.max') },
  ] as const;

  return (
    <fieldset
      data-slot="number-range-input"
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      aria-label={ariaLabel}
      aria-labelledby={rangeLabelIds || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      className={cn('flex w-full min-w-0 items-center gap-2', className)}
      onBlur={handleGroupBlur}
      {...props}
    >
      {ends.map(({ end, label }, index) => {
        const labelId = `${baseId}-${end}-label`;
        return (
          <React.Fragment key={end}>
            {index === 1 ? (
              <span aria-hidden className="shrink-0 text-muted-foreground text-sm">
                {t('ui.numberRange.to')}
              </span>
            ) : null}
            <div data-slot={`number-range-input-${end}`} className="relative min-w-0 flex-1">
              {rangeLabelIds ? (
                <span id={labelId} className="sr-only">
                  {label}
                </span>
              ) : null}
              <Input
                ref={end === 'min' ? minInputRef : undefined}
                id={end === 'min' ? id : undefined}
                name={name === undefined ? undefined : `${name}.${end}`}
                type="number"
                inputMode={integerOnly ? 'numeric' : 'decimal'}
                size={size}
                min={minBound}
                max={maxBound}
                step={step}
                placeholder={label}
                value={range[end] ?? ''}
                disabled={disabled}
                required={required}
                aria-labelledby={rangeLabelIds ? `${rangeLabelIds} ${labelId}` : undefined}
                aria-label={rangeLabelIds ? undefined : joinTokens(ariaLabel, label)}
                aria-describedby={joinTokens(describedBy, unit === undefined ? undefined : unitId)}
                aria-invalid={invalid || undefined}
                className={cn(
                  '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
                  unit !== undefined && 'pe-8',
                )}
                onChange={(event) => handleChange(end, event)}
                onBlur={() => handleFieldBlur(end)}
                onKeyDown={handleKeyDown}
              />
              {unit === undefined ? null : (
                <span
                  id={index === 0 ? unitId : undefined}
                  className="pointer-events-none absolute inset-y-0 end-3 flex items-center text-muted-foreground text-sm"
                >
                  {unit}
                </span>
              )}
            </div>
          </React.Fragment>
        );
      })}
    </fieldset>
  );
}

export { type NumberRange, NumberRangeInput, type NumberRangeInputProps };
