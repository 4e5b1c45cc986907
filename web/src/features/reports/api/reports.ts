/**
 * The Reports page's calls (SPEC §7 Reports): viewPhoneReport and viewBusinessReport as queries keyed by their
 * filters, and the downloads the server makes (phone CSV, downloadBusinessReport CSV, viewDownloadBusinessReport PDF),
 * fetched with the session's token and saved as files.
 */
import {
  type BusinessReportParams,
  BusinessReportSchema,
  type PhoneReportFilter,
  PhoneReportSchema,
} from '@strand/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../../lib/api-client';

/** The query string of the filled-in values only. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const reportKeys = {
  phone: (params: PhoneReportFilter & { page: number; pageSize: number }) =>
    ['customer', 'reports', 'phone', params] as const,
  business: (params: BusinessReportParams) => ['customer', 'reports', 'business', params] as const,
};

/** viewPhoneReport: totals and one page of calls; the previous page stays on screen while the next loads. */
export const getPhoneReportQueryOptions = (params: PhoneReportFilter & { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: reportKeys.phone(params),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/reports/phone${queryString({ ...params })}`, { schema: PhoneReportSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function usePhoneReport(params: PhoneReportFilter & { page: number; pageSize: number }) {
  return useQuery(getPhoneReportQueryOptions(params));
}

/** viewBusinessReport */
export const getBusinessReportQueryOptions = (params: BusinessReportParams) =>
  queryOptions({
    queryKey: reportKeys.business(params),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/reports/business${queryString({ ...params })}`, {
        schema: BusinessReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useBusinessReport(params: BusinessReportParams) {
  return useQuery(getBusinessReportQueryOptions(params));
}

export const downloadPhoneCsv = (filter: PhoneReportFilter) =>
  downloadFile(`/api/customer/reports/phone/csv${queryString({ ...filter })}`, 'phone-report.csv');

/** downloadBusinessReport */
export const downloadBusinessCsv = (range: BusinessReportParams) =>
  downloadFile(`/api/customer/reports/business/csv${queryString({ ...range })}`, 'business-report.csv');

/** viewDownloadBusinessReport */
export const downloadBusinessPdf = (range: BusinessReportParams) =>
  downloadFile(`/api/customer/reports/business/pdf${queryString({ ...range })}`, 'business-report.pdf');
