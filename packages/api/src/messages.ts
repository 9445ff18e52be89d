import {
  CALL_ID_MAX_LENGTH,
  CALL_SEARCH_MAX_LENGTH,
  CALLER_NAME_MAX_LENGTH,
  CONTACT_COMPANY_MAX_LENGTH,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_NOTES_MAX_LENGTH,
  CONTACT_SEARCH_MAX_LENGTH,
  CONTACT_TAG_MAX_LENGTH,
  CONTACT_TAGS_MAX,
  DOMAIN_ORIGIN_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LEAD_COMPANY_MAX_LENGTH,
  LEAD_MESSAGE_MAX_LENGTH,
  LEAD_NAME_MAX_LENGTH,
  LEAD_REPLY_MAX_LENGTH,
  MAX_BULK_DELETE,
  MAX_DOMAINS,
  MAX_PARTS_PER_REQUEST,
  MAX_UPLOAD_PARTS,
  MEMBER_NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_FIELD_MAX_LENGTH,
  PROFILE_TEXT_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  VIDEO_DURATION_MAX_SECONDS,
  VIDEO_MESSAGE_TEXT_MAX_LENGTH,
  VIDEO_REF_MAX_LENGTH,
  VIDEO_TITLE_MAX_LENGTH,
} from './limits';

/**
 * Every message the contract refuses input with, by id, in English (SPEC §5 wording where the spec
 * has one). The request schemas are built from a table of these (`…SchemaWith(messages)`): the
 * exported schemas with {@link messageIds}, so a refusal names its rule by id and the server words
 * it in English from here; the web's forms with the same ids in the interface language.
 */
