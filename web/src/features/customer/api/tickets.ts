import {
  BusinessCenterCategoryListSchema,
  BusinessCenterRequestListSchema,
  BusinessCenterRequestSchema,
  type NewBusinessCenterRequest,
  type NewTroubleTicket,
  TicketCategoryListSchema,
  TroubleTicketListSchema,
  TroubleTicketPageSchema,
  TroubleTicketSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKeys } from './customer-account';

/** getTroubleTickets (ServiceLocationID) */
export const getTroubleTicketsQueryOptions = (serviceLocationId: number | null) =>
  queryOptions({
    queryKey: customerKeys.tickets(serviceLocationId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/service-locations/${serviceLocationId}/trouble-tickets`, {
        schema: TroubleTicketListSchema,
        signal,
      }),
    enabled: serviceLocationId !== null,
  });

export function useTroubleTickets(serviceLocationId: number | null) {
  return useQuery(getTroubleTicketsQueryOptions(serviceLocationId));
}

/** submitNewTroubleTicket */
export function useSubmitTroubleTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      serviceLocationId,
      input,
      key,
    }: {
      serviceLocationId: number;
      input: NewTroubleTicket;
      key: string;
    }) =>
      apiRequest(`/api/customer/service-locations/${serviceLocationId}/trouble-tickets`, {
        method: 'POST',
        body: input,
        schema: TroubleTicketSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: (ticket) => queryClient.invalidateQueries({ queryKey: customerKeys.tickets(ticket.ServiceLocationID) }),
  });
}

/** getBusinessCenterRequestTickets */
export const getBusinessCenterRequestsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: customerKeys.businessCenter,
    queryFn: ({ signal }) =>
      apiRequest('/api/customer/business-center/requests', { schema: BusinessCenterRequestListSchema, signal }),
    enabled,
  });

export function useBusinessCenterRequests(enabled: boolean) {
  return useQuery(getBusinessCenterRequestsQueryOptions(enabled));
}

/** createBusinessCenterRequestTicket */
export function useCreateBusinessCenterRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: NewBusinessCenterRequest; key: string }) =>
      apiRequest('/api/customer/business-center/requests', {
        method: 'POST',
        body: input,
        schema: BusinessCenterRequestSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.businessCenter }),
  });
}

/** Business center categories: the ones a new request may be filed under (staff manage the list). */
export const getBusinessCenterCategoriesQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['customer', 'business-center', 'categories'] as const,
    queryFn: ({ signal }) =>
      apiRequest('/api/customer/business-center/categories', { schema: BusinessCenterCategoryListSchema, signal }),
    enabled,
  });

export function useBusinessCenterCategories(enabled: boolean) {
  return useQuery(getBusinessCenterCategoriesQueryOptions(enabled));
}

/** A trouble ticket's page: status, what was submitted, the expected response time and the timeline. */
export function useTroubleTicketPage(ticketId: number) {
  return useQuery({
    queryKey: ['customer', 'ticket', ticketId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/trouble-tickets/${ticketId}`, { schema: TroubleTicketPageSchema, signal }),
  });
}

/** The expected response time of each category (shown when reporting a problem). */
export function useTicketCategories() {
  return useQuery({
    queryKey: ['customer', 'ticket-categories'],
    queryFn: ({ signal }) =>
      apiRequest('/api/customer/trouble-tickets/categories', { schema: TicketCategoryListSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** A reply to a ticket; the page (and the location's list, whose status may change) refresh. */
export function useReplyToTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest(`/api/customer/trouble-tickets/${ticketId}/replies`, {
        method: 'POST',
        body: { body },
        schema: TroubleTicketPageSchema,
      }),
    onSuccess: (page) => {
      queryClient.setQueryData(['customer', 'ticket', ticketId], page);
      return queryClient.invalidateQueries({ queryKey: customerKeys.tickets(page.ServiceLocationID) });
    },
  });
}
