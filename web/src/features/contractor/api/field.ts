/** Calendar events, map data and restoration tickets. */
import {
  ContractorCalendarEventListSchema,
  ContractorMapDataSchema,
  RestorationNoteSchema,
  RestorationTicketListSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** getCalendarEvents for the visible range. */
export function fetchCalendarEvents(start: Date, end: Date, signal?: AbortSignal) {
  const query = new URLSearchParams({ start: start.toISOString(), end: end.toISOString() });
  return apiRequest(`/api/contractor/calendar-events?${query}`, {
    schema: ContractorCalendarEventListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const getCalendarEventsQueryOptions = (start: Date, end: Date) =>
  queryOptions({
    queryKey: ['contractor', 'calendar', start.toISOString(), end.toISOString()],
    queryFn: ({ signal }) => fetchCalendarEvents(start, end, signal),
  });

export function useCalendarEvents(start: Date, end: Date) {
  return useQuery(getCalendarEventsQueryOptions(start, end));
}

/** getMapData (with the GIS object ids). */
export const getMapDataQueryOptions = () =>
  queryOptions({
    queryKey: ['contractor', 'map-data'],
    queryFn: ({ signal }) => apiRequest('/api/contractor/map-data', { schema: ContractorMapDataSchema, signal }),
  });

export function useMapData() {
  return useQuery(getMapDataQueryOptions());
}

const ticketsKey = ['contractor', 'restoration-tickets'] as const;

/** selectRestorationTickets. */
export const getRestorationTicketsQueryOptions = (status: string) =>
  queryOptions({
    queryKey: [...ticketsKey, status],
    queryFn: ({ signal }) =>
      apiRequest(`/api/contractor/restoration-tickets${status ? `?status=${encodeURIComponent(status)}` : ''}`, {
        schema: RestorationTicketListSchema,
        signal,
      }),
  });

export function useRestorationTickets(status: string) {
  return useQuery(getRestorationTicketsQueryOptions(status));
}

/** addRestorationTicketNote. */
export function useAddRestorationNote(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ txtNote, key }: { txtNote: string; key: string }) =>
      apiRequest(`/api/contractor/restoration-tickets/${ticketId}/notes`, {
        method: 'POST',
        body: { txtNote },
        schema: RestorationNoteSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}
