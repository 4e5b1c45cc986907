/** The contractor's work orders: home lists, search and last search, one work order, acknowledgement. */
import {
  AcknowledgementSchema,
  ContractorHomeSchema,
  ContractorLastSearchSchema,
  type ContractorSearchInput,
  ContractorSearchResultSchema,
  ContractorWorkOrderSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const contractorKeys = {
  all: ['contractor'] as const,
  home: () => ['contractor', 'home'] as const,
  lastSearch: () => ['contractor', 'last-search'] as const,
  search: (criteria: ContractorSearchInput) => ['contractor', 'search', criteria] as const,
  workOrder: (id: number) => ['contractor', 'work-order', id] as const,
};

export const getContractorHomeQueryOptions = () =>
  queryOptions({
    queryKey: contractorKeys.home(),
    queryFn: ({ signal }) => apiRequest('/api/contractor/home', { schema: ContractorHomeSchema, signal }),
  });

export function useContractorHome() {
  return useQuery(getContractorHomeQueryOptions());
}

/** searchContractorWorkOrders: runs once criteria are set; the server remembers them as the last search. */
export const getWorkOrderSearchQueryOptions = (criteria: ContractorSearchInput | null) =>
  queryOptions({
    queryKey: contractorKeys.search(criteria ?? {}),
    queryFn: ({ signal }) =>
      apiRequest('/api/contractor/work-orders/search', {
        method: 'POST',
        body: criteria,
        schema: ContractorSearchResultSchema,
        signal,
      }),
    enabled: criteria !== null,
    staleTime: 0,
  });

export function useWorkOrderSearch(criteria: ContractorSearchInput | null) {
  return useQuery(getWorkOrderSearchQueryOptions(criteria));
}

/** queryLastWOSearch. */
export const getLastSearchQueryOptions = () =>
  queryOptions({
    queryKey: contractorKeys.lastSearch(),
    queryFn: ({ signal }) =>
      apiRequest('/api/contractor/work-orders/last-search', { schema: ContractorLastSearchSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLastSearch() {
  return useQuery(getLastSearchQueryOptions());
}

export const getContractorWorkOrderQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: contractorKeys.workOrder(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/api/contractor/work-orders/${id}`, { schema: ContractorWorkOrderSchema, signal }),
    enabled: id !== null,
    staleTime: 0,
  });

export function useContractorWorkOrder(id: number | null) {
  return useQuery(getContractorWorkOrderQueryOptions(id));
}

/** updateAcknowledgeWorkOrder (ack); refreshes every contractor list afterwards. */
export function useAcknowledge(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ack: 0 | 1) =>
      apiRequest(`/api/contractor/work-orders/${id}/acknowledgement`, {
        method: 'PUT',
        body: { ack },
        schema: AcknowledgementSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractorKeys.all }),
  });
}
