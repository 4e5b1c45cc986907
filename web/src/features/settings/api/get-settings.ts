import { SettingsSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const settingsQueryKey = (nUserID: number) => ['settings', nUserID] as const;

export function getSettings(signal?: AbortSignal) {
  return apiRequest('/api/settings', { schema: SettingsSchema, ...(signal ? { signal } : {}) });
}

/** The signed-in user's settings; disabled while nobody is signed in. */
export const getSettingsQueryOptions = (nUserID: number | undefined) =>
  queryOptions({
    queryKey: settingsQueryKey(nUserID ?? 0),
    queryFn: ({ signal }) => getSettings(signal),
    enabled: nUserID !== undefined,
    staleTime: 5 * 60_000,
  });

export function useSettings(nUserID: number | undefined) {
  return useQuery(getSettingsQueryOptions(nUserID));
}
