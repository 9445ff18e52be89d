// The bounds of what the contract accepts: the request schemas check them, the messages word them
// (messages.ts), and the web sizes its inputs with them. Apart from the schemas so that the
// messages can name them without an import cycle.

/** SPEC §5 and §9: the longest e-mail address and url the product accepts. */
export const EMAIL_MAX_LENGTH = 320;
export const URL_MAX_LENGTH = 2048;

/** The shortest password Parley accepts (NIST SP 800-63B's floor) and the longest it hashes. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A phone code: six digits, valid five minutes, five tries (issue 3). */
export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_TTL_SECONDS = 300;
export const CAPTCHA_MAX_ATTEMPTS = 5;

/** The longest name of a member. */
export const MEMBER_NAME_MAX_LENGTH = 100;
/** A team's name, as its admin registers or renames it. */
export const TEAM_NAME_MAX_LENGTH = 100;
/** The member's own profile (SPEC §2.5 Basic Settings): the personal profile, and each other field. */
export const PROFILE_TEXT_MAX_LENGTH = 500;
export const PROFILE_FIELD_MAX_LENGTH = 200;
/** A TOTP code of the MFA device: six digits. A recovery code: ten letters and digits. */
export const MFA_CODE_LENGTH = 6;
export const MFA_RECOVERY_CODE_LENGTH = 10;
/** How many recovery codes binding an MFA device gives. */
export const MFA_RECOVERY_CODES = 10;

/** The contact and demo form (SPEC §2.1). */
export const LEAD_NAME_MAX_LENGTH = 100;
export const LEAD_COMPANY_MAX_LENGTH = 100;
export const LEAD_MESSAGE_MAX_LENGTH = 2000;
/** An admin's e-mailed reply to a contact or demo request. */
export const LEAD_REPLY_MAX_LENGTH = 5000;

/** The longest caller-name and transcript search the filter bar sends. */
export const CALL_SEARCH_MAX_LENGTH = 200;
/** The header search (`GET /api/search`) needs at least this many characters. */
export const SEARCH_MIN_LENGTH = 2;
/** The header search answers at most this many calls and this many videos. */
export const SEARCH_RESULT_LIMIT = 5;
/** The largest number of seconds a hold-time or duration filter takes. */
export const CALL_FILTER_MAX_SECONDS = 1_000_000_000;
/** The most records one bulk delete takes. */
export const MAX_BULK_DELETE = 100;
export const NOTE_MAX_LENGTH = 5000;

export const VIDEO_TITLE_MAX_LENGTH = 200;
/** The longest duration a browser may report for a video it uploads: a day, in seconds. */
export const VIDEO_DURATION_MAX_SECONDS = 86_400;
/** A call id or menu item id a video belongs to (`/record/:flag/:broadcastid`). */
export const VIDEO_REF_MAX_LENGTH = 100;
/** The most part addresses one `POST /api/videos/:id/upload/parts` hands out. */
export const MAX_PARTS_PER_REQUEST = 100;
/** S3's ceiling on the parts of one upload. */
export const MAX_UPLOAD_PARTS = 10_000;

export const VIDEO_MESSAGE_TEXT_MAX_LENGTH = 2000;
/** A call id as the recipient details modal passes it (`/record/followup/:broadcastid`). */
export const CALL_ID_MAX_LENGTH = 100;
/** A visitor's name as they type it in the widget before calling. */
export const CALLER_NAME_MAX_LENGTH = 100;

/** The longest origin Domain management takes (a scheme, a host of up to 253 characters, a port). */
export const DOMAIN_ORIGIN_MAX_LENGTH = 300;
/** The most origins a team may allow the visitor widget on. */
export const MAX_DOMAINS = 100;

/** The contact book (issue 17): a contact's name, company and notes, and its tags. */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_COMPANY_MAX_LENGTH = 100;
export const CONTACT_NOTES_MAX_LENGTH = 5000;
export const CONTACT_TAG_MAX_LENGTH = 40;
export const CONTACT_TAGS_MAX = 20;
/** The longest search of the contact book. */
export const CONTACT_SEARCH_MAX_LENGTH = 200;
/** The most rows one CSV import takes. */
export const CONTACT_IMPORT_MAX_ROWS = 2000;
