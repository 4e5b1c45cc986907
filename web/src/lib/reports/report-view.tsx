/**
 * One ReportData on a page (the phone report types on /reports and /staff/reports, the staff reports): the range and
 * the downloads, the totals, the chart (lib/ui/chart.tsx, with its table alternative), what the report counts, and
 * its tables with their totals rows. Every value is written in its column's format (lib/report-format.ts).
 */
import type { ReportData, ReportTable } from '@strand/domain';
import { formatDay } from '../format';
import { formatReportValue } from '../report-format';
import { Chart } from '../ui/chart';
import { EmptyState } from '../ui/empty-state';
import { ReportDownloads } from '../ui/report-downloads';
import { type ResultsState, resultsRegionProps } from '../ui/results-region';
import { Table } from '../ui/table';
import '../../styles/customer-billing.css';
import '../../styles/reports.css';

export function SummaryCard({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <div className="card summary-card">
      <p className="summary-card__label">{label}</p>
      <p className="summary-card__value">{value}</p>
      {note && <p className="summary-card__note">{note}</p>}
    </div>
  );
}

const SETTLED: ResultsState = { isFetching: false, isPlaceholderData: false };

const TEXT_FORMATS = new Set(['text', 'date', 'week', 'month', 'datetime', 'phone']);

function DataTable({ table }: { table: ReportTable }) {
  const firstNumeric = table.columns.findIndex((c) => !TEXT_FORMATS.has(c.format));
  if (table.rows.length === 0) {
    return (
      <>
        <h3>{table.caption}</h3>
        <EmptyState>Nothing in this range.</EmptyState>
      </>
    );
  }
  return (
    <>
      <h3>{table.caption}</h3>
      <Table
        caption={table.caption}
        head={table.columns.map((c) => c.label)}
        numericFrom={firstNumeric === -1 ? table.columns.length : firstNumeric}
      >
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for one answer and have no id.
            <tr key={r}>
              {row.map((cell, i) => {
                const format = table.columns[i]?.format ?? 'text';
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <td key={i} className={TEXT_FORMATS.has(format) ? undefined : 'num'}>
                    {formatReportValue(cell, format)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {table.footer && (
          <tfoot>
            <tr>
              {table.footer.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <th key={i} scope="row">
                    {String(cell ?? '')}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <td key={i} className={TEXT_FORMATS.has(table.columns[i]?.format ?? 'text') ? undefined : 'num'}>
                    {typeof cell === 'string' && !TEXT_FORMATS.has(table.columns[i]?.format ?? 'text')
                      ? cell
                      : formatReportValue(cell, table.columns[i]?.format ?? 'text')}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </Table>
      {table.note && <p className="muted">{table.note}</p>}
    </>
  );
}

export interface ReportViewProps {
  report: ReportData;
  /** The query's state: busy while it loads, dimmed while the previous report stays on screen. */
  state?: ResultsState;
  onCsv(): Promise<void>;
  onPdf(): Promise<void>;
}

export function ReportView({ report, state = SETTLED, onCsv, onPdf }: ReportViewProps) {
  return (
    <div className="stack" {...resultsRegionProps(state)} data-testid="report-view">
      <div className="report-heading">
        <p className="report-range" data-testid="report-range">
          {report.title}
          {report.subject && ` · ${report.subject}`} ·{' '}
          {report.from === report.to
            ? `as of ${formatDay(report.from)}`
            : `${formatDay(report.from)} to ${formatDay(report.to)}`}
        </p>
        <ReportDownloads csv={onCsv} pdf={onPdf} />
      </div>
      <section className="summary-grid" aria-label={`${report.title} totals`}>
        {report.stats.map((s) => (
          <SummaryCard key={s.label} label={s.label} value={formatReportValue(s.value, s.format)} note={s.note} />
        ))}
      </section>
      <p className="muted">{report.description}</p>
      {report.chart && <Chart chart={report.chart} />}
      {report.tables.map((t) => (
        <DataTable key={t.caption} table={t} />
      ))}
    </div>
  );
}
