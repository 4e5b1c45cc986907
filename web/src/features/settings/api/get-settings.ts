import { SettingsSchema } from '@strand/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const settingsQueryKey = (nUserID: number) => ['settings', nUserID] as const;

export function getSettings(signal?: AbortSignal) {
  return apiRequest('/api/settings', { schema: SettingsSchema, ...(signal ? { signal } : {}) });
}

/** The signed-in user's settings; disabled while nobody is signed in. */
export function useSettings(nUserID: number | undefined) {
  return useQuery({
    queryKey: settingsQueryKey(nUserID ?? 0),
    queryFn: ({ signal }) => getSettings(signal),
    enabled: nUserID !== undefined,
    staleTime: 5 * 60_000,
  });
}
