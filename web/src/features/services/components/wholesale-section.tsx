import {
  availabilityLabel,
  formatCents,
  resolveMonthRange,
  type WholesaleReportParams,
  WholesaleReportQuerySchema,
} from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { ReportDownloads } from '../../../lib/ui/report-downloads';
import { ReportRangeForm } from '../../../lib/ui/report-range-form';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { Table } from '../../../lib/ui/table';
import {
  downloadWholesaleCsv,
  downloadWholesalePdf,
  useWholesaleReport,
  useWholesaleServices,
} from '../api/customer-services';
import '../../../styles/customer-billing.css';
import '../../../styles/reports.css';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const currentMonth = () => new Date().toISOString().slice(0, 7);
const count = (n: number) => n.toLocaleString('en-US');
const bandwidth = (mbps: number) => (mbps >= 1000 ? `${mbps / 1000} Gbps` : `${mbps} Mbps`);

/** Wholesale: the circuits the account leases, then viewWholesaleReport with its CSV and PDF. */
export function WholesaleSection() {
  const services = useWholesaleServices(true);
  return (
    <section className="stack" aria-labelledby="wholesale-heading">
      <h2 id="wholesale-heading">Wholesale circuits</h2>
      {services.isPending && <Skeleton label="Loading wholesale circuits…" />}
      {services.isError && <FormAlert message={errorMessage(services.error)} />}
      {services.data?.services.length === 0 && <EmptyState>No wholesale circuits on this account</EmptyState>}
      {services.data && services.data.services.length > 0 && (
        <>
          <p>
            {services.data.services.filter((s) => s.status === 'Active').length} active circuits,{' '}
            {formatCents(services.data.activeMonthlyCents)} a month.
          </p>
          <Table
            caption="Circuits leased, with their rates"
            head={['Circuit', 'Route (A end to Z end)', 'Status', 'In service', 'Bandwidth', 'Monthly rate']}
            numericFrom={4}
          >
            <tbody>
              {services.data.services.map((s) => (
                <tr key={s.WholesaleServiceID}>
                  <th scope="row">{s.circuitId}</th>
                  <td className="wholesale-route">
                    <span>{s.aEndpoint}</span>
                    <span>to {s.zEndpoint}</span>
                  </td>
                  <td>
                    <StatusBadge status={s.status} />
                  </td>
                  <td>
                    {s.status === 'Pending' ? 'from ' : ''}
                    {formatDay(s.startDate)}
                    {s.endDate ? ` to ${formatDay(s.endDate)}` : ''}
                  </td>
                  <td className="num">{bandwidth(s.bandwidthMbps)}</td>
                  <td className="num">{formatCents(s.monthlyRateCents)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <WholesaleReport />
        </>
      )}
    </section>
  );
}

function defaultRange(): WholesaleReportParams {
  const range = resolveMonthRange({}, currentMonth());
  return range.ok ? { from: range.from, to: range.to } : {};
}

/** viewWholesaleReport: usage and billing per circuit per month over a range of months, with totals. */
function WholesaleReport() {
  const [applied, setApplied] = useState<WholesaleReportParams>(defaultRange);
  const report = useWholesaleReport(applied);
  const data = report.data;
  const circuit = new Map(data?.circuits.map((c) => [c.WholesaleServiceID, c]));

  return (
    <section className="stack" aria-labelledby="wholesale-report-heading">
      <h3 id="wholesale-report-heading">Wholesale report</h3>
      <ReportRangeForm
        label="Wholesale report months"
        unit="month"
        schema={WholesaleReportQuerySchema}
        resolve={(range) => resolveMonthRange(range, currentMonth())}
        applied={applied}
        onApply={setApplied}
        error={report.error}
      />
      {report.isError && <FormAlert message={errorMessage(report.error)} />}
      {report.isPending && <Skeleton label="Loading the wholesale report…" />}
      {data && (
        <div className="stack" aria-busy={report.isFetching || undefined}>
          <div className="report-heading">
            <p className="report-range" data-testid="wholesale-range">
              {monthLabel(data.from)} to {monthLabel(data.to)}
            </p>
            <ReportDownloads
              name="report"
              csv={() => downloadWholesaleCsv(applied)}
              pdf={() => downloadWholesalePdf(applied)}
            />
          </div>
          <section className="summary-grid" aria-label="Wholesale report totals">
            <div className="card summary-card">
              <p className="summary-card__label">Billed</p>
              <p className="summary-card__value">{formatCents(data.totals.billedCents)}</p>
            </div>
            <div className="card summary-card">
              <p className="summary-card__label">Traffic in</p>
              <p className="summary-card__value">{count(data.totals.inGb)} GB</p>
            </div>
            <div className="card summary-card">
              <p className="summary-card__label">Traffic out</p>
              <p className="summary-card__value">{count(data.totals.outGb)} GB</p>
            </div>
          </section>
          <p className="muted">
            Traffic in and out of each circuit in the month, its busiest 5 minutes (peak) and the share of the month it
            was up (availability), with what the month’s invoice charged for it.
          </p>
          {data.rows.length === 0 ? (
            <EmptyState>No usage in these months</EmptyState>
          ) : (
            <Table
              caption="Usage and billing per circuit per month"
              head={['Month and circuit', 'In (GB)', 'Out (GB)', 'Peak', 'Availability', 'Billed']}
              numericFrom={1}
            >
              {data.monthTotals.map((m) => (
                <tbody key={m.month}>
                  <tr className="report-table__subtotal">
                    <th scope="row">{monthLabel(m.month)}</th>
                    <td className="num">{count(m.inGb)}</td>
                    <td className="num">{count(m.outGb)}</td>
                    <td className="num" />
                    <td className="num" />
                    <td className="num">{formatCents(m.billedCents)}</td>
                  </tr>
                  {data.rows
                    .filter((r) => r.month === m.month)
                    .map((r) => (
                      <tr key={`${r.month}-${r.WholesaleServiceID}`}>
                        <td className="report-table__location">{circuit.get(r.WholesaleServiceID)?.circuitId}</td>
                        <td className="num">{count(r.inGb)}</td>
                        <td className="num">{count(r.outGb)}</td>
                        <td className="num">{bandwidth(r.peakMbps)}</td>
                        <td className="num">{availabilityLabel(r.availabilityBp)}</td>
                        <td className="num">{formatCents(r.billedCents)}</td>
                      </tr>
                    ))}
                </tbody>
              ))}
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td className="num">{count(data.totals.inGb)}</td>
                  <td className="num">{count(data.totals.outGb)}</td>
                  <td className="num" />
                  <td className="num" />
                  <td className="num">{formatCents(data.totals.billedCents)}</td>
                </tr>
              </tfoot>
            </Table>
          )}
        </div>
      )}
    </section>
  );
}
