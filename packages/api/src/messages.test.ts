import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes';
import {
  changePasswordRequestSchema,
  createLeadRequestSchemaWith,
  englishMessages,
  isMessageId,
  messageIds,
  registerRequestSchema,
  registerRequestSchemaWith,
} from './index';

describe('the error-code catalogue', () => {
  it('gives every code one name: no two names share a code', () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(isErrorCode(code)).toBe(true);
    }
  });

  it('knows a code of its own from any other text', () => {
    expect(isErrorCode('EMAIL_TAKEN')).toBe(true);
    expect(isErrorCode('This e-mail address is already registered.')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('the contract messages', () => {
  it('words every id in English, and the ids table is the ids themselves', () => {
    for (const [id, text] of Object.entries(englishMessages)) {
      expect(text.trim()).not.toBe('');
      expect(messageIds[id as keyof typeof messageIds]).toBe(id);
      expect(isMessageId(id)).toBe(true);
    }
    expect(isMessageId('toString')).toBe(false);
    expect(isMessageId('Please input your E-mail!')).toBe(false);
  });

  it('keeps SPEC §5 wording for the account rules', () => {
    expect(englishMessages.emailRequired).toBe('Please input your E-mail!');
    expect(englishMessages.emailInvalid).toBe('The input is not valid E-mail!');
    expect(englishMessages.confirmRequired).toBe('Please confirm your password!');
    expect(englishMessages.passwordsMismatch).toBe('The passwords that you entered do not match!');
    expect(englishMessages.noteRequired).toBe('Please enter notes!');
  });

  it('lets the exported request schemas refuse by id, so a server can word and pass the id on', () => {
    const result = registerRequestSchema.safeParse({
      name: ' ',
      email: 'not-an-address',
      password: 'short',
      confirmPassword: '',
    });
    expect(result.success).toBe(false);
    // The first refusal of each field, as the server's error handler keeps it.
    const byField: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) {
      byField[issue.path.join('.')] ??= issue.message;
    }
    expect(byField).toEqual({
      name: 'ownNameRequired',
      teamName: 'teamNameRequired',
      email: 'emailInvalid',
      password: 'passwordTooShort',
      confirmPassword: 'confirmRequired',
    });
  });

  it('words the same rules in the table a client passes, and keeps the rules themselves', () => {
    const worded = registerRequestSchemaWith({
      emailRequired: 'E-Mail fehlt',
      emailTooLong: 'zu lang',
      emailInvalid: 'keine E-Mail',
      passwordRequired: 'Passwort fehlt',
      passwordTooShort: 'zu kurz',
      passwordTooLong: 'zu lang',
      confirmRequired: 'bitte bestätigen',
      passwordsMismatch: 'ungleich',
      ownNameRequired: 'Name fehlt',
      memberNameTooLong: 'Name zu lang',
      teamNameRequired: 'Teamname fehlt',
      teamNameTooLong: 'Teamname zu lang',
    });
    const refused = worded.safeParse({
      name: 'Ada',
      teamName: 'x'.repeat(101),
      email: ' ',
      password: 'long enough',
      confirmPassword: 'different',
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['teamName', 'Teamname zu lang'],
      ['email', 'E-Mail fehlt'],
      ['confirmPassword', 'ungleich'],
    ]);
    expect(
      worded.safeParse({
        name: ' Ada ',
        teamName: 'Engines',
        email: ' A@Example.COM ',
        password: 'long enough',
        confirmPassword: 'long enough',
      }).data,
    ).toMatchObject({ name: 'Ada', email: 'a@example.com' });
  });

  it('refuses a current password over the limit with its own id', () => {
    const result = changePasswordRequestSchema.safeParse({
      token: 't',
      currentPassword: 'x'.repeat(129),
      password: 'long enough',
      confirmPassword: 'long enough',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['currentPasswordTooLong']);
  });

  it('builds a form’s rules from a table of only the messages they use', () => {
    const lead = createLeadRequestSchemaWith({
      emailRequired: 'e',
      emailTooLong: 'e',
      emailInvalid: 'e',
      leadKindInvalid: 'k',
      leadNameRequired: 'name?',
      leadNameTooLong: 'n',
      valueInvalid: 'v',
      companyTooLong: 'c',
      phoneInvalid: 'phone?',
      leadMessageRequired: 'message?',
      leadMessageTooLong: 'm',
    });
    const refused = lead.safeParse({ kind: 'contact', name: '', email: 'a@b.co', phone: '12', message: ' ' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['name?', 'phone?', 'message?']);
  });
});
