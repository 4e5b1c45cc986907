/**
 * The Services page's second half (issue 14): the fax outbox and sending, TV app credentials, wholesale circuits and
 * viewWholesaleReport. Query options next to each fetcher; the middleware and the carrier are the server's business.
 */
import {
  FaxOutboxSchema,
  type SentFax,
  SentFaxSchema,
  TvCredentialsSchema,
  TvServiceSchema,
  type WholesaleReportParams,
  WholesaleReportSchema,
  WholesaleServicesSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, downloadFile, uploadForm } from '../../../lib/api-client';

export const customerServicesKeys = {
  outbox: ['services', 'fax', 'outbox'] as const,
  tv: ['services', 'tv'] as const,
  wholesale: ['services', 'wholesale'] as const,
  wholesaleReport: (params: WholesaleReportParams) => ['reports', 'wholesale', params] as const,
};

const active = (fax: SentFax) => fax.status === 'queued' || fax.status === 'sending';

/** The outbox and its queue; refetched every 2 s while a fax is queued or sending, so its state moves on screen. */
export const getFaxOutboxQueryOptions = () =>
  queryOptions({
    queryKey: customerServicesKeys.outbox,
    queryFn: ({ signal }) => apiRequest('/api/customer/services/fax/outbox', { schema: FaxOutboxSchema, signal }),
    refetchInterval: (query) => (query.state.data?.faxes.some(active) ? 2000 : false),
  });

export function useFaxOutbox() {
  return useQuery(getFaxOutboxQueryOptions());
}

export interface SendFaxInput {
  faxNumberId: number;
  to: string;
  coverPage: boolean;
  coverNote: string;
  files: readonly File[];
  /** One key per fax being written: a retried send never queues it twice. */
  idempotencyKey: string;
}

export function sendFax(input: SendFaxInput) {
  const form = new FormData();
  form.append('to', input.to);
  form.append('coverPage', String(input.coverPage));
  form.append('coverNote', input.coverPage ? input.coverNote : '');
  input.files.forEach((file, i) => {
    form.append(`file_${i + 1}`, file, file.name);
  });
  return uploadForm(
    `/api/customer/services/fax/${input.faxNumberId}/outbox`,
    form,
    SentFaxSchema,
    input.idempotencyKey,
  );
}

export function useSendFax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFax,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerServicesKeys.outbox }),
  });
}

export function useRetryFax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sentFaxId: number) =>
      apiRequest(`/api/customer/services/fax/outbox/${sentFaxId}/retry`, { method: 'POST', schema: SentFaxSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerServicesKeys.outbox }),
  });
}

/** Download what was sent: the cover page or one of the fax's files. */
export const downloadSentFaxFile = (sentFaxId: number, fileId: number, name: string) =>
  downloadFile(`/api/customer/services/fax/outbox/${sentFaxId}/files/${fileId}`, name);

// ---- TV ---------------------------------------------------------------------------------------------------------

export const getTvServiceQueryOptions = () =>
  queryOptions({
    queryKey: customerServicesKeys.tv,
    queryFn: ({ signal }) => apiRequest('/api/customer/services/tv', { schema: TvServiceSchema, signal }),
  });

export function useTvService() {
  return useQuery(getTvServiceQueryOptions());
}

/** Reveal or reset: asked of the TV middleware by the server each time, never kept in the query cache. */
export function useTvCredentials() {
  return useMutation({
    mutationFn: (action: 'reveal' | 'reset') =>
      apiRequest(`/api/customer/services/tv/credentials/${action}`, { method: 'POST', schema: TvCredentialsSchema }),
  });
}

// ---- wholesale ------------------------------------------------------------------------------------------------

export const getWholesaleServicesQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: customerServicesKeys.wholesale,
    queryFn: ({ signal }) =>
      apiRequest('/api/customer/services/wholesale', { schema: WholesaleServicesSchema, signal }),
    enabled,
  });

export function useWholesaleServices(enabled: boolean) {
  return useQuery(getWholesaleServicesQueryOptions(enabled));
}

const rangeQuery = (params: WholesaleReportParams) => {
  const search = new URLSearchParams();
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** viewWholesaleReport */
export const getWholesaleReportQueryOptions = (params: WholesaleReportParams) =>
  queryOptions({
    queryKey: customerServicesKeys.wholesaleReport(params),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/reports/wholesale${rangeQuery(params)}`, { schema: WholesaleReportSchema, signal }),
  });

export function useWholesaleReport(params: WholesaleReportParams) {
  return useQuery(getWholesaleReportQueryOptions(params));
}

export const downloadWholesaleCsv = (params: WholesaleReportParams) =>
  downloadFile(`/api/customer/reports/wholesale/csv${rangeQuery(params)}`, 'wholesale-report.csv');
export const downloadWholesalePdf = (params: WholesaleReportParams) =>
  downloadFile(`/api/customer/reports/wholesale/pdf${rangeQuery(params)}`, 'wholesale-report.pdf');
