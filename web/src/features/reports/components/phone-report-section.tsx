import {
  CALL_DIRECTIONS,
  type CallDirection,
  formatPhone,
  type PhoneReportFilter,
  PhoneReportFilterSchema,
  resolveDayRange,
} from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { formatDay } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { DateField } from '../../../lib/ui/date-time-field';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { resultsRegionProps } from '../../../lib/ui/results-region';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { downloadPhoneCsv, usePhoneReport } from '../api/reports';
import { formatCount, formatDuration, ReportTable, SummaryCard, useDownload } from './report-table';

const PAGE_SIZE = 50;
const todayUtc = () => new Date().toISOString().slice(0, 10);

function defaultFilter(): PhoneReportFilter {
  const range = resolveDayRange({}, todayUtc());
  return range.ok ? { from: range.from, to: range.to } : {};
}

interface FormValues {
  from: string;
  to: string;
  direction: string;
  number: string;
}

/** What the form's values ask for: blanks left out, the number trimmed. */
const toFilter = (v: FormValues) => ({
  from: v.from || undefined,
  to: v.to || undefined,
  direction: v.direction || undefined,
  number: v.number.trim() || undefined,
});

const toForm = (f: PhoneReportFilter): FormValues => ({
  from: f.from ?? '',
  to: f.to ?? '',
  direction: f.direction ?? '',
  number: f.number ?? '',
});

const DIRECTION_OPTIONS = [
  { value: '', label: 'All calls' },
  ...CALL_DIRECTIONS.map((d) => ({ value: d, label: d === 'inbound' ? 'Inbound' : 'Outbound' })),
];

