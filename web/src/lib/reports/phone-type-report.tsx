/**
 * The nine phone report types of SPEC §9 on a page: pick a type, its range (a month for the Full Month Report) and
 * the filters it takes, then the report (ReportView) with CSV and PDF. The business customer's Reports page uses it
 * for its own account; the staff reports page for the business customer staff picked (`vcCustomerID`).
 */
import {
  CALL_DIRECTIONS,
  PHONE_REPORT_TYPES,
  type PhoneReportType,
  type PhoneTypeReportParams,
  PhoneTypeReportQuerySchema,
  phoneReportTypeOf,
  ReportDataSchema,
  resolveDayRange,
} from '@strand/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Skeleton } from '../../lib/ui/skeleton';
import { apiRequest, downloadFile, errorMessage } from '../api-client';
import { formErrorsFrom, NO_ERRORS } from '../form-errors';
import { Button } from '../ui/button';
import { DateField, MonthField } from '../ui/date-time-field';
import { Form } from '../ui/form';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/parts';
import { TextField } from '../ui/text-field';
import { useForm } from '../use-form';
import { queryString, ReportView } from './report-view-helpers';

const todayUtc = () => new Date().toISOString().slice(0, 10);

interface Values {
  type: string;
  from: string;
  to: string;
  month: string;
  direction: string;
  number: string;
}

function defaults(): Values {
  const range = resolveDayRange({}, todayUtc());
  return {
    type: 'summary',
    from: range.ok ? range.from : '',
    to: range.ok ? range.to : '',
    month: todayUtc().slice(0, 7),
    direction: '',
    number: '',
  };
}

/** What a type asks the server for: its range and only the filters it takes. */
function paramsOf(v: Values): PhoneTypeReportParams {
  const type = phoneReportTypeOf(v.type as PhoneReportType);
  const filters: readonly string[] = type.filters;
  if (type.range === 'month') return { month: v.month || undefined };
  return {
    from: v.from || undefined,
    to: v.to || undefined,
    direction: (filters.includes('direction')
      ? v.direction || undefined
      : undefined) as PhoneTypeReportParams['direction'],
    number: filters.includes('number') ? v.number.trim() || undefined : undefined,
  };
}

const TYPE_OPTIONS = PHONE_REPORT_TYPES.map((t) => ({ value: t.id, label: t.name }));
const DIRECTION_OPTIONS = [
  { value: '', label: 'All calls' },
  ...CALL_DIRECTIONS.map((d) => ({ value: d, label: d === 'inbound' ? 'Inbound' : 'Outbound' })),
];

export interface PhoneTypeReportProps {
  /** '/api/customer/reports/calls' or '/api/staff/reports/calls'. */
  basePath: string;
  /** Added to every request, e.g. { vcCustomerID } for staff. */
  extra?: Record<string, string>;
  /** The query key's owner part, e.g. ['customer'] or ['staff', vcCustomerID]. */
  keyPrefix: readonly unknown[];
}

export function PhoneTypeReport({ basePath, extra = {}, keyPrefix }: PhoneTypeReportProps) {
  const [applied, setApplied] = useState<{ type: PhoneReportType; params: PhoneTypeReportParams }>(() => {
    const v = defaults();
    return { type: 'summary', params: paramsOf(v) };
  });
  const form = useForm<Values>(defaults);
  const type = phoneReportTypeOf(form.values.type as PhoneReportType);
  const filters: readonly string[] = type.filters;
  const search = queryString({ ...applied.params, ...extra });
  const report = useQuery({
    queryKey: [...keyPrefix, 'reports', 'calls', applied.type, applied.params],
    queryFn: ({ signal }) => apiRequest(`${basePath}/${applied.type}${search}`, { schema: ReportDataSchema, signal }),
    placeholderData: keepPreviousData,
  });

  const submit = form.submit(
    PhoneTypeReportQuerySchema,
    async () => {
      const params = paramsOf(form.values);
      if (type.range === 'days') {
        const range = resolveDayRange(params, todayUtc());
        if (!range.ok) return;
        params.from = range.from;
        params.to = range.to;
      }
      setApplied({ type: type.id, params });
    },
    {
      check: paramsOf,
      rules: (v, schemaErrors) => {
        if (Object.keys(schemaErrors).length > 0 || phoneReportTypeOf(v.type as PhoneReportType).range === 'month') {
          return {};
        }
        const range = resolveDayRange(paramsOf(v), todayUtc());
        return range.ok ? {} : range.fields;
      },
    },
  );

  const serverErrors = report.isError ? formErrorsFrom(report.error) : NO_ERRORS;
  const fieldError = (name: keyof Values) => form.errors.fields[name] ?? serverErrors.fields[name];
  const data = report.data;
  const file = (kind: 'csv' | 'pdf') =>
    downloadFile(`${basePath}/${applied.type}/${kind}${search}`, `${applied.type}.${kind}`);

  return (
    <div className="stack">
      <Form className="card form-card report-filter" onSubmit={submit} aria-label="Phone report type and range">
        <div className="report-filter__fields">
          <SelectField label="Report type" {...form.field('type')} options={TYPE_OPTIONS} />
          {type.range === 'month' ? (
            <MonthField label="Month" placeholder="2025-01" {...form.field('month')} error={fieldError('month')} />
          ) : (
            <>
              <DateField label="From" todayLabel={false} {...form.field('from')} error={fieldError('from')} />
              <DateField label="To" todayLabel={false} {...form.field('to')} error={fieldError('to')} />
            </>
          )}
          {filters.includes('direction') && (
            <SelectField
              label="Direction"
              {...form.field('direction')}
              options={DIRECTION_OPTIONS}
              error={fieldError('direction')}
            />
          )}
          {filters.includes('number') && (
            <TextField
              label="Number"
              hint="Any part of the calling or called number"
              inputMode="tel"
              autoComplete="off"
              {...form.field('number')}
              error={fieldError('number')}
            />
          )}
        </div>
        {filters.length === 0 && type.range === 'days' && (
          <p className="muted">This report counts every call of the range; it takes no filter.</p>
        )}
        <FormAlert message={form.errors.message} />
        <div className="actions">
          <Button type="submit">Show report</Button>
        </div>
      </Form>
      {report.isError && <FormAlert message={errorMessage(report.error)} />}
      {report.isPending && <Skeleton label="Loading the report…" />}
      {data && <ReportView report={data} state={report} onCsv={() => file('csv')} onPdf={() => file('pdf')} />}
    </div>
  );
}
