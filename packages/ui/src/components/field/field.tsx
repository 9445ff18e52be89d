import { Slot } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn';
import { Label } from '../label/label';

type FieldDescriptionProps = React.ComponentProps<'p'>;

/** Help text under a control; give its `id` to the control's `aria-describedby`. */
function FieldDescription({ className, ...props }: FieldDescriptionProps) {
  return <p data-slot="field-description" className={cn('text-muted-foreground text-sm', className)} {...props} />;
}

type FieldErrorProps = React.ComponentProps<'p'>;

/** A validation message, announced when it appears (role="alert"). Renders nothing without content. */
function FieldError({ className, children, ...props }: FieldErrorProps) {
  if (children === undefined || children === null || children === false || children === '') {
    return null;
  }
  return (
    <p data-slot="field-error" role="alert" className={cn('text-destructive text-sm', className)} {...props}>
      {children}
    </p>
  );
}

type FieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The control's visible name. */
  label?: React.ReactNode;
  /** Help text, linked to the control as its description. */
  description?: React.ReactNode;
  /** A validation message; when present the control is marked invalid and described by it. */
  error?: React.ReactNode;
  /** Shows the required mark by the label (set `required` on the control itself too). */
  required?: boolean;
  /** The single control (Input, DatePicker…) that receives `id`, `aria-describedby` and `aria-invalid`. */
  children: React.ReactElement;
};

/**
 * A labelled control with optional help text and error message. The child control gets the label's
 * `id` (its own `id` if it has one), `aria-describedby` pointing at the description and the error,
 * and `aria-invalid` while there is an error.
 */
function Field({ className, label, description, error, required = false, children, ...props }: FieldProps) {
  const generatedId = React.useId();
  const childId = (children.props as { id?: unknown }).id;
  const controlId = typeof childId === 'string' ? childId : `${generatedId}-control`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const hasDescription = description !== undefined && description !== null && description !== false;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hasDescription ? descriptionId : null, hasError ? errorId : null].filter(Boolean).join(' ');

  return (
    <div
      data-slot="field"
      data-invalid={hasError || undefined}
      className={cn('grid content-start gap-2', className)}
      {...props}
    >
      {label === undefined ? null : (
        <Label htmlFor={controlId} required={required}>
          {label}
        </Label>
      )}
      <Slot.Root id={controlId} aria-describedby={describedBy || undefined} aria-invalid={hasError || undefined}>
        {children}
      </Slot.Root>
      {hasDescription ? <FieldDescription id={descriptionId}>{description}</FieldDescription> : null}
      {hasError ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export { Field, FieldDescription, type FieldDescriptionProps, FieldError, type FieldErrorProps, type FieldProps };
