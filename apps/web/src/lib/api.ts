import { createApiClient } from '@parley/api';
import { storedToken } from './storage';

/** The API client of the app: base address from the build (`VITE_API_URL`), token from storage. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_URL ?? '',
  getToken: storedToken,
});
