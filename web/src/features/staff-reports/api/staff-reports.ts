/**
 * The staff reports' calls: one report (work orders, installs per crew, orders per area, receivables aging, payments)
 * as a query keyed by its id and range, and its CSV and PDF downloads.
 */
import { ReportDataSchema, type StaffReportId, type StaffReportParams } from '@strand/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../../lib/api-client';
import { queryString } from '../../../lib/reports/report-view-helpers';

const base = (id: StaffReportId) => `/api/staff/reports/operations/${id}`;

export const getStaffReportQueryOptions = (id: StaffReportId, range: StaffReportParams) =>
  queryOptions({
    queryKey: ['staff', 'reports', id, range] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${base(id)}${queryString({ ...range })}`, { schema: ReportDataSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useStaffReport(id: StaffReportId, range: StaffReportParams) {
  return useQuery(getStaffReportQueryOptions(id, range));
}

export const downloadStaffReport = (id: StaffReportId, range: StaffReportParams, kind: 'csv' | 'pdf') =>
  downloadFile(`${base(id)}/${kind}${queryString({ ...range })}`, `${id}.${kind}`);
