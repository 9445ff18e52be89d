import { formatNumber, useTranslation } from '@parley/i18n';
import { type ChangeEvent, type ComponentProps, useId } from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';

/** Joins id references (or words) with spaces; undefined when there are none. */
function joinTokens(...tokens: (string | undefined)[]): string | undefined {
  return tokens.filter(Boolean).join(' ') || undefined;
}

type TextareaProps = ComponentProps<'textarea'> & {
  /** Shows the character count under the field: "n / max" with `maxLength` or `limit`, else just "n". */
  showCount?: boolean;
  /**
   * A soft maximum: counted as "n / limit" and shown in red past it, but never cut, unlike
   * `maxLength` (which the browser enforces by dropping what is typed or pasted past it). The
   * form's own rule then refuses the text with its message, and nothing the person wrote is lost.
   */
  limit?: number;
};

/**
 * A multi-line text field that grows with its content. Mark it invalid with `aria-invalid`;
 * Field does that for you. With `showCount` the count joins the field's description.
 */
function Textarea({
  className,
  showCount = false,
  value,
  defaultValue,
  maxLength,
  limit,
  onChange,
  'aria-describedby': describedBy,
  ...props
}: TextareaProps) {
  const { t, i18n } = useTranslation();
  const countId = useId();
  // The field keeps its own text (the DOM does, uncontrolled); this follows it only for the count.
  const [text, setText] = useControllableState(
    value === undefined ? undefined : String(value),
    String(defaultValue ?? ''),
  );
  const length = text.length;
  const max = maxLength ?? limit;
  const overLimit = max !== undefined && length > max;

  function handleChange(event: ChangeEvent<HTMLTextAreaElement>) {
    setText(event.target.value);
    onChange?.(event);
  }

  const textarea = (
    <textarea
      data-slot="textarea"
      className={cn(
        'field-sizing-content flex min-h-16 w-full min-w-0 resize-y rounded-md border border-input bg-background px-3 py-2',
        'text-foreground text-sm outline-none transition-colors placeholder:text-muted-foreground',
        'hover:border-primary focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/30',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 disabled:hover:border-input',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30',
        className,
      )}
      value={value}
      defaultValue={defaultValue}
      maxLength={maxLength}
      onChange={handleChange}
      aria-describedby={showCount ? joinTokens(describedBy, countId) : describedBy}
      {...props}
    />
  );

  if (!showCount) {
    return textarea;
  }
  return (
    <div data-slot="textarea-container" className="grid w-full gap-1">
      {textarea}
      <p
        id={countId}
        data-slot="textarea-count"
        data-state={overLimit ? 'over' : 'within'}
        className="text-end text-muted-foreground text-xs tabular-nums data-[state=over]:text-destructive"
      >
        <span aria-hidden>
          {max === undefined ? formatNumber(length, i18n.language) : t('ui.textarea.count', { count: length, max })}
        </span>
        <span className="sr-only">
          {max === undefined
            ? t('ui.textarea.characters', { count: length })
            : t('ui.textarea.countOfMax', { count: length, max })}
        </span>
      </p>
    </div>
  );
}

export { Textarea, type TextareaProps };
