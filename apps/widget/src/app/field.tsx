import { type ComponentProps, useId } from 'react';

/** The look of the frame's text boxes and lists: 16 px text, so a phone does not zoom in on focus. */
export const FIELD_CLASS =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground outline-none hover:border-primary focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/30 aria-invalid:border-destructive';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** The field's refusal, said beside it and tied to it (`aria-describedby`). */
  error?: string | undefined;
};

/** A labelled text box with its error under it. */
export function TextField({ label, error, ...props }: TextFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={FIELD_CLASS}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
