/** Saved work orders on this device, for the Saved WO page, the Download button and the prefetch button. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { askPersistentStorage } from '../../../lib/offline/device-storage';
import { idbSavedWorkOrderStore } from '../../../lib/offline/offline-db';
import { savedKey, sortSaved } from '../../../lib/offline/saved-work-orders';
import { saveAsset } from '../../../lib/saved-assets';
import { downloadWorkOrder, type FetchJson, prefetchWorkOrders } from '../lib/download-work-order';

const fetchJson: FetchJson = (path, schema) => apiRequest(path, { schema });
/** A ticketed file link (the signed link is the permission: no session header). */
async function fetchBlob(path: string): Promise<Blob> {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.blob();
}
const deps = { fetchJson, fetchBlob, store: idbSavedWorkOrderStore, now: () => new Date(), saveAsset };
const KEY = ['offline', 'saved-work-orders'] as const;

/** The user's saved work orders, newest first (the device's own storage: no network needed). */
export const getSavedWorkOrdersQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: [...KEY, userId],
    queryFn: async () => (userId === null ? [] : sortSaved(await idbSavedWorkOrderStore.listByUser(userId))),
    networkMode: 'always',
  });

export function useSavedWorkOrders() {
  return useQuery(getSavedWorkOrdersQueryOptions(useSession().claims?.nUserID ?? null));
}

export const getSavedWorkOrderQueryOptions = (userId: number | null, id: number) =>
  queryOptions({
    queryKey: [...KEY, userId, id],
    // The list entry, not the work order with all its responses: the open of a saved work order reads those once.
    queryFn: async () =>
      userId === null ? null : ((await idbSavedWorkOrderStore.entry(savedKey(userId, id))) ?? null),
    networkMode: 'always',
  });

export function useSavedWorkOrder(id: number) {
  return useQuery(getSavedWorkOrderQueryOptions(useSession().claims?.nUserID ?? null, id));
}

export function useDownloadWorkOrder() {
  const client = useQueryClient();
  const userId = useSession().claims?.nUserID ?? null;
  return useMutation({
    mutationFn: (id: number) => {
      if (userId === null) throw new Error('Sign in to download work orders.');
      // Work kept for offline should not be cleared when the device runs low on space (issue 27).
      void askPersistentStorage();
      return downloadWorkOrder(id, userId, deps);
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
    networkMode: 'always',
  });
}

export function usePrefetchWorkOrders(onProgress: (done: number, total: number) => void) {
  const client = useQueryClient();
  const userId = useSession().claims?.nUserID ?? null;
  return useMutation({
    mutationFn: () => {
      if (userId === null) throw new Error('Sign in to prefetch work orders.');
      void askPersistentStorage();
      return prefetchWorkOrders(userId, deps, onProgress);
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
    networkMode: 'always',
  });
}

export function useDeleteSavedWorkOrder() {
  const client = useQueryClient();
  const userId = useSession().claims?.nUserID ?? null;
  return useMutation({
    mutationFn: async (id: number) => {
      if (userId !== null) await idbSavedWorkOrderStore.remove(savedKey(userId, id));
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
    networkMode: 'always',
  });
}
