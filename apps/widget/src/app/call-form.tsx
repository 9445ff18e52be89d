import {
  type ApiError,
  CALLER_NAME_MAX_LENGTH,
  type CallerMessages,
  callerFieldsWith,
  EMAIL_MAX_LENGTH,
  isApiError,
  type VisitorCall,
  type VisitorMenuItem,
} from '@parley/api';
import { type TranslateFunction, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Phone, Video } from 'lucide-react';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { api } from './api';
import type { MediaChoice } from './devices';
import { TextField } from './field';
import { visitorHost } from './frame';
import { MediaCheck } from './media-check';
import { ScreenHeading } from './screen-heading';

export type CallerField = 'name' | 'email' | 'phone';
/** What the visitor typed, kept by the caller of the form so that nothing is lost on the way back. */
export type CallerValues = Record<CallerField, string>;
type FieldErrors = Partial<Record<CallerField, string>>;

/** A placed call, and the token that follows and ends it. */
export interface PlacedCall {
  call: VisitorCall;
  token: string;
}

const FIELDS = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email', dir: 'ltr' },
  { name: 'phone', type: 'tel', autoComplete: 'tel', dir: 'ltr' },
] as const satisfies readonly { name: CallerField; type: string; autoComplete: string; dir?: 'ltr' }[];

/** The contract's caller rules, worded in the visitor's language (SPEC §5 wording in English). */
function callerMessages(t: TranslateFunction): CallerMessages {
  const emailInvalid = t('widget.call.emailInvalid');
  return {
    // Never met: every field may be left empty.
    emailRequired: emailInvalid,
    emailInvalid,
    emailTooLong: t('widget.call.emailTooLong', { max: EMAIL_MAX_LENGTH }),
    phoneInvalid: t('widget.call.phoneInvalid'),
    callerNameTooLong: t('widget.call.nameTooLong', { max: CALLER_NAME_MAX_LENGTH }),
  };
}

/** The server's refusal of the caller's fields (422), worded by message id where it has one of ours. */
function serverErrors(error: ApiError, messages: CallerMessages): FieldErrors {
  const found: FieldErrors = {};
  for (const { name } of FIELDS) {
    const code = error.fieldCodes[name];
    const message = code && Object.hasOwn(messages, code) ? messages[code as keyof CallerMessages] : error.fields[name];
    if (message) {
      found[name] = message;
    }
  }
  return found;
}

interface CallFormProps {
  widgetKey: string;
  /**
   * What the form is for: a call, or a video message (the same caller's fields; the call it places
   * never rings, and the visitor records next).
   */
  purpose?: VisitorMenuItem;
  values: CallerValues;
  onValuesChange: (values: CallerValues) => void;
  /** The camera and microphone to call with, kept by the caller of the form like the typed values. */
  media: MediaChoice;
  onMediaChange: (media: MediaChoice) => void;
  onCalled: (placed: PlacedCall) => void;
  onBack: () => void;
}

/**
 * "Call us": the visitor's name, e-mail and phone (each optional, checked with the contract's own
 * rules on submit, then on leaving a field), their camera and microphone, and Call. For a video
 * message the same, with "Record a message" instead of Call.
 */
export function CallForm({
  widgetKey,
  purpose = 'call',
  values,
  onValuesChange,
  media,
  onMediaChange,
  onCalled,
  onBack,
}: CallFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const messages = useMemo(() => callerMessages(t), [t]);
  const rules = useMemo(() => callerFieldsWith(messages), [messages]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const inputs = useRef<Partial<Record<CallerField, HTMLInputElement | null>>>({});

  const errorOf = (field: CallerField, value = values[field]) => {
    const result = rules[field].safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  /** Shows the errors and takes the visitor to the first; true when there was one. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELDS.find(({ name }) => found[name]);
    if (!first) {
      return false;
    }
    inputs.current[first.name]?.focus();
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    const found: FieldErrors = {};
    for (const { name } of FIELDS) {
      found[name] = errorOf(name);
    }
    if (showErrors(found)) {
      return;
    }
    setSending(true);
    try {
      const { data } = await api.visitor.startCall({ widgetKey, host: visitorHost(), menuItem: purpose, ...values });
      onCalled(data);
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 422 && showErrors(serverErrors(error, messages))) {
        return;
      }
      const refused = isApiError(error) && (error.status === 403 || error.status === 404);
      setFailure(t(refused ? 'widget.loader.refused' : 'widget.loader.failed'));
    }
  };

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
    >
      <div className="flex flex-col gap-1">
        <ScreenHeading id={headingId}>{t(`widget.menu.${purpose}`)}</ScreenHeading>
        <p className="text-muted-foreground text-sm">{t('widget.call.intro')}</p>
      </div>
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          ref={(input) => {
            inputs.current[field.name] = input;
          }}
          label={t(`widget.call.${field.name}`)}
          name={field.name}
          type={field.type}
          autoComplete={field.autoComplete}
          dir={'dir' in field ? field.dir : undefined}
          value={values[field.name]}
          error={errors[field.name]}
          onChange={(event) => {
            const value = event.target.value;
            onValuesChange({ ...values, [field.name]: value });
            // A message goes as soon as the value is right: gone on leaving the field, it would move
            // the Call button from under the pointer that is about to press it.
            if (errors[field.name] && !errorOf(field.name, value)) {
              setErrors((current) => ({ ...current, [field.name]: undefined }));
            }
          }}
          onBlur={() => {
            if (submitted) {
              setErrors((current) => ({ ...current, [field.name]: errorOf(field.name) }));
            }
          }}
        />
      ))}
      <MediaCheck choice={media} onChoiceChange={onMediaChange} purpose={purpose} />
      {failure ? (
        <p role="alert" className="text-destructive text-sm">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          loading={sending}
          icon={purpose === 'message' ? <Video aria-hidden="true" /> : <Phone aria-hidden="true" />}
        >
          {t(purpose === 'message' ? 'widget.message.submit' : 'widget.call.submit')}
        </Button>
        <Button variant="outline" onClick={onBack}>
          {t('widget.back')}
        </Button>
      </div>
    </form>
  );
}
