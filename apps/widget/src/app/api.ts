import { createRequest, visitorEndpoints } from '@parley/api';

/**
 * No member's token, no XSRF cookie: the visitor's frame speaks for the visitor alone (and takes
 * only the visitor's part of the contract, not the whole client's).
 */
export const api = { visitor: visitorEndpoints(createRequest({ xsrf: false })) };
