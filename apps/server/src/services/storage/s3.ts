import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type ListPartsCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config';
import {
  isObjectKey,
  type PartAddress,
  type StoredPart,
  StoreError,
  type UploadHandle,
  type VideoStore,
} from './store';

/** The most parts one ListParts answer holds. */
const LIST_PAGE = 1000;

function errorName(error: unknown): string | undefined {
  return error instanceof S3ServiceException ? error.name : (error as { name?: string } | undefined)?.name;
}

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function checkedKey(key: string): string {
  if (!isObjectKey(key)) {
    throw new Error(`Not an object key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** The origin the browser reaches the bucket at (PUT parts, play videos): for the Content-Security-Policy. */
export function s3Origin(config: S3Config): string {
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    return config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  }
  return config.forcePathStyle
    ? `https://s3.${config.region}.amazonaws.com`
    : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

/**
 * Any S3-compatible store (AWS, MinIO, R2, …) with pre-signed UploadPart and GetObject addresses.
 * The browser talks to the bucket directly; the bucket's CORS rule must allow PUT from the app's
 * origin and expose the ETag header (README).
 */
export function createS3Store(config: S3Config, options: { client?: S3Client } = {}) {
  const client =
    options.client ??
    new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 requires them: a pre-signed part address must not expect a checksum
      // of a body the browser has not sent yet.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;

  /**
   * Pre-signing options until `expiresAt`; `stable` signs as of the hour's start, so a playback
   * address stays the same for a while and browsers can cache the file.
   */
  function signing(expiresAt: Date, stable: boolean) {
    const now = Date.now();
    const signingDate = stable ? new Date(now - (now % 3_600_000)) : new Date(now);
    const expiresIn = Math.min(7 * 24 * 3600, Math.round((expiresAt.getTime() - signingDate.getTime()) / 1000));
    return { expiresIn, signingDate };
  }

  async function listParts(upload: UploadHandle): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    for (;;) {
      let answer: ListPartsCommandOutput;
      try {
        answer = await client.send(
          new ListPartsCommand({
            Bucket,
            Key: checkedKey(upload.key),
            UploadId: upload.uploadId,
            MaxParts: LIST_PAGE,
            ...(marker ? { PartNumberMarker: marker } : {}),
          }),
        );
      } catch (error) {
        if (errorName(error) === 'NoSuchUpload' || status(error) === 404) {
          throw new StoreError('UPLOAD_NOT_FOUND', 'This upload does not exist.');
        }
        throw error;
      }
      for (const part of answer.Parts ?? []) {
        if (part.PartNumber !== undefined && part.ETag && part.Size !== undefined) {
          parts.push({ partNumber: part.PartNumber, size: part.Size, etag: part.ETag });
        }
      }
      if (!answer.IsTruncated || !answer.NextPartNumberMarker) {
        break;
      }
      marker = String(answer.NextPartNumberMarker);
    }
    return parts.sort((left, right) => left.partNumber - right.partNumber);
  }

  const store = {
    kind: 's3',
    origin: s3Origin(config),

    async createUpload(key: string, contentType: string): Promise<string> {
      const answer = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: checkedKey(key), ContentType: contentType }),
      );
      if (!answer.UploadId) {
        throw new Error('The store gave no upload id.');
      }
      return answer.UploadId;
    },

    async presignParts(upload: UploadHandle, partNumbers: number[], expiresAt: Date): Promise<PartAddress[]> {
      return Promise.all(
        partNumbers.map(async (partNumber) => ({
          partNumber,
          url: await getSignedUrl(
            client,
            new UploadPartCommand({
              Bucket,
              Key: checkedKey(upload.key),
              UploadId: upload.uploadId,
              PartNumber: partNumber,
            }),
            signing(expiresAt, false),
          ),
          expiresAt,
        })),
      );
    },

    listParts,

    async completeUpload(
      upload: UploadHandle,
      parts: { partNumber: number; etag: string }[],
      options: { signal?: AbortSignal } = {},
    ): Promise<void> {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: checkedKey(upload.key),
            UploadId: upload.uploadId,
            MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
          }),
          options.signal ? { abortSignal: options.signal } : {},
        );
      } catch (error) {
        const name = errorName(error);
        if (name === 'NoSuchUpload') {
          throw new StoreError('UPLOAD_NOT_FOUND', 'This upload does not exist.');
        }
        if (name === 'InvalidPart' || name === 'InvalidPartOrder') {
          throw new StoreError('PART_MISMATCH', 'A part has not arrived whole; send it again.');
        }
        if (name === 'EntityTooSmall') {
          throw new StoreError('PART_TOO_SMALL', 'Every part but the last must have at least 5 MiB.');
        }
        throw error;
      }
    },

    async abortUpload(upload: UploadHandle): Promise<void> {
      try {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket, Key: checkedKey(upload.key), UploadId: upload.uploadId }),
        );
      } catch (error) {
        if (errorName(error) !== 'NoSuchUpload' && status(error) !== 404) {
          throw error;
        }
      }
    },

    async readRange(key: string, start: number, length: number): Promise<Buffer> {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: `bytes=${start}-${start + length - 1}` }),
        );
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        // A range that starts past the end of the object.
        if (status(error) === 416) {
          return Buffer.alloc(0);
        }
        throw error;
      }
    },

    async size(key: string): Promise<number | null> {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return answer.ContentLength ?? null;
      } catch (error) {
        if (errorName(error) === 'NotFound' || status(error) === 404) {
          return null;
        }
        throw error;
      }
    },

    async put(key: string, body: Buffer, contentType: string): Promise<void> {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentType: contentType }));
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },

    async downloadUrl(key: string, contentType: string, expiresAt: Date): Promise<string> {
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: checkedKey(key), ResponseContentType: contentType }),
        signing(expiresAt, true),
      );
    },

    async ffmpegInput(key: string): Promise<string> {
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: checkedKey(key) }),
        signing(new Date(Date.now() + 3_600_000), false),
      );
    },
  } satisfies VideoStore & Record<string, unknown>;
  return store;
}
export type S3Store = ReturnType<typeof createS3Store>;
