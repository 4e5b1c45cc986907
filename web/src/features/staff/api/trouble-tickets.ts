import {
  STAFF_TICKET_FILTERS,
  StaffTicketListSchema,
  type TICKET_STATUSES,
  TroubleTicketPageSchema,
} from '@strand/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TicketFilter = (typeof STAFF_TICKET_FILTERS)[number];
export const isTicketFilter = (v: string | null): v is TicketFilter =>
  (STAFF_TICKET_FILTERS as readonly string[]).includes(v ?? '');

export const getStaffTicketsQueryOptions = (status: TicketFilter) =>
  queryOptions({
    queryKey: ['staff', 'tickets', status],
    queryFn: ({ signal }) =>
      apiRequest(`/api/staff/trouble-tickets?status=${status}`, { schema: StaffTicketListSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useStaffTickets(status: TicketFilter) {
  return useQuery(getStaffTicketsQueryOptions(status));
}

export const getStaffTicketQueryOptions = (ticketId: number) =>
  queryOptions({
    queryKey: ['staff', 'ticket', ticketId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/staff/trouble-tickets/${ticketId}`, { schema: TroubleTicketPageSchema, signal }),
  });

export function useStaffTicket(ticketId: number) {
  return useQuery(getStaffTicketQueryOptions(ticketId));
}

/** Answers the ticket with a status; the page is replaced by the server's answer and the lists are read again. */
export function useAnswerTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; status: (typeof TICKET_STATUSES)[number] }) =>
      apiRequest(`/api/staff/trouble-tickets/${ticketId}/answers`, {
        method: 'POST',
        body,
        schema: TroubleTicketPageSchema,
      }),
    onSuccess: async (page) => {
      queryClient.setQueryData(getStaffTicketQueryOptions(ticketId).queryKey, page);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'tickets'] });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'home'] });
      // The ticket's history on the page shows the answer as its newest entry.
      await queryClient.invalidateQueries({ queryKey: ['staff', 'history', 'ticket', String(ticketId)] });
    },
  });
}
