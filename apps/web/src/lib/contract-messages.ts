import {
  CALL_ID_MAX_LENGTH,
  CONTACT_COMPANY_MAX_LENGTH,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_NOTES_MAX_LENGTH,
  CONTACT_SEARCH_MAX_LENGTH,
  CONTACT_TAG_MAX_LENGTH,
  CONTACT_TAGS_MAX,
  DOMAIN_ORIGIN_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  isApiError,
  LEAD_COMPANY_MAX_LENGTH,
  LEAD_MESSAGE_MAX_LENGTH,
  LEAD_NAME_MAX_LENGTH,
  LEAD_REPLY_MAX_LENGTH,
  MAX_DOMAINS,
  MEMBER_NAME_MAX_LENGTH,
  type Messages,
  NOTE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_FIELD_MAX_LENGTH,
  PROFILE_TEXT_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  VIDEO_MESSAGE_TEXT_MAX_LENGTH,
  VIDEO_TITLE_MAX_LENGTH,
} from '@parley/api';

/** The translate function of `useTranslation()`. */
export interface Translate {
  (key: string): string;
  (key: string, values: Record<string, unknown>): string;
}

/**
 * The contract's messages that the web's forms can meet, in the interface language. A form builds
 * its rules with the contract's `…SchemaWith(contractMessages(t))`, so the rules are the server's
 * own; the compiler refuses a schema whose messages are not all here. A field refusal from the
 * server is worded from here too, by the id in its `fieldCodes` (see {@link serverFieldMessage}).
 */
export function contractMessages(t: Translate) {
  const tooLong = (max: number) => t('web.form.tooLong', { max });
  return {
    idInvalid: t('web.form.invalid'),
    valueInvalid: t('web.form.invalid'),
    usernameRequired: t('web.login.usernameRequired'),
    usernameTooLong: tooLong(EMAIL_MAX_LENGTH),
    passwordRequired: t('web.login.passwordRequired'),
    passwordTooShort: t('web.account.passwordLength', { min: PASSWORD_MIN_LENGTH }),
    passwordTooLong: t('web.account.passwordTooLong', { max: PASSWORD_MAX_LENGTH }),
    signInPasswordTooLong: t('web.account.passwordTooLong', { max: PASSWORD_MAX_LENGTH }),
    currentPasswordTooLong: t('web.account.passwordTooLong', { max: PASSWORD_MAX_LENGTH }),
    currentPasswordWrong: t('web.changePassword.currentWrong'),
    confirmRequired: t('web.account.confirmRequired'),
    passwordsMismatch: t('web.account.mismatch'),
    emailRequired: t('web.account.emailRequired'),
    emailInvalid: t('web.account.emailInvalid'),
    emailTooLong: t('web.account.emailTooLong', { max: EMAIL_MAX_LENGTH }),
    emailTaken: t('web.register.emailTaken'),
    ownNameRequired: t('web.register.nameRequired'),
    memberNameRequired: t('web.team.nameRequired'),
    memberNameTooLong: tooLong(MEMBER_NAME_MAX_LENGTH),
    teamNameRequired: t('web.register.teamNameRequired'),
    teamNameTooLong: tooLong(TEAM_NAME_MAX_LENGTH),
    nicknameRequired: t('web.profile.nicknameRequired'),
    signatureRequired: t('web.profile.signatureRequired'),
    profileTextTooLong: tooLong(PROFILE_TEXT_MAX_LENGTH),
    countryRequired: t('web.profile.countryRequired'),
    geographicRequired: t('web.profile.geographicRequired'),
    addressRequired: t('web.profile.addressRequired'),
    profileFieldTooLong: tooLong(PROFILE_FIELD_MAX_LENGTH),
    phoneTaken: t('web.profile.phoneTaken'),
    mfaCodeRequired: t('web.login.mfa.codeRequired'),
    mfaCodeInvalid: t('web.login.mfa.codeInvalid'),
    phoneRequired: t('validation.phone.required'),
    phoneInvalid: t('web.phoneLogin.invalid'),
    captchaRequired: t('web.phoneLogin.codeRequired'),
    captchaInvalid: t('web.error.captcha'),
    leadKindInvalid: t('web.form.invalid'),
    leadNameRequired: t('web.contact.nameRequired'),
    leadNameTooLong: tooLong(LEAD_NAME_MAX_LENGTH),
    companyTooLong: tooLong(LEAD_COMPANY_MAX_LENGTH),
    leadMessageRequired: t('web.contact.messageRequired'),
    leadMessageTooLong: tooLong(LEAD_MESSAGE_MAX_LENGTH),
    requestStatusInvalid: t('web.form.invalid'),
    replyRequired: t('web.requests.replyRequired'),
    replyTooLong: tooLong(LEAD_REPLY_MAX_LENGTH),
    noteRequired: t('web.calls.notes.required'),
    noteTooLong: t('web.calls.notes.tooLong', { max: NOTE_MAX_LENGTH }),
    titleRequired: t('web.video.titleRequired'),
    titleTooLong: t('web.video.titleTooLong', { max: VIDEO_TITLE_MAX_LENGTH }),
    callIdTooLong: tooLong(CALL_ID_MAX_LENGTH),
    videoMessageRequired: t('web.followup.messageRequired'),
    videoMessageTooLong: t('web.followup.messageTooLong', { max: VIDEO_MESSAGE_TEXT_MAX_LENGTH }),
    originRequired: t('web.domains.originRequired'),
    originTooLong: tooLong(DOMAIN_ORIGIN_MAX_LENGTH),
    originInvalid: t('web.domains.originInvalid'),
    originTaken: t('web.domains.originTaken'),
    domainsFull: t('web.domains.full', { max: MAX_DOMAINS }),
    contactNameRequired: t('web.contacts.nameRequired'),
    contactNameTooLong: tooLong(CONTACT_NAME_MAX_LENGTH),
    contactCompanyTooLong: tooLong(CONTACT_COMPANY_MAX_LENGTH),
    contactNotesTooLong: tooLong(CONTACT_NOTES_MAX_LENGTH),
    contactTagTooLong: tooLong(CONTACT_TAG_MAX_LENGTH),
    contactTagsTooMany: t('web.contacts.tagsTooMany', { max: CONTACT_TAGS_MAX }),
    contactSearchTooLong: tooLong(CONTACT_SEARCH_MAX_LENGTH),
    contactSortInvalid: t('web.form.invalid'),
    contactEmailTaken: t('web.contacts.emailTaken'),
    contactEmailInFile: t('web.contacts.emailInFile'),
    contactMergeSelf: t('web.contacts.mergeSelf'),
    importRowsRequired: t('web.contacts.importEmpty'),
    importRowsTooMany: t('web.contacts.importTooMany', { max: CONTACT_IMPORT_MAX_ROWS }),
    slackTokenRequired: t('web.slack.tokenRequired'),
    slackTokenInvalid: t('web.slack.tokenInvalid'),
  } satisfies Partial<Messages>;
}

/**
 * The message of a field the server refused, in the interface language: the wording of its
 * `fieldCodes` id when the web words that message, otherwise the server's own English text.
 */
export function serverFieldMessage(error: unknown, field: string, t: Translate): string | undefined {
  if (!isApiError(error)) {
    return undefined;
  }
  const id = error.fieldCodes[field];
  const worded: Partial<Record<string, string>> = contractMessages(t);
  return (id !== undefined && Object.hasOwn(worded, id) ? worded[id] : undefined) ?? error.fields[field];
}
