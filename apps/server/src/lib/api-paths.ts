/** Paths that are not the web app's pages: the API, the socket, files and uploads, the mailbox. */
export const API_PREFIXES = ['/api/', '/common/', '/dev/', '/ws', '/files/', '/uploads/'];

/** Whether a request path (query left off) is one of them. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}
