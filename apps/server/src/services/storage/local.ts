import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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
/** A stored part: `<part number>-<MD5 hex>`, so its etag survives a restart without hashing again. */
const PART_FILE = /^(\d{1,5})-([0-9a-f]{32})$/;

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
  const handle = await open(file, 'r+');
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

  function temporaryName(): string {
    return `.tmp-${randomBytes(8).toString('hex')}`;
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
    const newest = new Map<number, StoredPart & { modified: number }>();
    for (const name of names) {
      const match = PART_FILE.exec(name);
      if (!match) {
        continue;
      }
      const details = await stat(path.join(folder, name)).catch(() => undefined);
      if (!details) {
        continue;
      }
      const partNumber = Number(match[1]);
      const previous = newest.get(partNumber);
      if (!previous || details.mtimeMs > previous.modified) {
        newest.set(partNumber, { partNumber, size: details.size, etag: `"${match[2]}"`, modified: details.mtimeMs });
      }
    }
    return [...newest.values()]
      .sort((left, right) => left.partNumber - right.partNumber)
      .map(({ partNumber, size, etag }) => ({ partNumber, size, etag }));
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
    try {
      await pipeline(body, counter, createWriteStream(temporary, { flags: 'wx' }));
      if (limits.expectedBytes !== undefined && size !== limits.expectedBytes) {
        throw new PartSizeError(false, 'The part arrived incomplete.');
      }
      await flush(temporary);
      const etag = md5.digest('hex');
      const name = `${partNumber}-${etag}`;
      await rename(temporary, path.join(folder, name));
      // A part sent again with other bytes replaces the earlier one.
      for (const other of await readdir(folder)) {
        if (other !== name && other.startsWith(`${partNumber}-`) && PART_FILE.test(other)) {
          await rm(path.join(folder, other), { force: true });
        }
      }
      return { partNumber, size, etag: `"${etag}"` };
    } catch (error) {
      await rm(temporary, { force: true });
      if (isMissing(error)) {
        throw new StoreError('UPLOAD_NOT_FOUND', 'This upload does not exist.');
      }
      throw error;
    }
  }

  /** Writes a whole file beside its place and renames it there once it is complete and on disk. */
  async function writeWhole(target: string, write: (temporary: string) => Promise<void>) {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), temporaryName());
    try {
      await write(temporary);
      await flush(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  const store = {
    kind: 'local',
    origin: null,

    async createUpload(key: string): Promise<string> {
      objectPath(key);
      const uploadId = randomBytes(16).toString('base64url');
      await mkdir(uploadFolder(uploadId), { recursive: true });
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

    async completeUpload(upload: UploadHandle, parts: { partNumber: number; etag: string }[]): Promise<void> {
      const folder = uploadFolder(upload.uploadId);
      const stored = new Map((await listParts(upload)).map((part) => [part.partNumber, part]));
      const files = parts.map((part) => {
        const held = stored.get(part.partNumber);
        if (!held || !sameEtag(held.etag, part.etag)) {
          throw new StoreError('PART_MISMATCH', `Part ${part.partNumber} has not arrived whole; send it again.`);
        }
        return path.join(folder, `${part.partNumber}-${held.etag.replaceAll('"', '')}`);
      });
      await writeWhole(objectPath(upload.key), async (temporary) => {
        await pipeline(
          async function* () {
            for (const file of files) {
              yield* createReadStream(file, { highWaterMark: 1024 * 1024 });
            }
          },
          createWriteStream(temporary, { flags: 'wx' }),
        );
      });
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
      await writeWhole(objectPath(key), (temporary) => writeFile(temporary, body, { flag: 'wx' }));
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
