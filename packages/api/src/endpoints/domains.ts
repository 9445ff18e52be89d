import type { RequestFunction, RequestOptions } from '../client';
import { okSchema } from '../schemas/common';
import {
  type AddDomain,
  domainListSchema,
  domainResponseSchema,
  widgetSettingsResponseSchema,
} from '../schemas/domains';

/** Domain management: the origins the visitor widget may run on, and the key that names the team. */
export function domainEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/domains`: every allowed origin, oldest first. */
    list: () => request(domainListSchema, 'GET', '/api/domains'),
    /** Admin: `POST /api/domains`, allows one more origin (409 when it is on the list already). */
    add: (body: AddDomain) => request(domainResponseSchema, 'POST', '/api/domains', { body }),
    /** Admin: `DELETE /api/domains/:id`, the widget stops answering that origin. */
    remove: (id: string, options: Pick<RequestOptions, 'keepalive'> = {}) =>
      request(okSchema, 'DELETE', `/api/domains/${encodeURIComponent(id)}`, options),
    /** `GET /api/widget`: the team's widget key. */
    widget: () => request(widgetSettingsResponseSchema, 'GET', '/api/widget'),
    /** Admin: `POST /api/widget/key`, a new key; the old one stops working at once. */
    newWidgetKey: () => request(widgetSettingsResponseSchema, 'POST', '/api/widget/key'),
  };
}
