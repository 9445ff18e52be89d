import { ApiError, englishMessages, ShowType } from '@parley/api';
import { changeLocale, i18n } from '@parley/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { contractMessages, serverFieldMessage } from './contract-messages';

const t = i18n.t.bind(i18n) as Parameters<typeof contractMessages>[0];

function refusal(fields: Record<string, string>, fieldCodes: Record<string, string> = {}) {
  return new ApiError({
    status: 422,
    errorCode: 'VALIDATION_FAILED',
    errorMessage: Object.values(fields)[0] ?? '',
    showType: ShowType.warning,
    fields,
    fieldCodes,
    url: '/common/register',
  });
}

describe('the contract messages the web words', () => {
  afterEach(async () => {
    await changeLocale('en-US');
  });

  it('words a field the server refused by its id, in the interface language', async () => {
    await changeLocale('ar-EG');
    const error = refusal({ email: englishMessages.emailTaken }, { email: 'emailTaken' });
    const text = serverFieldMessage(error, 'email', t);
    expect(text).toBe(t('web.register.emailTaken'));
    expect(text).not.toBe(englishMessages.emailTaken);
    expect(text).toMatch(/[\u0600-\u06FF]/);
  });

  it("keeps the server's English for an id it does not know (a newer server) or a rule without one", () => {
    const error = refusal(
      { email: 'A rule from a newer server.', teamName: 'Too small: expected string to have <=100 characters' },
      { email: 'someFutureRule' },
    );
    expect(serverFieldMessage(error, 'email', t)).toBe('A rule from a newer server.');
    expect(serverFieldMessage(error, 'teamName', t)).toBe('Too small: expected string to have <=100 characters');
    expect(serverFieldMessage(error, 'phone', t)).toBeUndefined();
  });

  it('has nothing to say of an error that is not an answer of the API', () => {
    expect(serverFieldMessage(new Error('boom'), 'email', t)).toBeUndefined();
  });

  it('words each message in the same words in English as the contract does, where SPEC §5 gives them', () => {
    const worded = contractMessages(t);
    for (const id of [
      'emailRequired',
      'emailInvalid',
      'confirmRequired',
      'passwordsMismatch',
      'phoneInvalid',
      'captchaRequired',
      'captchaInvalid',
      'noteRequired',
      'titleRequired',
      'emailTaken',
      'currentPasswordWrong',
      'passwordTooShort',
      'passwordTooLong',
      'emailTooLong',
    ] as const) {
      expect(worded[id], id).toBe(englishMessages[id]);
    }
  });
});
