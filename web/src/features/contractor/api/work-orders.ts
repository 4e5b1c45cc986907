/** The contractor's work orders: home lists, search and last search, one work order, acknowledgement. */
import {
  AcknowledgementSchema,
  type ContractorHomeList,
  ContractorHomeSchema,
  type ContractorLastSearch,
  ContractorLastSearchSchema,
  type ContractorSearchInput,
  type ContractorSearchResult,
  ContractorSearchResultSchema,
  ContractorSearchSchema,
  ContractorWorkOrderSchema,
} from '@strand/domain';
import { hashKey, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, arrivedAnswer } from '../../../lib/api-client';

export const contractorKeys = {
  all: ['contractor'] as const,
  home: (show: ContractorHomeList, offset: number) => ['contractor', 'home', show, offset] as const,
  lastSearch: () => ['contractor', 'last-search'] as const,
  search: (criteria: ContractorSearchInput) => ['contractor', 'search', criteria] as const,
  workOrder: (id: number) => ['contractor', 'work-order', id] as const,
};

/** Contractor Home: the tiles' counts and one page of the list `show`; the page before stays while the next loads. */
export const getContractorHomeQueryOptions = (show: ContractorHomeList, offset: number) =>
  queryOptions({
    queryKey: contractorKeys.home(show, offset),
    queryFn: ({ signal }) =>
      apiRequest(`/api/contractor/home?${new URLSearchParams({ show, offset: String(offset) })}`, {
        schema: ContractorHomeSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useContractorHome(show: ContractorHomeList, offset: number) {
  return useQuery(getContractorHomeQueryOptions(show, offset));
}

/**
 * How long a search's answer counts as fresh when the page comes back to it: the page's first search, answered with
 * the last search (firstAnswer), is not asked again as the page starts. Search and Clear always ask (useRunSearch),
 * so the server remembers what the user asked for; acknowledging and saving a checklist refresh at once.
 */
const SEARCH_FRESH_MS = 30_000;

/** An answer the search starts with, as of when it was read (react-query initialData). */
export interface FirstAnswer {
  result: ContractorSearchResult;
  readAt: number;
}

/** searchContractorWorkOrders: runs once criteria are set; the server remembers them as the last search. */
export const getWorkOrderSearchQueryOptions = (criteria: ContractorSearchInput | null, first?: FirstAnswer) =>
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
    staleTime: SEARCH_FRESH_MS,
    initialData: first?.result,
    initialDataUpdatedAt: first?.readAt,
  });

const sameSearch = (a: ContractorSearchInput, b: ContractorSearchInput) =>
  hashKey(contractorKeys.search(a)) === hashKey(contractorKeys.search(b));

/**
 * queryLastWOSearch answers the page's first search too (ContractorLastSearch.first): its answer when it is the
 * search the page runs (`criteria`, the same keys and values in any order), else nothing.
 */
export function firstAnswer(
  last: ContractorLastSearch | undefined,
  readAt: number,
  criteria: ContractorSearchInput | null,
): FirstAnswer | undefined {
  const first = last?.first;
  return first && criteria && sameSearch(first.criteria, criteria) ? { result: first.result, readAt } : undefined;
}

/**
 * The search of `criteria`, starting with `first` when the cache holds none. A successful answer becomes the cached
 * last search too, as the server remembers it, so the page restores it when it comes back.
 */
export function useWorkOrderSearch(criteria: ContractorSearchInput | null, first?: FirstAnswer) {
  const queryClient = useQueryClient();
  const search = useQuery(getWorkOrderSearchQueryOptions(criteria, first));
  const { data, dataUpdatedAt, isFetched } = search;
  useEffect(() => {
    // An answer the search started with (`first`) was not asked for: the server remembers nothing new.
    const saved = criteria && data && isFetched ? ContractorSearchSchema.safeParse(criteria) : undefined;
    if (!saved?.success || !data) return;
    queryClient.setQueryData<ContractorLastSearch>(contractorKeys.lastSearch(), {
      criteria: saved.data,
      savedAt: new Date(dataUpdatedAt).toISOString(),
      first: { criteria: saved.data, result: data },
    });
  }, [criteria, data, dataUpdatedAt, isFetched, queryClient]);
  return search;
}

/**
 * Search and Clear: run the search of `next` now, even when its answer is cached or it is the search on screen (the
 * server remembers each search the user asks for as the last one).
 */
export function useRunSearch(
  current: ContractorSearchInput | null,
  setCriteria: (next: ContractorSearchInput) => void,
) {
  const queryClient = useQueryClient();
  return (next: ContractorSearchInput) => {
    const key = contractorKeys.search(next);
    if (current && sameSearch(current, next)) void queryClient.refetchQueries({ queryKey: key, exact: true });
    else void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    setCriteria(next);
  };
}

/** Everything of the contractor's but the last search, which the page keeps as its searches answer. */
export const contractorListsButLastSearch = {
  queryKey: contractorKeys.all,
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== 'last-search',
};

const LAST_SEARCH_PATH = '/api/contractor/work-orders/last-search';

/** queryLastWOSearch; on the app's first load its early answer, when it came before the page (arrivedAnswer). */
export const getLastSearchQueryOptions = () =>
  queryOptions({
    queryKey: contractorKeys.lastSearch(),
    queryFn: ({ signal }) => apiRequest(LAST_SEARCH_PATH, { schema: ContractorLastSearchSchema, signal }),
    initialData: () => arrivedAnswer(LAST_SEARCH_PATH, ContractorLastSearchSchema),
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
    onSuccess: () => queryClient.invalidateQueries(contractorListsButLastSearch),
  });
}
