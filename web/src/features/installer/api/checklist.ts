/** The work order's onsite checklist, read-only for installers (/search/{WOId}/checkList). */
import { InstallerChecklistSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getInstallerChecklistQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['installer', 'work-order', id, '/checklist'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/installer/work-orders/${id}/checklist`, { schema: InstallerChecklistSchema, signal }),
  });

export function useInstallerChecklist(id: number) {
  return useQuery(getInstallerChecklistQueryOptions(id));
}

/** Completes an install work order (the installer confirmed all assets are moved); answers the checklist. */
export function completeInstall(id: number, notes: string, key: string) {
  return apiRequest(`/api/installer/work-orders/${id}/complete`, {
    method: 'POST',
    body: { assetsMovedConfirmed: true, ...(notes.trim() ? { notes } : {}) },
    schema: InstallerChecklistSchema,
    headers: { 'Idempotency-Key': key },
  });
}
