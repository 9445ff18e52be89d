import { formatDate, i18n } from '@parley/i18n';
import * as z from 'zod';
import type * as core from 'zod/v4/core';

/** SPEC §5 and §9: the longest e-mail address and url a form accepts. */
const EMAIL_MAX_LENGTH = 320;
const URL_MAX_LENGTH = 2048;

/** The translate function of `useTranslation()` (or `i18n.t`). */
interface Translate {
  (key: string): string;
  (key: string, values: Record<string, string>): string;
}

interface ValidationMessageOptions {
  /** Field labels by dot path (`email`, `address.city`), written into messages as `{label}`. */
  labels?: Record<string, string>;
  /** Locale for dates inside messages; defaults to the current interface language. */
  locale?: string;
}

const TYPE_NAMES: Record<string, string> = {
  email: 'email',
  url: 'url',
  number: 'number',
  int: 'integer',
  bigint: 'integer',
  date: 'date',
  string: 'string',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
};

const DATE_FORMATS = new Set(['date', 'datetime', 'time', 'duration']);

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === '' || (Array.isArray(input) && input.length === 0);
}

/** The field's label: from `labels`, else the schema's `.meta({ title })`, else the last path segment. */
function labelFor(issue: core.$ZodRawIssue, labels: Record<string, string>): string {
  const path = issue.path ?? [];
  const fromOptions = labels[path.map(String).join('.')];
  if (fromOptions !== undefined) {
    return fromOptions;
  }
  const title = issue.schema ? z.globalRegistry.get(issue.schema)?.title : undefined;
  if (typeof title === 'string') {
    return title;
  }
  const last = path.at(-1);
  return last === undefined ? '' : String(last);
}

interface Bounds {
  min?: unknown;
  max?: unknown;
}

/** Both limits of the schema that raised a size issue, so 'between {min} and {max}' can be said. */
function boundsOf(schema: core.$ZodType | undefined): Bounds {
  const bounds: Bounds = {};
  for (const check of schema?._zod.def.checks ?? []) {
    const def = check._zod.def as core.$ZodCheckDef & { minimum?: unknown; maximum?: unknown; value?: unknown };
    if (def.check === 'min_length' || def.check === 'min_size') {
      bounds.min = def.minimum;
    } else if (def.check === 'max_length' || def.check === 'max_size') {
      bounds.max = def.maximum;
    } else if (def.check === 'greater_than') {
      bounds.min = def.value;
    } else if (def.check === 'less_than') {
      bounds.max = def.value;
    }
  }
  return bounds;
}

type SizeIssue = core.$ZodRawIssue<core.$ZodIssueTooSmall> | core.$ZodRawIssue<core.$ZodIssueTooBig>;

function sizeMessage(issue: SizeIssue, label: string, t: Translate, locale: string): string {
  const group =
    issue.origin === 'string'
      ? 'string'
      : issue.origin === 'array' || issue.origin === 'set'
        ? 'array'
        : issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint' || issue.origin === 'date'
          ? 'number'
          : null;
  if (group === null) {
    return t('ui.validation.default', { label });
  }
  const show = (limit: unknown): string =>
    issue.origin === 'date' && (typeof limit === 'number' || limit instanceof Date)
      ? formatDate(limit, locale)
      : String(limit);
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  if (issue.code === 'too_small' && group !== 'number' && Number(limit) === 1 && isEmpty(issue.input)) {
    return t('ui.validation.required', { label });
  }
  if (issue.exact) {
    return t(`ui.validation.${group}.len`, { label, len: show(limit) });
  }
  const bounds = boundsOf(issue.schema);
  if (bounds.min !== undefined && bounds.max !== undefined) {
    return t(`ui.validation.${group}.range`, { label, min: show(bounds.min), max: show(bounds.max) });
  }
  return issue.code === 'too_small'
    ? t(`ui.validation.${group}.min`, { label, min: show(limit) })
    : t(`ui.validation.${group}.max`, { label, max: show(limit) });
}

function typeName(name: string, t: Translate): string {
  const key = TYPE_NAMES[name];
  return key ? t(`ui.validation.typeName.${key}`) : name;
}

