import { Slot } from 'radix-ui';
import * as React from 'react';
import {
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { cn } from '../../lib/cn';
import { FieldDescription, FieldError } from '../field/field';
import { Label, type LabelProps } from '../label/label';

/** Shares a `useForm()` result with the parts below: `<Form {...form}><form …>…</form></Form>`. */
const Form = FormProvider;

interface FormFieldContextValue {
  name: string;
}

const FormFieldContext = React.createContext<FormFieldContextValue | null>(null);

/** One form value, rendered through react-hook-form's Controller; put a FormItem in its `render`. */
function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  const context = React.useMemo(() => ({ name: props.name }), [props.name]);
  return (
    <FormFieldContext.Provider value={context}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

interface FormItemContextValue {
  id: string;
  hasDescription: boolean;
  setHasDescription: (present: boolean) => void;
}

const FormItemContext = React.createContext<FormItemContextValue | null>(null);

/** The field's ids and validation state, for parts inside a FormField's FormItem. */
function useFormField() {
  const fieldContext = React.useContext(FormFieldContext);
  const itemContext = React.useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: fieldContext?.name });
  if (!fieldContext) {
    throw new Error('useFormField must be used inside <FormField>.');
  }
  if (!itemContext) {
    throw new Error('useFormField must be used inside <FormItem>.');
  }
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id } = itemContext;
  return {
    id,
    name: fieldContext.name,
    formItemId: `${id}-form-item`,
    formDescriptionId: `${id}-form-item-description`,
    formMessageId: `${id}-form-item-message`,
    hasDescription: itemContext.hasDescription,
    setHasDescription: itemContext.setHasDescription,
    ...fieldState,
  };
}

type FormItemProps = React.ComponentProps<'div'>;

/** Lays out one field: label, control, description and message, and ties their ids together. */
function FormItem({ className, ...props }: FormItemProps) {
  const id = React.useId();
  const [hasDescription, setHasDescription] = React.useState(false);
  const context = React.useMemo(() => ({ id, hasDescription, setHasDescription }), [id, hasDescription]);
  return (
    <FormItemContext.Provider value={context}>
      <div data-slot="form-item" className={cn('grid content-start gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

type FormLabelProps = LabelProps;

/** The field's label, pointed at its control; `required` shows the mark. */
function FormLabel({ className, ...props }: FormLabelProps) {
  const { formItemId, error } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-invalid={error ? true : undefined}
      htmlFor={formItemId}
      className={className}
      {...props}
    />
  );
}

type FormControlProps = React.ComponentProps<typeof Slot.Root>;

/** Wraps the control and gives it `id`, `aria-describedby` (description, message) and `aria-invalid`. */
function FormControl(props: FormControlProps) {
  const { error, formItemId, formDescriptionId, formMessageId, hasDescription } = useFormField();
  const describedBy = [hasDescription ? formDescriptionId : null, error ? formMessageId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      {...props}
    />
  );
}

type FormDescriptionProps = React.ComponentProps<'p'>;

/** Help text for the field, read out with the control. */
function FormDescription({ className, ...props }: FormDescriptionProps) {
  const { formDescriptionId, setHasDescription } = useFormField();
  React.useLayoutEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return <FieldDescription data-slot="form-description" id={formDescriptionId} className={className} {...props} />;
}

type FormMessageProps = React.ComponentProps<'p'>;

/** The field's validation message (its children when valid); announced as an alert when it appears. */
function FormMessage({ className, children, ...props }: FormMessageProps) {
  const { error, formMessageId } = useFormField();
  const body = error ? (error.message ?? '') : children;
  return (
    <FieldError data-slot="form-message" id={formMessageId} className={className} {...props}>
      {body}
    </FieldError>
  );
}

export {
  Form,
  FormControl,
  type FormControlProps,
  FormDescription,
  type FormDescriptionProps,
  FormField,
  FormItem,
  type FormItemProps,
  FormLabel,
  type FormLabelProps,
  FormMessage,
  type FormMessageProps,
  useFormField,
};
