/** The work order's onsite checklist, read-only for installers (/search/{WOId}/checkList). */
import { InstallerChecklistSchema } from '@strand/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getViewQueryOptions } from './work-order';

/** A view of the work order like the others: offline, Download's copy answers (issue 27). */
export const getInstallerChecklistQueryOptions = (id: number) =>
  getViewQueryOptions(id, '/checklist', InstallerChecklistSchema);

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
