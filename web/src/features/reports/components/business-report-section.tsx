import { type BusinessReportParams, BusinessReportQuerySchema, formatCents, resolveMonthRange } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Chart } from '../../../lib/ui/chart';
import { FormAlert } from '../../../lib/ui/form-alert';
import { ReportDownloads } from '../../../lib/ui/report-downloads';
import { ReportRangeForm } from '../../../lib/ui/report-range-form';
import { resultsRegionProps } from '../../../lib/ui/results-region';
import { Skeleton } from '../../../lib/ui/skeleton';
import { downloadBusinessCsv, downloadBusinessPdf, useBusinessReport } from '../api/reports';
import { ReportTable, SummaryCard } from './report-table';

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
  const report = useBusinessReport(applied);
  const data = report.data;
  const label = new Map(data?.locations.map((l) => [l.ServiceLocationID, l.label]));

  return (
    <section className="stack" aria-labelledby="business-heading">
      <h2 id="business-heading">Business report</h2>
      <ReportRangeForm
        label="Business report months"
        unit="month"
        schema={BusinessReportQuerySchema}
        resolve={(range) => resolveMonthRange(range, currentMonth())}
        applied={applied}
        onApply={setApplied}
        error={report.error}
      />

      {report.isError && <FormAlert message={errorMessage(report.error)} />}
      {report.isPending && <Skeleton label="Loading the business report…" />}
      {data && (
        <div className="stack" {...resultsRegionProps(report)}>
          <div className="report-heading">
            <p className="report-range" data-testid="business-range">
              {monthLabel(data.from)} to {monthLabel(data.to)}
            </p>
            <ReportDownloads
              name="report"
              csv={() => downloadBusinessCsv(applied)}
              pdf={() => downloadBusinessPdf(applied)}
            />
          </div>
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
