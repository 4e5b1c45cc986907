/** The work order's onsite checklist (/search/{WOId}/checkList): read by installers, saved by the assigned one. */
import { type InstallerChecklistSave, InstallerChecklistSchema } from '@strand/domain';
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

/** The assigned installer's save of an install checklist (never completes it). */
export function saveInstallerChecklist(id: number, body: InstallerChecklistSave, key: string) {
  return apiRequest(`/api/installer/work-orders/${id}/checklist`, {
    method: 'PUT',
    body,
    schema: InstallerChecklistSchema,
    headers: { 'Idempotency-Key': key },
  });
}