/**
 * A zod error map that words every issue with Parley's default form messages (SPEC §5,
 * keys `ui.validation.*`), the field's label written in. Messages a schema sets itself win.
 * Refinements can ask for a rule's wording with `params: { rule: 'required' | 'whitespace' | 'dateFormat' }`.
 *
 * Per form: `zodResolver(schema, { error: createValidationMessages(t, { labels }) })`.
 * App-wide: `z.config({ customError: createValidationMessages(i18n.t) })`.
 */
function createValidationMessages(t: Translate, options: ValidationMessageOptions = {}): core.$ZodErrorMap {
  const labels = options.labels ?? {};
  return (issue) => {
    const label = labelFor(issue, labels);
    const locale = options.locale ?? i18n.language;
    switch (issue.code) {
      case 'invalid_type': {
        if (isEmpty(issue.input)) {
          return t('ui.validation.required', { label });
        }
        if (issue.expected === 'date' && issue.input instanceof Date) {
          return t('ui.validation.dateFormat', { label });
        }
        return t('ui.validation.type', { label, type: typeName(issue.expected, t) });
      }
      case 'too_small':
      case 'too_big':
        return sizeMessage(issue, label, t, locale);
      case 'invalid_format': {
        if (isEmpty(issue.input)) {
          return t('ui.validation.required', { label });
        }
        if (issue.format === 'regex' || issue.format === 'starts_with' || issue.format === 'ends_with') {
          return t('ui.validation.pattern', { label, pattern: issue.pattern ?? '' });
        }
        if (DATE_FORMATS.has(issue.format)) {
          return t('ui.validation.dateFormat', { label });
        }
        return t('ui.validation.type', { label, type: typeName(issue.format, t) });
      }
      case 'invalid_value':
        return isEmpty(issue.input)
          ? t('ui.validation.required', { label })
          : t('ui.validation.enum', { label, options: issue.values.map(String).join(', ') });
      case 'custom': {
        const rule: unknown = issue.params?.rule;
        if (rule === 'required') {
          return t('ui.validation.required', { label });
        }
        if (rule === 'whitespace') {
          return isEmpty(issue.input)
            ? t('ui.validation.required', { label })
            : t('ui.validation.whitespace', { label });
        }
        if (rule === 'dateFormat') {
          return t('ui.validation.dateFormat', { label });
        }
        return t('ui.validation.default', { label });
      }
      default:
        return t('ui.validation.default', { label });
    }
  };
}

/** Field-specific wording (SPEC §5 'Please input your E-mail!'); unset ones fall back to the defaults. */
interface FieldMessages {
  /** When the field is left empty. */
  required?: string;
  /** When the value is not of the expected form. */
  invalid?: string;
}

function fieldMessages(messages: FieldMessages): core.$ZodErrorMap {
  return (issue) => {
    if (isEmpty(issue.input)) {
      return messages.required;
    }
    return issue.code === 'invalid_format' || issue.code === 'invalid_type' ? messages.invalid : undefined;
  };
}

/** A required e-mail address of at most 320 characters (SPEC §9). */
function emailField(messages: FieldMessages = {}) {
  return z.email({ error: fieldMessages(messages) }).max(EMAIL_MAX_LENGTH);
}

/** A required http(s) url of at most 2048 characters (SPEC §9). */
function urlField(messages: FieldMessages = {}) {
  return z.httpUrl({ error: fieldMessages(messages) }).max(URL_MAX_LENGTH);
}

/** Text that must hold more than whitespace: empty is 'required', blanks are 'cannot be empty'. */
function requiredText(message?: string) {
  return z.string({ error: fieldMessages({ required: message }) }).refine((value) => value.trim().length > 0, {
    params: { rule: 'whitespace' },
    ...(message === undefined ? {} : { error: message }),
  });
}

export {
  createValidationMessages,
  EMAIL_MAX_LENGTH,
  emailField,
  type FieldMessages,
  requiredText,
  type Translate,
  URL_MAX_LENGTH,
  urlField,
  type ValidationMessageOptions,
};
