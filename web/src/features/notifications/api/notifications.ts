import { NotificationListSchema } from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['notifications', 'list'] as const;
const UnreadSchema = z.object({ unread: z.number().int() });

/**
 * The signed-in user's notices, newest first, and the unread count: the bell and the centre share this one answer.
 * Asked again every minute while the page is shown and when the window gets the focus back — modest for a phone.
 */
export const notificationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest('/api/notifications?limit=50', { schema: NotificationListSchema, signal }),
    enabled,
    staleTime: 20_000,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

export function useNotifications(enabled = true) {
  return useQuery(notificationsQueryOptions(enabled));
}

/** Marks one notice read (`id`) or all of them (`null`); the list is read again for the new count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      apiRequest(id === null ? '/api/notifications/read-all' : `/api/notifications/${id}/read`, {
        method: 'POST',
        schema: UnreadSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
