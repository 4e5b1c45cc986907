import { type BusinessReportParams, BusinessReportQuerySchema, formatCents, resolveMonthRange } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Chart } from '../../../lib/ui/chart';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { downloadBusinessCsv, downloadBusinessPdf, useBusinessReport } from '../api/reports';
import { ReportTable, SummaryCard, useDownload } from './report-table';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2025-03 -> "Mar 2025". */
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const currentMonth = () => new Date().toISOString().slice(0, 7);

function defaultRange(): BusinessReportParams {
  const range = resolveMonthRange({}, currentMonth());
  return range.ok ? { from: range.from, to: range.to } : {};
}

/**
 * viewBusinessReport: billed, paid and balance per month and service location for a range of months, with the
 * month totals and the grand total; downloadBusinessReport (CSV) and viewDownloadBusinessReport (PDF).
 */
export function BusinessReportSection() {
  const [applied, setApplied] = useState<BusinessReportParams>(defaultRange);
  const form = useForm({ from: applied.from ?? '', to: applied.to ?? '' });
  const report = useBusinessReport(applied);
  const download = useDownload();

  const submit = form.submit(
    BusinessReportQuerySchema,
    async (query) => {
      const range = resolveMonthRange(query, currentMonth());
      if (range.ok) setApplied({ from: range.from, to: range.to });
    },
    {
      check: (v) => ({ from: v.from || undefined, to: v.to || undefined }),
      // The range rules (order, length) need the parsed months; the schema's own messages come first.
      rules: (v, schemaErrors) => {
        if (Object.keys(schemaErrors).length > 0) return {};
        const range = resolveMonthRange({ from: v.from || undefined, to: v.to || undefined }, currentMonth());
        return range.ok ? {} : range.fields;
      },
    },
  );

  const serverErrors = report.isError ? formErrorsFrom(report.error) : NO_ERRORS;
  const fieldError = (name: 'from' | 'to') => form.errors.fields[name] ?? serverErrors.fields[name];
  const data = report.data;
  const label = new Map(data?.locations.map((l) => [l.ServiceLocationID, l.label]));

  return (
    <section className="stack" aria-labelledby="business-heading">
      <h2 id="business-heading">Business report</h2>
      <Form className="card form-card report-filter" onSubmit={submit} aria-label="Business report months">
        <div className="report-filter__fields">
          <TextField
            label="From month"
            type="month"
            placeholder="2025-01"
            {...form.field('from')}
            error={fieldError('from')}
          />
          <TextField
            label="To month"
            type="month"
            placeholder="2025-12"
            {...form.field('to')}
            error={fieldError('to')}
          />
        </div>
        <FormAlert message={form.errors.message} />
        <div className="actions">
          <Button type="submit">Show report</Button>
        </div>
      </Form>

      {report.isError && <FormAlert message={errorMessage(report.error)} />}
      {report.isPending && <p className="muted">Loading the business report…</p>}
      {data && (
        <div className="stack" aria-busy={report.isFetching || undefined}>
          <div className="report-heading">
            <p className="report-range" data-testid="business-range">
              {monthLabel(data.from)} to {monthLabel(data.to)}
            </p>
            <div className="actions">
              <Button
                type="button"
                variant="secondary"
                busy={download.isBusy('csv')}
                disabled={download.busy}
                onClick={() => download.run(() => downloadBusinessCsv(applied), 'csv')}
              >
                Download report (CSV)
              </Button>
              <Button
                type="button"
                variant="secondary"
                busy={download.isBusy('pdf')}
                disabled={download.busy}
                onClick={() => download.run(() => downloadBusinessPdf(applied), 'pdf')}
              >
                Download report (PDF)
              </Button>
            </div>
          </div>
          <FormAlert message={download.error} />
          <section className="summary-grid" aria-label="Business report totals">
            <SummaryCard label="Billed" value={formatCents(data.totals.billedCents)} />
            <SummaryCard label="Paid" value={formatCents(data.totals.paidCents)} />
            <SummaryCard label="Balance" value={formatCents(data.totals.balanceCents)} />
          </section>
          <p className="muted">
            Billed: the invoices dated in each month. Paid: completed payments applied to those invoices, shared over
            the locations in proportion to what each was billed. Account-wide charges are those of no single location
            (phone seats, IP blocks, taxes and fees).
          </p>
          <Chart
            chart={{
              kind: 'bar',
              caption: 'Billed and paid per month',
              categoryLabel: 'Month',
              categoryFormat: 'month',
              valueLabel: 'Amount',
              valueFormat: 'cents',
              categories: data.monthTotals.map((m) => m.month),
              series: [
                { name: 'Billed', values: data.monthTotals.map((m) => m.billedCents) },
                { name: 'Paid', values: data.monthTotals.map((m) => m.paidCents) },
              ],
            }}
          />
          <ReportTable
            caption="Billed, paid and balance per month and service location"
            head={['Month and service location', 'Billed', 'Paid', 'Balance']}
            numericFrom={1}
          >
            {data.monthTotals.map((month) => (
              <tbody key={month.month}>
                <tr className="report-table__subtotal">
                  <th scope="row">{monthLabel(month.month)}</th>
                  <td className="num">{formatCents(month.billedCents)}</td>
                  <td className="num">{formatCents(month.paidCents)}</td>
                  <td className="num">{formatCents(month.balanceCents)}</td>
                </tr>
                {data.rows
                  .filter((r) => r.month === month.month)
                  .map((r) => (
                    <tr key={`${r.month}-${r.ServiceLocationID}`}>
                      <td className="report-table__location">{label.get(r.ServiceLocationID)}</td>
                      <td className="num">{formatCents(r.billedCents)}</td>
                      <td className="num">{formatCents(r.paidCents)}</td>
                      <td className="num">{formatCents(r.balanceCents)}</td>
                    </tr>
                  ))}
              </tbody>
            ))}
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="num">{formatCents(data.totals.billedCents)}</td>
                <td className="num">{formatCents(data.totals.paidCents)}</td>
                <td className="num">{formatCents(data.totals.balanceCents)}</td>
              </tr>
            </tfoot>
          </ReportTable>
        </div>
      )}
    </section>
  );
}
