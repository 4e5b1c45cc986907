import {
  availabilityLabel,
  formatCents,
  resolveMonthRange,
  type WholesaleReportParams,
  WholesaleReportQuerySchema,
  type WholesaleService,
} from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { type DataColumn, DataTable, type SortDir, sortedRows } from '../../../lib/ui/data-table';
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

type Circuit = WholesaleService;

const CIRCUIT_COLUMNS: readonly DataColumn<Circuit>[] = [
  { id: 'circuit', header: 'Circuit', sort: 'circuit', cell: (s) => s.circuitId },
  {
    id: 'route',
    header: 'Route (A end to Z end)',
    sort: 'route',
    priority: 2,
    cell: (s) => (
      <span className="wholesale-route">
        <span>{s.aEndpoint}</span>
        <span>to {s.zEndpoint}</span>
      </span>
    ),
  },
  { id: 'status', header: 'Status', sort: 'status', cell: (s) => <StatusBadge status={s.status} /> },
  {
    id: 'inService',
    header: 'In service',
    sort: 'inService',
    priority: 3,
    cell: (s) => (
      <>
        {s.status === 'Pending' ? 'from ' : ''}
        {formatDay(s.startDate)}
        {s.endDate ? ` to ${formatDay(s.endDate)}` : ''}
      </>
    ),
  },
  {
    id: 'bandwidth',
    header: 'Bandwidth',
    sort: 'bandwidth',
    numeric: true,
    priority: 2,
    cell: (s) => bandwidth(s.bandwidthMbps),
  },
  {
    id: 'rate',
    header: 'Monthly rate',
    sort: 'rate',
    numeric: true,
    priority: 2,
    cell: (s) => formatCents(s.monthlyRateCents),
  },
];

const CIRCUIT_SORTS: Record<string, (s: Circuit) => string | number> = {
  circuit: (s) => s.circuitId,
  route: (s) => `${s.aEndpoint} ${s.zEndpoint}`.toLowerCase(),
  status: (s) => s.status,
  inService: (s) => s.startDate,
  bandwidth: (s) => s.bandwidthMbps,
  rate: (s) => s.monthlyRateCents,
};

/** The circuits leased as an index table: sortable columns, the count, the route and dates stacked on a phone. */
function WholesaleCircuits({
  services,
  activeMonthlyCents,
}: {
  services: readonly Circuit[];
  activeMonthlyCents: number;
}) {
  const [sort, setSort] = useState<{ sort?: string; dir?: SortDir }>({});
  const active = services.filter((s) => s.status === 'Active').length;
  return (
    <>
      <p role="status" data-testid="circuit-count">
        {services.length} circuit{services.length === 1 ? '' : 's'} leased. {active} active circuits,{' '}
        {formatCents(activeMonthlyCents)} a month.
      </p>
      <DataTable
        caption="Circuits leased, with their rates"
        columns={CIRCUIT_COLUMNS}
        rows={sortedRows(services, CIRCUIT_SORTS, sort.sort, sort.dir)}
        rowKey={(s) => String(s.WholesaleServiceID)}
        sort={sort.sort}
        dir={sort.dir}
        onSort={(s, d) => setSort({ sort: s, dir: d })}
      />
    </>
  );
}

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
          <WholesaleCircuits services={services.data.services} activeMonthlyCents={services.data.activeMonthlyCents} />
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
