import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UrlSigner } from '../../lib/signed-urls';
import {
  isObjectKey,
  type PartAddress,
  POSTER_KEY,
  type StoredPart,
  StoreError,
  sameEtag,
  type UploadHandle,
  VIDEO_KEY,
  type VideoStore,
} from './store';

/** A local upload id: 128 random bits in base64url. Nothing else names a folder under uploads/. */
export const LOCAL_UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;
/** A part's bytes: `<part number>-<MD5 hex>`, so its etag survives a restart without hashing again. */
const PART_FILE = /^(\d{1,5})-([0-9a-f]{32})$/;
/**
 * Which of a part's files is the part: `<part number>`, holding the MD5 hex of the bytes the last
 * PUT wrote. Replaced by one rename, so of two PUTs of a part at once the later wins whole, as on
 * S3. A part without one (written before it existed) is its newest file.
 */
const PART_POINTER = /^(\d{1,5})$/;
const MD5_HEX = /^[0-9a-f]{32}$/;
/** The start of every temporary file's name; nothing else starts so. */
const TEMPORARY_PREFIX = '.tmp-';
/** Files and folders the store writes are for Parley's own user alone. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/** A part's body was longer than allowed, or shorter than announced. */
export class PartSizeError extends Error {
  override name = 'PartSizeError';
  readonly tooLarge: boolean;
  constructor(tooLarge: boolean, message: string) {
    super(message);
    this.tooLarge = tooLarge;
  }
}

