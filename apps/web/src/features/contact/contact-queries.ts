import { api } from '../../lib/api';
import { type RequestCallbacks, useRequest } from '../../lib/use-request';

/**
 * `POST /api/leads`: a contact or demo request, kept as a lead and announced to the team's admins.
 * A public page's one request: no query cache (lib/use-request).
 */
export function useCreateLead(callbacks?: RequestCallbacks<typeof api.leads.create>) {
  return useRequest(api.leads.create, callbacks);
}
