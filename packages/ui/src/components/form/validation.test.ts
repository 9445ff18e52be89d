import { i18n } from '@parley/i18n';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  createValidationMessages,
  EMAIL_MAX_LENGTH,
  emailField,
  requiredText,
  URL_MAX_LENGTH,
  urlField,
} from './validation';

const t = i18n.t.bind(i18n);

/** The message zod gives `input` for `schema` under `key`, worded by the default messages. */
function messageFor(schema: z.ZodType, input: unknown, labels: Record<string, string> = { field: 'Field' }) {
  const result = z
    .object({ field: schema })
    .safeParse({ field: input }, { error: createValidationMessages(t, { labels }) });
  return result.success ? null : result.error.issues[0]?.message;
}

describe('createValidationMessages', () => {
  it('says a missing or empty value is required', () => {
    expect(messageFor(z.string(), undefined)).toBe("'Field' is required");
    expect(messageFor(z.string().min(1), '')).toBe("'Field' is required");
    expect(messageFor(z.email(), '')).toBe("'Field' is required");
    expect(messageFor(z.enum(['a', 'b']), undefined)).toBe("'Field' is required");
    expect(messageFor(z.array(z.string()).min(1), [])).toBe("'Field' is required");
  });

  it('names the expected type', () => {
    expect(messageFor(z.number(), 'ten')).toBe("'Field' is not a valid number");
    expect(messageFor(z.int(), 1.5)).toBe("'Field' is not a valid integer");
    expect(messageFor(z.email(), 'nope')).toBe("'Field' is not a valid email");
    expect(messageFor(z.url(), 'nope')).toBe("'Field' is not a valid url");
    expect(messageFor(z.boolean(), 'yes')).toBe("'Field' is not a valid boolean");
  });

  it("words refinements that ask for a rule's message", () => {
    const chosen = z
      .date()
      .nullable()
      .refine((value) => value !== null, { params: { rule: 'required' } });
    expect(messageFor(chosen, null)).toBe("'Field' is required");
    const weekday = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { params: { rule: 'dateFormat' } });
    expect(messageFor(weekday, 'someday')).toBe("'Field' is invalid for format date");
    expect(
      messageFor(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe("Validation error on field 'Field'");
  });

  it('lists the allowed options', () => {
    expect(messageFor(z.enum(['admin', 'user']), 'guest')).toBe("'Field' must be one of [admin, user]");
  });

  it('refuses text that is only whitespace', () => {
    expect(messageFor(requiredText(), '   ')).toBe("'Field' cannot be empty");
    expect(messageFor(requiredText(), '')).toBe("'Field' is required");
    expect(messageFor(requiredText(), ' ok ')).toBeNull();
  });

  it('words string lengths: exact, at least, at most, between', () => {
    expect(messageFor(z.string().length(6), 'abc')).toBe("'Field' must be exactly 6 characters");
    expect(messageFor(z.string().min(5), 'abc')).toBe("'Field' must be at least 5 characters");
    expect(messageFor(z.string().max(2), 'abc')).toBe("'Field' cannot be longer than 2 characters");
    expect(messageFor(z.string().min(5).max(10), 'abc')).toBe("'Field' must be between 5 and 10 characters");
  });

  it('words number limits: equal, at least, at most, between', () => {
    expect(messageFor(z.number().min(18), 3)).toBe("'Field' cannot be less than 18");
    expect(messageFor(z.number().max(120), 300)).toBe("'Field' cannot be greater than 120");
    expect(messageFor(z.number().min(18).max(120), 300)).toBe("'Field' must be between 18 and 120");
    expect(messageFor(z.number().min(0), -1)).toBe("'Field' cannot be less than 0");
  });

  it('words array lengths', () => {
    expect(messageFor(z.array(z.string()).length(2), ['a'])).toBe("'Field' must be exactly 2 in length");
    expect(messageFor(z.array(z.string()).min(2), ['a'])).toBe("'Field' cannot be less than 2 in length");
    expect(messageFor(z.array(z.string()).max(1), ['a', 'b'])).toBe("'Field' cannot be greater than 1 in length");
    expect(messageFor(z.array(z.string()).min(2).max(3), ['a'])).toBe("'Field' must be between 2 and 3 in length");
  });

  it('reports bad dates and pattern mismatches', () => {
    expect(messageFor(z.iso.date(), '2026-13-01')).toBe("'Field' is invalid for format date");
    expect(messageFor(z.date(), new Date('not a date'))).toBe("'Field' is invalid for format date");
    expect(messageFor(z.string().regex(/^\d{5}$/), '12a45')).toBe("'Field' does not match pattern /^\\d{5}$/");
  });

  it('takes the label from the options, then the schema title, then the field name', () => {
    expect(messageFor(z.string(), undefined, { field: 'E-mail' })).toBe("'E-mail' is required");
    expect(messageFor(z.string().meta({ title: 'Nickname' }), undefined, {})).toBe("'Nickname' is required");
    expect(messageFor(z.string(), undefined, {})).toBe("'field' is required");
  });

  it('leaves messages a schema sets itself alone', () => {
    expect(messageFor(z.string().min(1, { error: 'Please input your username!' }), '')).toBe(
      'Please input your username!',
    );
  });

  it('speaks the interface language', async () => {
    i18n.addResourceBundle('ar-EG', 'translation', { 'ui.validation.required': '«{label}» مطلوب' }, true, true);
    await i18n.changeLanguage('ar-EG');
    try {
      expect(messageFor(z.string(), undefined, { field: 'الاسم' })).toBe('«الاسم» مطلوب');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});

describe('emailField', () => {
  it(`accepts an address of up to ${EMAIL_MAX_LENGTH} characters`, () => {
    const longest = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`;
    expect(messageFor(emailField(), longest, { field: 'E-mail' })).toBeNull();
    expect(messageFor(emailField(), `a${longest}`, { field: 'E-mail' })).toBe(
      "'E-mail' cannot be longer than 320 characters",
    );
  });

  it('uses the field-specific wording when given', () => {
    const schema = emailField({
      required: t('validation.email.required'),
      invalid: t('validation.email.invalid'),
    });
    expect(messageFor(schema, '')).toBe('Please input your E-mail!');
    expect(messageFor(schema, undefined)).toBe('Please input your E-mail!');
    expect(messageFor(schema, 'ada@')).toBe('The input is not valid E-mail!');
    expect(messageFor(schema, 'ada@example.com')).toBeNull();
  });
});

describe('urlField', () => {
  it(`accepts http(s) urls of up to ${URL_MAX_LENGTH} characters`, () => {
    const longest = `https://example.com/${'a'.repeat(URL_MAX_LENGTH - 'https://example.com/'.length)}`;
    expect(messageFor(urlField(), longest, { field: 'Website' })).toBeNull();
    expect(messageFor(urlField(), `${longest}a`, { field: 'Website' })).toBe(
      "'Website' cannot be longer than 2048 characters",
    );
    expect(messageFor(urlField(), 'ftp://example.com', { field: 'Website' })).toBe("'Website' is not a valid url");
    expect(messageFor(urlField(), 'example', { field: 'Website' })).toBe("'Website' is not a valid url");
  });
});
