import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Upload {
  key: string;
  parts: Map<number, { data: Buffer; etag: string }>;
}

export interface FakeS3Request {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

/**
 * Just enough of S3, path-style, over real HTTP, for the AWS SDK and a browser-like client: multipart
 * uploads (create, part, list, complete, abort), objects (put, get with ranges, head, delete). A
 * pre-signed request must carry a signature that has not expired, and sign no header but `host`
 * (a checksum header in it would break uploads from a browser). Signatures are not recomputed.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  const uploads = new Map<string, Upload>();
  const requests: FakeS3Request[] = [];

  const xml = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };
  const error = (response: ServerResponse, status: number, code: string) =>
    xml(response, status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  const md5 = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

  async function body(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  /** A pre-signed address: refused when expired or when it signs more than the host. */
  function presignRefusal(query: URLSearchParams): string | undefined {
    if (!query.has('X-Amz-Signature')) {
      return undefined;
    }
    const date = query.get('X-Amz-Date') ?? '';
    const started = Date.UTC(
      Number(date.slice(0, 4)),
      Number(date.slice(4, 6)) - 1,
      Number(date.slice(6, 8)),
      Number(date.slice(9, 11)),
      Number(date.slice(11, 13)),
      Number(date.slice(13, 15)),
    );
    if (started + Number(query.get('X-Amz-Expires')) * 1000 < Date.now()) {
      return 'AccessDenied';
    }
    if (query.get('X-Amz-SignedHeaders') !== 'host' || [...query.keys()].some((name) => /checksum/i.test(name))) {
      return 'SignatureDoesNotMatch';
    }
    return undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const query = url.searchParams;
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, query, headers: request.headers });
    if (bucketName !== bucket) {
      return error(response, 404, 'NoSuchBucket');
    }
    if (!query.has('X-Amz-Signature') && !String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
      return error(response, 403, 'AccessDenied');
    }
    const refusal = presignRefusal(query);
    if (refusal) {
      return error(response, 403, refusal);
    }
    const uploadId = query.get('uploadId');

    if (method === 'POST' && query.has('uploads')) {
      const id = randomBytes(24).toString('base64url');
      uploads.set(id, { key, parts: new Map() });
      return xml(
        response,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (uploadId !== null) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) {
        await body(request);
        return error(response, 404, 'NoSuchUpload');
      }
      if (method === 'PUT') {
        const data = await body(request);
        const etag = md5(data);
        upload.parts.set(Number(query.get('partNumber')), { data, etag });
        response.writeHead(200, { etag, 'access-control-expose-headers': 'ETag' });
        response.end();
        return;
      }
      if (method === 'GET') {
        const parts = [...upload.parts.entries()]
          .sort(([left], [right]) => left - right)
          .map(
            ([partNumber, part]) =>
              `<Part><PartNumber>${partNumber}</PartNumber><ETag>${part.etag.replaceAll('"', '&quot;')}</ETag><Size>${part.data.length}</Size></Part>`,
          )
          .join('');
        return xml(
          response,
          200,
          `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
        );
      }
      if (method === 'POST') {
        const text = (await body(request)).toString();
        const wanted = [
          ...text.matchAll(
            /<Part>\s*<ETag>(.*?)<\/ETag>\s*<PartNumber>(\d+)<\/PartNumber>\s*<\/Part>|<Part>\s*<PartNumber>(\d+)<\/PartNumber>\s*<ETag>(.*?)<\/ETag>\s*<\/Part>/g,
          ),
        ].map((match) => ({
          partNumber: Number(match[2] ?? match[3]),
          etag: (match[1] ?? match[4] ?? '').replaceAll('&quot;', '"'),
        }));
        const data: Buffer[] = [];
        for (const part of wanted) {
          const held = upload.parts.get(part.partNumber);
          if (!held || held.etag.replaceAll('"', '') !== part.etag.replaceAll('"', '')) {
            return error(response, 400, 'InvalidPart');
          }
          data.push(held.data);
        }
        const joined = Buffer.concat(data);
        objects.set(key, { data: joined, contentType: 'binary/octet-stream' });
        uploads.delete(uploadId);
        return xml(
          response,
          200,
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${md5(joined)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        response.writeHead(204);
        response.end();
        return;
      }
    }
    if (method === 'PUT') {
      const data = await body(request);
      objects.set(key, { data, contentType: String(request.headers['content-type'] ?? 'binary/octet-stream') });
      response.writeHead(200, { etag: md5(data) });
      response.end();
      return;
    }
    if (method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      response.end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object && method === 'HEAD') {
        response.writeHead(404);
        response.end();
        return;
      }
      if (!object) {
        return error(response, 404, 'NoSuchKey');
      }
      const contentType = query.get('response-content-type') ?? object.contentType;
      const size = object.data.length;
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
      if (range) {
        const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
        const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
        if (start >= size) {
          response.writeHead(416, { 'content-range': `bytes */${size}` });
          response.end();
          return;
        }
        response.writeHead(206, {
          'content-type': contentType,
          'content-length': end - start + 1,
          'content-range': `bytes ${start}-${end}/${size}`,
          'accept-ranges': 'bytes',
        });
        response.end(method === 'HEAD' ? undefined : object.data.subarray(start, end + 1));
        return;
      }
      response.writeHead(200, { 'content-type': contentType, 'content-length': size, 'accept-ranges': 'bytes' });
      response.end(method === 'HEAD' ? undefined : object.data);
      return;
    }
    return error(response, 405, 'MethodNotAllowed');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    uploads,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