/** Waits until a written file is on the disk, so a crash after the rename cannot leave it short. */
async function flush(file: string): Promise<void> {
  const handle = await open(file, 'r+', FILE_MODE);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * Video files on local disk under DATA_DIR (the embedded default): the browser PUTs parts to
 * HMAC-signed addresses of this server (`/uploads/<upload id>/<part>`), each written to a
 * temporary file and renamed only once whole, and plays files from signed `/files/…` addresses.
 */
export function createLocalStore(dataDir: string, signer: UrlSigner) {
  const root = path.resolve(dataDir);
  const uploadsRoot = path.join(root, 'uploads');

  /** The file of a server-made key; anything else is refused, and nothing resolves outside DATA_DIR. */
  function objectPath(key: string): string {
    if (!isObjectKey(key)) {
      throw new Error(`Not an object key: ${JSON.stringify(key)}`);
    }
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(root + path.sep)) {
      throw new Error(`Not an object key: ${JSON.stringify(key)}`);
    }
    return resolved;
  }

  function uploadFolder(uploadId: string): string {
    if (!LOCAL_UPLOAD_ID.test(uploadId)) {
      throw new StoreError('UPLOAD_NOT_FOUND', 'This upload does not exist.');
    }
    return path.join(uploadsRoot, uploadId);
  }

  /** `.tmp-<random>`, or `.tmp-<name>-<random>` for a file another join of `<name>` may have left. */
  function temporaryName(of?: string): string {
    return `${TEMPORARY_PREFIX}${of ? `${of}-` : ''}${randomBytes(8).toString('hex')}`;
  }

  async function listParts(upload: UploadHandle): Promise<StoredPart[]> {
    const folder = uploadFolder(upload.uploadId);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (isMissing(error)) {
        throw new StoreError('UPLOAD_NOT_FOUND', 'This upload does not exist.');
      }
      throw error;
    }
    const partNumbers = new Set<number>();
    const pointed = new Set<number>();
    const written = new Map<number, string[]>();
    for (const name of names) {
      const pointer = PART_POINTER.exec(name);
      if (pointer) {
        partNumbers.add(Number(pointer[1]));
        pointed.add(Number(pointer[1]));
        continue;
      }
      const match = PART_FILE.exec(name);
      if (match) {
        const partNumber = Number(match[1]);
        partNumbers.add(partNumber);
        written.set(partNumber, [...(written.get(partNumber) ?? []), match[2] ?? '']);
      }
    }
    const parts = await Promise.all(
      [...partNumbers].map(async (partNumber): Promise<StoredPart | undefined> => {
        if (pointed.has(partNumber)) {
          const md5 = await readFile(path.join(folder, String(partNumber)), 'utf8').catch(() => '');
          // Its file looked up directly: a PUT may have written it after the listing was read.
          const details = MD5_HEX.test(md5)
            ? await stat(path.join(folder, `${partNumber}-${md5}`)).catch(() => undefined)
            : undefined;
          if (details) {
            return { partNumber, size: details.size, etag: `"${md5}"` };
          }
        }
        // Written before parts were named by a pointer (an upgrade mid-upload): the newest file is the part.
        let newest: (StoredPart & { modified: number }) | undefined;
        for (const md5 of written.get(partNumber) ?? []) {
          const details = await stat(path.join(folder, `${partNumber}-${md5}`)).catch(() => undefined);
          if (details && (!newest || details.mtimeMs > newest.modified)) {
            newest = { partNumber, size: details.size, etag: `"${md5}"`, modified: details.mtimeMs };
          }
        }
        return newest && { partNumber, size: newest.size, etag: newest.etag };
      }),
    );
    return parts
      .filter((part): part is StoredPart => part !== undefined)
      .sort((left, right) => left.partNumber - right.partNumber);
  }

  /**
   * Writes one part from a request body: to a temporary file first, renamed to its place only when
   * every byte arrived, so a PUT cut off mid-body leaves nothing behind. Over `maxBytes`, or short
   * of `expectedBytes`, it throws PartSizeError and keeps nothing.
   */
  async function writePart(
    uploadId: string,
    partNumber: number,
    body: Readable,
    limits: { maxBytes: number; expectedBytes: number | undefined },
  ): Promise<StoredPart> {
    const folder = uploadFolder(uploadId);
    const temporary = path.join(folder, temporaryName());
    const md5 = createHash('md5');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > limits.maxBytes) {
          callback(new PartSizeError(true, `A part may have at most ${limits.maxBytes} bytes.`));
          return;
        }
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    const pointer = path.join(folder, temporaryName());
    try {
      await pipeline(body, counter, createWriteStream(temporary, { flags: 'wx', mode: FILE_MODE }));
      if (limits.expectedBytes !== undefined && size !== limits.expectedBytes) {
        throw new PartSizeError(false, 'The part arrived incomplete.');
      }
      await flush(temporary);
      const md5hex = md5.digest('hex');
      // The bytes under a name of their own, never removed while the upload lasts: a PUT of the
      // same part at the same moment cannot take them away (removing the others here once lost both).
      await rename(temporary, path.join(folder, `${partNumber}-${md5hex}`));
      await writeFile(pointer, md5hex, { flag: 'wx', mode: FILE_MODE });
      await flush(pointer);
      await rename(pointer, path.join(folder, String(partNumber)));
      return { partNumber, size, etag: `"${md5hex}"` };
    } catch (error) {
      await Promise.all([rm(temporary, { force: true }), rm(pointer, { force: true })]);
      if (isMissing(error)) {
        throw new StoreError('UPLOAD_NOT_FOUND', 'This upload does not exist.');
      }
      throw error;
    }
  }

  /**
   * Writes a whole file beside its place and renames it there once it is complete and on disk.
   * `temporary` names the file it is written to first (a random `.tmp-` name).
   */
  async function writeWhole(
    target: string,
    write: (temporary: string) => Promise<void>,
    temporary = path.join(path.dirname(target), temporaryName()),
  ) {
    await mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
    try {
      await write(temporary);
      await flush(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Removes what an earlier join of this object left when its instance died mid-way. Only the one
   * holding the video's claim joins it, so no live writer owns these; one that lost its claim and
   * writes on finds its file gone and stops.
   */
  async function discardCutOffJoins(target: string): Promise<void> {
    const prefix = `${TEMPORARY_PREFIX}${path.basename(target)}-`;
    const names = await readdir(path.dirname(target)).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.startsWith(prefix))
        .map((name) => rm(path.join(path.dirname(target), name), { force: true })),
    );
  }

  /**
   * Removes the temporary files (`.tmp-*` under videos/, posters/ and uploads/) that nobody has
   * written to for `olderThanMs`: what a writer left when its process died. A live writer touches
   * its file as bytes arrive, so with several instances on one DATA_DIR none of theirs is taken.
   */
  async function sweepTemporaryFiles(olderThanMs: number): Promise<number> {
    const before = Date.now() - olderThanMs;
    let removed = 0;
    for (const area of ['videos', 'posters', 'uploads']) {
      const folders = await readdir(path.join(root, area)).catch(() => [] as string[]);
      for (const folderName of folders) {
        const folder = path.join(root, area, folderName);
        const names = await readdir(folder).catch(() => [] as string[]);
        for (const name of names.filter((entry) => entry.startsWith(TEMPORARY_PREFIX))) {
          const file = path.join(folder, name);
          const details = await lstat(file).catch(() => undefined);
          if (details?.isFile() && details.mtimeMs < before) {
            await rm(file, { force: true });
            removed += 1;
          }
        }
      }
    }
    return removed;
  }

  const store = {
    kind: 'local',
    origin: null,

    async createUpload(key: string): Promise<string> {
      objectPath(key);
      const uploadId = randomBytes(16).toString('base64url');
      await mkdir(uploadFolder(uploadId), { recursive: true, mode: FOLDER_MODE });
      return uploadId;
    },

    async presignParts(upload: UploadHandle, partNumbers: number[], expiresAt: Date): Promise<PartAddress[]> {
      uploadFolder(upload.uploadId);
      return partNumbers.map((partNumber) => ({
        partNumber,
        url: signer.sign('PUT', `/uploads/${upload.uploadId}/${partNumber}`, expiresAt),
        expiresAt,
      }));
    },

    listParts,

    async completeUpload(
      upload: UploadHandle,
      parts: { partNumber: number; etag: string }[],
      options: { signal?: AbortSignal } = {},
    ): Promise<void> {
      const folder = uploadFolder(upload.uploadId);
      const stored = new Map((await listParts(upload)).map((part) => [part.partNumber, part]));
      const files = parts.map((part) => {
        const held = stored.get(part.partNumber);
        if (!held || !sameEtag(held.etag, part.etag)) {
          throw new StoreError('PART_MISMATCH', `Part ${part.partNumber} has not arrived whole; send it again.`);
        }
        return path.join(folder, `${part.partNumber}-${held.etag.replaceAll('"', '')}`);
      });
      const target = objectPath(upload.key);
      await discardCutOffJoins(target);
      await writeWhole(
        target,
        async (temporary) => {
          await pipeline(
            async function* () {
              for (const file of files) {
                yield* createReadStream(file, { highWaterMark: 1024 * 1024 });
              }
            },
            createWriteStream(temporary, { flags: 'wx', mode: FILE_MODE }),
            options.signal ? { signal: options.signal } : {},
          );
        },
        path.join(path.dirname(target), temporaryName(path.basename(target))),
      );
      await rm(folder, { recursive: true, force: true });
    },

    async abortUpload(upload: UploadHandle): Promise<void> {
      if (LOCAL_UPLOAD_ID.test(upload.uploadId)) {
        await rm(uploadFolder(upload.uploadId), { recursive: true, force: true });
      }
    },

    async readRange(key: string, start: number, length: number): Promise<Buffer> {
      const handle = await open(objectPath(key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async size(key: string): Promise<number | null> {
      try {
        return (await stat(objectPath(key))).size;
      } catch (error) {
        if (isMissing(error)) {
          return null;
        }
        throw error;
      }
    },

    async put(key: string, body: Buffer): Promise<void> {
      await writeWhole(objectPath(key), (temporary) => writeFile(temporary, body, { flag: 'wx', mode: FILE_MODE }));
    },

    async delete(key: string): Promise<void> {
      await rm(objectPath(key), { force: true });
    },

    async downloadUrl(key: string, _contentType: string, expiresAt: Date): Promise<string> {
      const video = VIDEO_KEY.exec(key);
      if (video) {
        return signer.sign('GET', `/files/videos/${video[2]}`, expiresAt);
      }
      const poster = POSTER_KEY.exec(key);
      if (poster) {
        return signer.sign('GET', `/files/posters/${poster[2]}`, expiresAt);
      }
      throw new Error(`Not an object key: ${JSON.stringify(key)}`);
    },

    async ffmpegInput(key: string): Promise<string> {
      return objectPath(key);
    },

    sweepTemporaryFiles,

    /** Local only: the file behind a key, for the signed `/files/…` routes. */
    filePath: objectPath,
    /** Local only: a part from a signed PUT. */
    writePart,
    /** Local only (tests): the files an upload holds. */
    uploadFiles: async (uploadId: string) => readdir(uploadFolder(uploadId)).catch(() => [] as string[]),
    /** Local only (tests): reads a whole object. */
    readAll: (key: string) => readFile(objectPath(key)),
  } satisfies VideoStore & Record<string, unknown>;
  return store;
}
export type LocalStore = ReturnType<typeof createLocalStore>;
