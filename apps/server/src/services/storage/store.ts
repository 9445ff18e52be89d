/** A part the store holds whole. */
export interface StoredPart {
  partNumber: number;
  size: number;
  /** As the store answers it to a PUT, quotes included (S3's ETag). */
  etag: string;
}

/** A pre-signed address to PUT one part to. */
export interface PartAddress {
  partNumber: number;
  url: string;
  expiresAt: Date;
}

/** A multipart upload in the store: the object it becomes and the store's id for it. */
export interface UploadHandle {
  key: string;
  uploadId: string;
}

/** Why the store refused: the route turns each into an answer. */
export type StoreErrorCode = 'UPLOAD_NOT_FOUND' | 'PART_MISMATCH' | 'PART_TOO_SMALL';

export class StoreError extends Error {
  override name = 'StoreError';
  readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Where video files and posters live: local disk under DATA_DIR, or an S3-compatible store. Both
 * follow S3's multipart semantics, so one upload flow (and one web client) serves both. Keys are
 * made by the server (`videos/<team>/<video>`, `posters/<team>/<video>.jpg`); the client never
 * names a path.
 */
export interface VideoStore {
  readonly kind: 'local' | 's3';
  /** The origin browsers reach the store at (for the Content-Security-Policy); null when it is this server. */
  readonly origin: string | null;
  /** Starts a multipart upload of `key`; answers the store's id for it. */
  createUpload(key: string, contentType: string): Promise<string>;
  /** Pre-signed PUT addresses, valid until `expiresAt`. */
  presignParts(upload: UploadHandle, partNumbers: number[], expiresAt: Date): Promise<PartAddress[]>;
  /** The parts that arrived whole, by part number. Throws UPLOAD_NOT_FOUND for an unknown upload. */
  listParts(upload: UploadHandle): Promise<StoredPart[]>;
  /**
   * Joins the parts, in order, into the object; the upload is gone afterwards. The object appears
   * whole or not at all, and a join done again (its first instance died) replaces what the first
   * left. `signal` stops it (the caller's claim on the video was lost).
   */
  completeUpload(
    upload: UploadHandle,
    parts: { partNumber: number; etag: string }[],
    options?: { signal?: AbortSignal },
  ): Promise<void>;
  /** Throws the parts away; nothing to do when the upload is already gone. */
  abortUpload(upload: UploadHandle): Promise<void>;
  /** Up to `length` bytes from `start`; fewer at the end of the object. */
  readRange(key: string, start: number, length: number): Promise<Buffer>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Nothing to do when it is already gone. */
  delete(key: string): Promise<void>;
  /** A signed GET address, valid until `expiresAt`, answering range requests. */
  downloadUrl(key: string, contentType: string, expiresAt: Date): Promise<string>;
  /** What ffmpeg reads the object from: a file path, or a signed address. */
  ffmpegInput(key: string): Promise<string>;
  /**
   * Removes temporary files that nobody has written to for `olderThanMs` (their writer died);
   * answers how many. Local disk only: S3 keeps no temporary files of ours.
   */
  sweepTemporaryFiles?(olderThanMs: number): Promise<number>;
}

/** The keys the server makes; anything else is refused before it reaches a file system or a bucket. */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const VIDEO_KEY = new RegExp(`^videos/(${UUID})/(${UUID})$`);
export const POSTER_KEY = new RegExp(`^posters/(${UUID})/(${UUID})\\.jpg$`);

export function videoKey(teamId: string, videoId: string): string {
  return `videos/${teamId}/${videoId}`;
}

export function posterKey(teamId: string, videoId: string): string {
  return `posters/${teamId}/${videoId}.jpg`;
}

export function isObjectKey(key: string): boolean {
  return VIDEO_KEY.test(key) || POSTER_KEY.test(key);
}

/** `"abc"`, `abc` and `W/"abc"` name the same part. */
export function sameEtag(left: string, right: string): boolean {
  const bare = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '').trim().toLowerCase();
  return bare(left) === bare(right);
}