export const englishMessages = {
  // Any request
  idInvalid: 'The id is not valid.',
  valueInvalid: 'This value is not valid.',

  // Accounts (SPEC §5)
  usernameRequired: 'Please input your username!',
  usernameTooLong: `At most ${EMAIL_MAX_LENGTH} characters.`,
  passwordRequired: 'Please input your password!',
  passwordTooShort: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  // These two had no wording of their own (zod's 'Invalid input'), kept so the answer stays the same.
  signInPasswordTooLong: 'Invalid input',
  currentPasswordTooLong: 'Invalid input',
  currentPasswordWrong: 'The current password is not correct.',
  confirmRequired: 'Please confirm your password!',
  passwordsMismatch: 'The passwords that you entered do not match!',
  emailRequired: 'Please input your E-mail!',
  emailInvalid: 'The input is not valid E-mail!',
  emailTooLong: `An e-mail address has at most ${EMAIL_MAX_LENGTH} characters.`,
  emailTaken: 'This e-mail address is already registered.',
  phoneRequired: 'Please input your phone number!',
  phoneInvalid: 'Phone number is invalid!',
  captchaRequired: 'Please input verification code!',
  captchaInvalid: 'Verification Code Error',
  credentialsIncorrect: 'Incorrect username/password',

  // Members
  memberNameRequired: 'Please input a name!',
  memberNameTooLong: `At most ${MEMBER_NAME_MAX_LENGTH} characters.`,
  ownNameRequired: 'Please input your name!',
  teamNameRequired: "Please input your team's name!",
  teamNameTooLong: `At most ${TEAM_NAME_MAX_LENGTH} characters.`,
  nothingToChange: 'Nothing to change.',

  // The member's own profile (SPEC §2.5, §5 Settings)
  nicknameRequired: 'Please input your nickname!',
  signatureRequired: 'Please input your personal profile!',
  profileTextTooLong: `At most ${PROFILE_TEXT_MAX_LENGTH} characters.`,
  countryRequired: 'Please input your country/region!',
  geographicRequired: 'Please input your province or city!',
  addressRequired: 'Please input your street address!',
  profileFieldTooLong: `At most ${PROFILE_FIELD_MAX_LENGTH} characters.`,
  phoneTaken: 'This phone number belongs to another member.',
  mfaCodeRequired: 'Please input the code!',
  mfaCodeInvalid: 'The code is not correct.',

  // The contact and demo form (SPEC §2.1)
  leadKindInvalid: 'Choose contact or demo.',
  leadNameRequired: 'Please input your name!',
  leadNameTooLong: `At most ${LEAD_NAME_MAX_LENGTH} characters.`,
  companyTooLong: `At most ${LEAD_COMPANY_MAX_LENGTH} characters.`,
  leadMessageRequired: 'Please input your message!',
  leadMessageTooLong: `At most ${LEAD_MESSAGE_MAX_LENGTH} characters.`,
  requestStatusInvalid: 'Choose new, replied or closed.',
  replyRequired: 'Please write your reply!',
  replyTooLong: `At most ${LEAD_REPLY_MAX_LENGTH} characters.`,

  // Domain management: the origins the visitor widget may run on
  originRequired: 'Please input an origin!',
  originTooLong: `At most ${DOMAIN_ORIGIN_MAX_LENGTH} characters.`,
  originInvalid:
    'Enter an origin such as https://www.example.com: http or https, a host and an optional port, no path.',
  originTaken: 'This origin is already on the list.',
  domainsFull: `A team can allow at most ${MAX_DOMAINS} origins. Remove one first.`,

  // Slack settings (issue 17)
  slackTokenRequired: 'Please input the Slack token!',
  slackTokenInvalid: 'A Slack token starts with xox (xoxb- for a bot, xoxp- for a user), without spaces.',

  // The call history (SPEC §2.4)
  callTabInvalid: 'Choose all, missed or messages.',
  followUpInvalid: 'Choose none, needed, sent or done.',
  callSortInvalid: 'Sort by incomingAt, holdSeconds or durationSeconds.',
  sortOrderInvalid: 'Choose asc or desc.',
  startTimeInvalid: 'The start time is not a valid date.',
  endTimeInvalid: 'The end time is not a valid date.',
  endBeforeStart: 'The end time must not be before the start time.',
  maximumBelowMinimum: 'The maximum must not be below the minimum.',
  answeredNotYesNo: 'Call answered is true or false.',
  messageLeftNotYesNo: 'Message left is true or false.',
  callerNameNotText: 'Caller name is text.',
  transcriptNotText: 'Transcript is text.',
  callSearchTooLong: `At most ${CALL_SEARCH_MAX_LENGTH} characters.`,
  searchRequired: 'Type something to search for.',
  searchTooShort: `Type at least ${SEARCH_MIN_LENGTH} characters.`,
  holdTimeNotNumber: 'Hold time is a number of seconds.',
  holdTimeNotWhole: 'Hold time is a whole number of seconds.',
  holdTimeNegative: 'Hold time is 0 seconds or more.',
  holdTimeTooLarge: 'Hold time is too large.',
  callDurationNotNumber: 'Call duration is a number of seconds.',
  callDurationNotWhole: 'Call duration is a whole number of seconds.',
  callDurationNegative: 'Call duration is 0 seconds or more.',
  callDurationTooLarge: 'Call duration is too large.',
  idsRequired: 'Give the ids to delete.',
  idsTooMany: `At most ${MAX_BULK_DELETE} records at a time.`,
  noteRequired: 'Please enter notes!',
  noteTooLong: `At most ${NOTE_MAX_LENGTH} characters.`,

  // Videos and their uploads
  videoKindInvalid: 'Choose library, message, followup or menu.',
  titleRequired: 'Please input a title!',
  titleTooLong: `At most ${VIDEO_TITLE_MAX_LENGTH} characters.`,
  videoRefTooLong: `At most ${VIDEO_REF_MAX_LENGTH} characters.`,
  contentTypeRequired: 'The content type is missing.',
  contentTypeInvalid: 'The content type is not valid.',
  sizeNotNumber: 'The size must be a number of bytes.',
  sizeNotWhole: 'The size must be a whole number of bytes.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: 'The file is too large.',
  durationNotNumber: 'The duration must be a number of seconds.',
  durationNotPositive: 'The duration must be more than 0 seconds.',
  durationTooLong: `The duration is at most ${VIDEO_DURATION_MAX_SECONDS} seconds.`,
  partNumberInvalid: 'A part number is a whole number from 1.',
  partNumberTooLarge: `A part number is at most ${MAX_UPLOAD_PARTS}.`,
  partNumbersNotList: 'Give the part numbers as a list.',
  partNumbersEmpty: 'Ask for at least one part.',
  partNumbersTooMany: `At most ${MAX_PARTS_PER_REQUEST} parts a request.`,
  etagRequired: 'Each part needs its etag.',
  partsNotList: 'Give the parts as a list.',
  partsEmpty: 'Give at least one part.',
  partsTooMany: `At most ${MAX_UPLOAD_PARTS} parts.`,

  // Video messages (SPEC §5 "Send video message")
  callIdTooLong: `At most ${CALL_ID_MAX_LENGTH} characters.`,
  videoMessageRequired: 'Please input your message!',
  videoMessageTooLong: `At most ${VIDEO_MESSAGE_TEXT_MAX_LENGTH} characters.`,

  // A visitor calling from the widget
  callerNameTooLong: `At most ${CALLER_NAME_MAX_LENGTH} characters.`,

  // The contact book (issue 17)
  contactNameRequired: 'Please input a name!',
  contactNameTooLong: `At most ${CONTACT_NAME_MAX_LENGTH} characters.`,
  contactCompanyTooLong: `At most ${CONTACT_COMPANY_MAX_LENGTH} characters.`,
  contactNotesTooLong: `At most ${CONTACT_NOTES_MAX_LENGTH} characters.`,
  contactTagTooLong: `A tag has at most ${CONTACT_TAG_MAX_LENGTH} characters.`,
  contactTagsTooMany: `At most ${CONTACT_TAGS_MAX} tags.`,
  contactSearchTooLong: `At most ${CONTACT_SEARCH_MAX_LENGTH} characters.`,
  contactSortInvalid: 'Sort by name, email, company or createdAt.',
  contactEmailTaken: 'A contact with this e-mail address is already in the book.',
  contactEmailInFile: 'This e-mail address is on an earlier row of the file.',
  contactMergeSelf: 'Choose two different contacts to merge.',
  importRowsRequired: 'The file has no rows to import.',
  importRowsTooMany: `At most ${CONTACT_IMPORT_MAX_ROWS} rows at a time.`,
} as const;

/** The id of one of the contract's messages: what a field refusal's `fieldCodes` entry holds. */
export type MessageId = keyof typeof englishMessages;

/**
 * A wording of some of the messages: a request schema's `…SchemaWith(messages)` asks for the ids its
 * rules use, so a client words only the messages its forms can show (and the compiler says which).
 */
export type MessagesFor<Id extends MessageId> = { readonly [K in Id]: string };

/** A wording of every message. */
export type Messages = MessagesFor<MessageId>;

/**
 * Every id worded as itself: the exported request schemas report their refusals by id. A proxy
 * rather than a copy of the table, so that a bundle using only the schemas carries no English.
 */
export const messageIds = /* @__PURE__ */ new Proxy({}, { get: (_table, id) => id }) as {
  readonly [Id in MessageId]: Id;
};

/** True for an id of the catalogue (a `fieldCodes` entry from a newer server may not be one). */
export function isMessageId(value: unknown): value is MessageId {
  return typeof value === 'string' && Object.hasOwn(englishMessages, value);
}
