import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/query-client';

/** `POST /api/leads`: a contact or demo request, kept as a lead and announced to the team's admins. */
export function useCreateLead(callbacks?: MutationCallbacks<typeof api.leads.create>) {
  return useMutation({ ...callbacks, mutationFn: api.leads.create });
}
