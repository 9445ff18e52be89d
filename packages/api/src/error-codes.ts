/** Codes the client gives itself, when no error body of Parley's came back. */
export const CLIENT_ERROR_CODES = {
  /** Nothing answered: offline, DNS, refused, timed out (SPEC §8 'Network abnormal'). */
  network: 'NETWORK',
  /** The server answered something the contract does not describe. */
  invalidResponse: 'INVALID_RESPONSE',
  /** The server answered an error without Parley's error body (a proxy's 502 page, say). */
  http: 'HTTP',
} as const;

/**
 * Every `errorCode` an error body can carry (ARCHITECTURE §4): the one catalogue. The server raises
 * only these (its errors take an {@link ErrorCode}); the web compares against these names, never
 * against text.
 */
export const ERROR_CODES = {
  // Any request
  /** Bad input: 422 for a body, 400 for a query or path; `fields` and `fieldCodes` name the fields. */
  validationFailed: 'VALIDATION_FAILED',
  /** An address the router cannot take: bad encoding, a path segment over the length limit. */
  badUrl: 'BAD_URL',
  /** Input the schema let through but the database cannot hold (a NUL character). */
  badInput: 'BAD_INPUT',
  /** A refusal of the framework's that has no code of its own below. */
  badRequest: 'BAD_REQUEST',
  /** The framework's own refusals of a body, passed on as Fastify names them. */
  invalidJsonBody: 'FST_ERR_CTP_INVALID_JSON_BODY',
  emptyJsonBody: 'FST_ERR_CTP_EMPTY_JSON_BODY',
  bodyTooLarge: 'FST_ERR_CTP_BODY_TOO_LARGE',
  unsupportedMediaType: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  invalidContentLength: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  /** No session, or one that ended (401). */
  unauthorized: 'UNAUTHORIZED',
  /** Signed in, but not allowed (403). */
  forbidden: 'FORBIDDEN',
  /** Nothing there, or another team's (404). */
  notFound: 'NOT_FOUND',
  /** Two requests raced to create the same thing (409). */
  conflict: 'CONFLICT',
  /** A rate limit (429, with `retry-after`). */
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** Something failed on the server's side (500, SPEC §8's message). */
  internal: 'INTERNAL',
  /** The demo data is still loading (503, with `retry-after`). */
  loading: 'LOADING',

  // Accounts
  /** SPEC §4: wrong e-mail or password, or a disabled member (401). */
  badCredentials: 'BAD_CREDENTIALS',
  /** A wrong or spent phone code (401). */
  captchaInvalid: 'CAPTCHA_INVALID',
  /** Phone sign-in paused for the number after too many wrong codes (429). */
  phoneLocked: 'PHONE_LOCKED',
  /** The e-mail address belongs to a member already (409, on the `email` field). */
  emailTaken: 'EMAIL_TAKEN',
  /** The e-mailed reset link is spent, expired or not ours (400). */
  resetLinkInvalid: 'RESET_LINK_INVALID',
  /** The change-password link's token cannot be used any more (401). */
  tokenInvalid: 'TOKEN_INVALID',

  // Members
  /** The change would leave the team without an admin (409). */
  lastAdmin: 'LAST_ADMIN',
  /** The admin was demoted while the request was on its way (409). */
  roleChanged: 'ROLE_CHANGED',
  /** A member cannot disable or remove themselves (409). */
  self: 'SELF',
  /** An invitation cannot be sent again: the member has signed in already (409). */
  invitationTaken: 'INVITATION_TAKEN',

  // The member's own profile and security
  /** The phone number belongs to another member (409, on the `phone` field). */
  phoneTaken: 'PHONE_TAKEN',
  /** A wrong or used TOTP or recovery code (401 at sign-in, 422 on the profile). */
  mfaCodeInvalid: 'MFA_CODE_INVALID',
  /** The MFA device is bound already, or not bound (409). */
  mfaState: 'MFA_STATE',

  // Live calls
  /** Another member answered the call first (409; the message names them). */
  callTaken: 'CALL_TAKEN',
  /** The call no longer rings or runs: the visitor hung up, it was missed, or it ended (409). */
  callOver: 'CALL_OVER',

  // Sending
  /** The member's hourly or the team's daily sending quota is used up (429). */
  sendLimit: 'SEND_LIMIT',
  /** The video to send has not been uploaded (409). */
  videoNotReady: 'VIDEO_NOT_READY',

  // Files, videos and their uploads
  /** A signed address past its time (403). */
  urlExpired: 'URL_EXPIRED',
  /** A byte range outside the file (416). */
  rangeNotSatisfiable: 'RANGE_NOT_SATISFIABLE',
  /** The sender withdrew the video link (410). */
  linkRevoked: 'LINK_REVOKED',
  /** Over the server's size limit (413). */
  videoTooLarge: 'VIDEO_TOO_LARGE',
  /** Neither MP4 nor WebM (415). */
  videoTypeUnsupported: 'VIDEO_TYPE_UNSUPPORTED',
  /** A part number beyond the upload's parts (400). */
  partOutOfRange: 'PART_OUT_OF_RANGE',
  /** A part over the part size (413). */
  partTooLarge: 'PART_TOO_LARGE',
  /** A part with no bytes (400). */
  partEmpty: 'PART_EMPTY',
  /** A part cut off before its end (400). */
  partIncomplete: 'PART_INCOMPLETE',
  /** A part the store does not hold whole (400). */
  partMissing: 'PART_MISSING',
  /** A part but the last under the store's floor (400). */
  partTooSmall: 'PART_TOO_SMALL',
  /** Completion without every part from 1 in order (400). */
  partsOutOfOrder: 'PARTS_OUT_OF_ORDER',
  /** Fewer bytes arrived than were declared (400). */
  uploadIncomplete: 'UPLOAD_INCOMPLETE',
  /** The parts are being joined: ask again shortly (409, with `retry-after`). */
  uploadCompleting: 'UPLOAD_COMPLETING',
  /** The video is uploaded already (409). */
  uploadClosed: 'UPLOAD_CLOSED',

  // Slack settings
  /**
   * Slack refused or failed (a revoked or wrong token, a missing scope, Slack unreachable): 502 with
   * SPEC §8's 'Something went wrong, please try again later'; the server logs the cause.
   */
  slackFailed: 'SLACK_FAILED',
  /** Sync Users before a token is saved (409). */
  slackNotConnected: 'SLACK_NOT_CONNECTED',

  // Development
  /** The development mailbox opens only on the machine Parley runs on (403). */
  devMailboxLocalOnly: 'DEV_MAILBOX_LOCAL_ONLY',

  ...CLIENT_ERROR_CODES,
} as const;

/** A code of the catalogue. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const codes = /* @__PURE__ */ new Set<string>(Object.values(ERROR_CODES));

/** True for a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && codes.has(value);
}
