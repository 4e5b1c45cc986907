import { type Settings, SettingsSchema } from '@strand/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export function saveSettings(settings: Settings) {
  return apiRequest('/api/settings', { method: 'PUT', body: settings, schema: SettingsSchema });
}

/** Saves the settings and puts the saved copy in the cache, so the header shows the new theme at once. */
export function useSaveSettings(nUserID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey(nUserID), saved),
  });
}
