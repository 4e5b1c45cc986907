/** The subscriber lists' and notices' calls (issue 13 part 5, network staff), typed by the domain's schemas. */
import {
  NoticeDetailSchema,
  type NoticeDraft,
  NoticeListSchema,
  NoticePreviewSchema,
  NoticeSummarySchema,
  type SubscriberFilter,
  type SubscriberListQuery,
  SubscriberListSchema,
  SubscriberOptionsSchema,
} from '@strand/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../../lib/api-client';

export const subscribersKeys = {
  options: ['subscribers', 'options'] as const,
  list: (query: SubscriberListQuery) => ['subscribers', 'list', query] as const,
  notices: ['subscribers', 'notices'] as const,
  notice: (id: number, page: number) => ['subscribers', 'notices', id, page] as const,
};

/** The query string of a list or export: only the values given. */
export function subscriberQueryString(query: SubscriberListQuery | SubscriberFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const getSubscriberOptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscribersKeys.options,
    queryFn: ({ signal }) => apiRequest('/api/staff/subscribers/options', { schema: SubscriberOptionsSchema, signal }),
    staleTime: 5 * 60_000,
  });

export function useSubscriberOptions() {
  return useQuery(getSubscriberOptionsQueryOptions());
}

export const getSubscribersQueryOptions = (query: SubscriberListQuery) =>
  queryOptions({
    queryKey: subscribersKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest(`/api/staff/subscribers${subscriberQueryString(query)}`, { schema: SubscriberListSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useSubscribers(query: SubscriberListQuery) {
  return useQuery(getSubscribersQueryOptions(query));
}

export function downloadSubscribersCsv(query: SubscriberListQuery): Promise<void> {
  const { page: _page, pageSize: _size, ...rest } = query;
  return downloadFile(`/api/staff/subscribers/csv${subscriberQueryString(rest)}`, 'subscribers.csv');
}

export function previewNotice(draft: NoticeDraft) {
  return apiRequest('/api/staff/notices/preview', { method: 'POST', body: draft, schema: NoticePreviewSchema });
}

/** Sends a notice under the draft's Idempotency-Key: a second click with the same key answers the same notice. */
export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, key }: { draft: NoticeDraft; key: string }) =>
      apiRequest('/api/staff/notices', {
        method: 'POST',
        body: draft,
        headers: { 'Idempotency-Key': key },
        schema: NoticeSummarySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscribersKeys.notices }),
  });
}

const isBusy = (status: string | undefined) => status === 'queued' || status === 'sending';

export const getNoticesQueryOptions = () =>
  queryOptions({
    queryKey: subscribersKeys.notices,
    queryFn: ({ signal }) => apiRequest('/api/staff/notices', { schema: NoticeListSchema, signal }),
    // While a notice goes out, its counts move: look again every few seconds.
    refetchInterval: (q) => (q.state.data?.notices.some((n) => isBusy(n.status)) ? 3_000 : false),
  });

export function useNotices() {
  return useQuery(getNoticesQueryOptions());
}

export const getNoticeQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: subscribersKeys.notice(id, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/staff/notices/${id}${page > 1 ? `?page=${page}` : ''}`, { schema: NoticeDetailSchema, signal }),
    refetchInterval: (q) => (isBusy(q.state.data?.status) ? 3_000 : false),
    placeholderData: keepPreviousData,
  });

export function useNotice(id: number, page: number) {
  return useQuery(getNoticeQueryOptions(id, page));
}

export function downloadRecipientsCsv(id: number): Promise<void> {
  return downloadFile(`/api/staff/notices/${id}/recipients/csv`, `notice-${id}-recipients.csv`);
}