/** viewPhoneReport: a date range and filters, the totals, calls per day, the calls page by page, and the CSV. */
export function PhoneReportSection() {
  const [applied, setApplied] = useState<PhoneReportFilter>(defaultFilter);
  const [page, setPage] = useState(1);
  const form = useForm<FormValues>(() => toForm(applied));
  const report = usePhoneReport({ ...applied, page, pageSize: PAGE_SIZE });
  const download = useDownload();

  const submit = form.submit(
    PhoneReportFilterSchema,
    async (filter) => {
      const range = resolveDayRange(filter, todayUtc());
      if (!range.ok) return;
      setPage(1);
      setApplied({ ...filter, from: range.from, to: range.to });
    },
    {
      check: toFilter,
      // The range rules (order, length) need the parsed dates; the schema's own messages come first.
      rules: (v, schemaErrors) => {
        if (Object.keys(schemaErrors).length > 0) return {};
        const range = resolveDayRange(toFilter(v), todayUtc());
        return range.ok ? {} : range.fields;
      },
    },
  );

  const reset = () => {
    const filter = defaultFilter();
    form.setValues(toForm(filter));
    form.setErrors(NO_ERRORS);
    setPage(1);
    setApplied(filter);
  };

  const serverErrors = report.isError ? formErrorsFrom(report.error) : NO_ERRORS;
  const fieldError = (name: keyof FormValues) => form.errors.fields[name] ?? serverErrors.fields[name];
  const data = report.data;

  return (
    <section className="stack" aria-labelledby="phone-heading">
      <h2 id="phone-heading">Phone report</h2>
      <Form className="card form-card report-filter" onSubmit={submit} aria-label="Phone report filter">
        <div className="report-filter__fields">
          <DateField label="From" todayLabel={false} {...form.field('from')} error={fieldError('from')} />
          <DateField label="To" todayLabel={false} {...form.field('to')} error={fieldError('to')} />
          <SelectField
            label="Direction"
            {...form.field('direction')}
            options={DIRECTION_OPTIONS}
            error={fieldError('direction')}
          />
          <TextField
            label="Number"
            hint="Any part of the calling or called number"
            inputMode="tel"
            autoComplete="off"
            {...form.field('number')}
            error={fieldError('number')}
          />
        </div>
        <FormAlert message={form.errors.message} />
        <div className="actions">
          <Button type="submit">Show report</Button>
          <Button type="button" variant="secondary" onClick={reset}>
            Last 30 days
          </Button>
        </div>
      </Form>

      {report.isError && <FormAlert message={errorMessage(report.error)} />}
      {report.isPending && <Skeleton label="Loading the phone report…" />}
      {data && (
        <div className="stack" {...resultsRegionProps(report)}>
          <div className="report-heading">
            <p className="report-range" data-testid="phone-range">
              {formatDay(data.from)} to {formatDay(data.to)}
              {data.direction && ` · ${data.direction}`}
              {data.number && ` · number contains ${data.number}`}
            </p>
            <Button
              type="button"
              variant="secondary"
              busy={download.busy}
              onClick={() => download.run(() => downloadPhoneCsv(applied))}
            >
              Download calls (CSV)
            </Button>
          </div>
          <FormAlert message={download.error} />
          <section className="summary-grid" aria-label="Phone summary">
            <SummaryCard label="Calls" value={formatCount(data.summary.calls)} />
            <SummaryCard label="Connected" value={formatCount(data.summary.connectedCalls)} />
            <SummaryCard label="Billed minutes" value={formatCount(data.summary.billedMinutes)} />
            {data.byDirection.map((d) => (
              <SummaryCard
                key={d.direction}
                label={d.direction === 'inbound' ? 'Inbound' : 'Outbound'}
                value={`${formatCount(d.calls)} calls`}
                note={`${formatCount(d.billedMinutes)} billed minutes`}
              />
            ))}
          </section>
          <p className="muted">
            Each call is billed in whole minutes, rounded up (a 61-second call is 2 minutes); calls that never connected
            count 0. Dates and times are UTC.
          </p>

          <h3>Calls per day</h3>
          {data.byDay.length === 0 ? (
            <EmptyState>No calls in this range.</EmptyState>
          ) : (
            <ReportTable
              caption="Calls per day"
              head={['Date', 'Calls', 'Connected', 'Billed minutes']}
              numericFrom={1}
            >
              <tbody>
                {data.byDay.map((d) => (
                  <tr key={d.date}>
                    <td>{formatDay(d.date)}</td>
                    <td className="num">{formatCount(d.calls)}</td>
                    <td className="num">{formatCount(d.connectedCalls)}</td>
                    <td className="num">{formatCount(d.billedMinutes)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td className="num">{formatCount(data.summary.calls)}</td>
                  <td className="num">{formatCount(data.summary.connectedCalls)}</td>
                  <td className="num">{formatCount(data.summary.billedMinutes)}</td>
                </tr>
              </tfoot>
            </ReportTable>
          )}

          <h3>Calls</h3>
          {data.calls.length > 0 && (
            <>
              <ReportTable
                caption="Calls, newest first"
                head={['Date and time (UTC)', 'Direction', 'From', 'To', 'Duration', 'Billed min']}
                numericFrom={4}
              >
                <tbody>
                  {data.calls.map((c) => (
                    <tr key={c.CallID}>
                      <td>
                        {formatDay(c.startedAt)} {c.startedAt.slice(11, 16)}
                      </td>
                      <td>{directionLabel(c.direction)}</td>
                      <td>{formatPhone(c.fromNumber)}</td>
                      <td>{formatPhone(c.toNumber)}</td>
                      <td className="num">{formatDuration(c.durationSeconds)}</td>
                      <td className="num">{c.billedMinutes}</td>
                    </tr>
                  ))}
                </tbody>
              </ReportTable>
              <nav className="pager" aria-label="Pages of calls">
                <Button
                  type="button"
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  Previous
                </Button>
                <span aria-live="polite">
                  Page {data.page} of {data.totalPages}
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={page >= data.totalPages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </nav>
            </>
          )}
          {data.calls.length === 0 && <EmptyState>No calls match.</EmptyState>}
        </div>
      )}
    </section>
  );
}

const directionLabel = (d: CallDirection) => (d === 'inbound' ? 'Inbound' : 'Outbound');
