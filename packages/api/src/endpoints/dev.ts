import type { RequestFunction } from '../client';
import { outboxListSchema } from '../schemas/outbox';

/** The development mailbox: what went to the outbox while no SMTP server or SMS provider is set. */
export function devEndpoints(request: RequestFunction) {
  return {
    outbox: (to?: string) => request(outboxListSchema, 'GET', '/api/dev/outbox', { query: { to }, auth: false }),
  };
}
