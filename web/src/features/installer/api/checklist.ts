/** The work order's onsite checklist (/search/{WOId}/checkList): read by installers, saved by the assigned one. */
import { type InstallerChecklistSave, InstallerChecklistSchema } from '@strand/domain';
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

/** The assigned installer's save of an install checklist (never completes it). */
export function saveInstallerChecklist(id: number, body: InstallerChecklistSave, key: string) {
  return apiRequest(`/api/installer/work-orders/${id}/checklist`, {
    method: 'PUT',
    body,
    schema: InstallerChecklistSchema,
    headers: { 'Idempotency-Key': key },
  });
}
