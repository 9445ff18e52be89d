import { PartUploadError, type PutPart, UploadCancelledError } from './upload-manager';

/**
 * PUTs a part with XMLHttpRequest, which (unlike fetch) reports upload progress: the body is the
 * part's bytes, the Content-Type the video's, and no bearer token (the URL is pre-signed). The
 * ETag of the answer names the part for completing the upload.
 */
export function createXhrPutPart(XhrImpl: typeof XMLHttpRequest = XMLHttpRequest): PutPart {
  return ({ url, body, contentType, signal, onProgress }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new UploadCancelledError());
        return;
      }
      const xhr = new XhrImpl();
      const onAbort = () => xhr.abort();
      const settle = () => signal.removeEventListener('abort', onAbort);
      xhr.open('PUT', url);
      xhr.setRequestHeader('Content-Type', contentType);
      xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded));
      xhr.addEventListener('load', () => {
        settle();
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(body.size);
          resolve({ etag: xhr.getResponseHeader('ETag') });
        } else {
          reject(new PartUploadError(xhr.status));
        }
      });
      xhr.addEventListener('error', () => {
        settle();
        reject(new PartUploadError(0));
      });
      xhr.addEventListener('timeout', () => {
        settle();
        reject(new PartUploadError(0, 'Part upload timed out'));
      });
      xhr.addEventListener('abort', () => {
        settle();
        reject(new UploadCancelledError());
      });
      signal.addEventListener('abort', onAbort, { once: true });
      xhr.send(body);
    });
}
