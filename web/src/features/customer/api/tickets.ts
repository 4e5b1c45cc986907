import {
  BusinessCenterRequestListSchema,
  BusinessCenterRequestSchema,
  type NewBusinessCenterRequest,
  type NewTroubleTicket,
  TroubleTicketListSchema,
  TroubleTicketSchema,
} from '@strand/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKeys } from './customer-account';

/** getTroubleTickets (ServiceLocationID) */
export function useTroubleTickets(serviceLocationId: number | null) {
  return useQuery({
    queryKey: customerKeys.tickets(serviceLocationId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/service-locations/${serviceLocationId}/trouble-tickets`, {
        schema: TroubleTicketListSchema,
        signal,
      }),
    enabled: serviceLocationId !== null,
  });
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
export function useBusinessCenterRequests(enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.businessCenter,
    queryFn: ({ signal }) =>
      apiRequest('/api/customer/business-center/requests', { schema: BusinessCenterRequestListSchema, signal }),
    enabled,
  });
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
