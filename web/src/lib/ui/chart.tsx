/**
 * The portal's one chart (every chart goes through it): a captioned figure whose drawing is an SVG made with
 * d3-scale and d3-shape (chart-svg.tsx, loaded lazily so pages without a chart never download it) and whose data is
 * also a table. The table is always in the page: hidden from the eye but read by screen readers while the chart is
 * shown, and shown instead of the chart with the "Show as table" toggle. The SVG itself is one labelled image.
 */
import type { ReportChart } from '@strand/domain';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { formatReportValue } from '../report-format';
import { Button } from './button';
import { MoreColumnsHint, useMoreToTheRight } from './table';
import '../../styles/chart.css';

const ChartSvg = lazy(() => import('./chart-svg'));

export interface ChartProps {
  chart: ReportChart;
  /** Extra words under the caption (what the numbers mean). */
  note?: string;
}

/** A sentence that says what the chart shows, for the SVG's accessible name. */
export function chartSummary(chart: ReportChart): string {
  const totals = chart.categories.map((_, i) =>
    chart.kind === 'stacked'
      ? chart.series.reduce((a, s) => a + (s.values[i] ?? 0), 0)
      : Math.max(0, ...chart.series.map((s) => s.values[i] ?? 0)),
  );
  const top = totals.reduce((best, v, i) => (v > (totals[best] ?? 0) ? i : best), 0);
  const kind = chart.kind === 'line' ? 'Line chart' : chart.kind === 'stacked' ? 'Stacked bar chart' : 'Bar chart';
  const series = chart.series.length > 1 ? ` of ${chart.series.map((s) => s.name).join(', ')}` : '';
  if (chart.categories.length === 0) return `${kind}${series}: no data.`;
  return `${kind}${series} over ${chart.categories.length} ${chart.categoryLabel.toLowerCase()} values; highest ${formatReportValue(
    totals[top] ?? 0,
    chart.valueFormat,
  )} at ${formatReportValue(chart.categories[top] ?? '', chart.categoryFormat)}.`;
}

export function Chart({ chart, note }: ChartProps) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const empty = chart.series.every((s) => s.values.every((v) => v === 0));
  return (
    <figure className="chart card" aria-labelledby={`${id}-caption`} data-testid="chart">
      <div className="chart__head">
        <figcaption id={`${id}-caption`} className="chart__caption">
          {chart.caption}
        </figcaption>
        <Button
          type="button"
          variant="secondary"
          aria-pressed={asTable}
          aria-controls={`${id}-table`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </div>
      {note && <p className="chart__note muted">{note}</p>}
      {!asTable &&
        (empty ? (
          <p className="chart__empty muted">Nothing to draw in this range: every value is zero.</p>
        ) : (
          <Suspense fallback={<div className="chart__loading" aria-hidden="true" />}>
            <ChartSvg chart={chart} label={`${chart.caption}. ${chartSummary(chart)}`} />
          </Suspense>
        ))}
      {!asTable && chart.series.length > 1 && !empty && (
        <ul className="chart__legend" aria-hidden="true">
          {chart.series.map((s, i) => (
            <li key={s.name}>
              <span className={`chart__swatch chart__fill-${i % 6}`} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <div id={`${id}-table`} className={asTable ? 'chart__table' : 'visually-hidden'}>
        <ChartTable chart={chart} shown={asTable} />
      </div>
    </figure>
  );
}

/**
 * The chart's data: one row per category, one column per series. `shown`: on screen (not only for screen readers),
 * so a table wider than the phone gets its hint.
 */
export function ChartTable({ chart, shown }: { chart: ReportChart; shown: boolean }) {
  const ref = useRef<HTMLElement>(null);
  const more = useMoreToTheRight(ref);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <section ref={ref} className="report-table-wrap" tabIndex={0} aria-label={`${chart.caption} (table)`}>
        <table className="report-table">
          <caption className="visually-hidden">{chart.caption} (the chart's data)</caption>
          <thead>
            <tr>
              <th scope="col">{chart.categoryLabel}</th>
              {chart.series.map((s) => (
                <th key={s.name} scope="col" className="num">
                  {chart.series.length === 1 ? chart.valueLabel : s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.categories.map((c, i) => (
              <tr key={String(c)}>
                <th scope="row">{formatReportValue(c, chart.categoryFormat)}</th>
                {chart.series.map((s) => (
                  <td key={s.name} className="num">
                    {formatReportValue(s.values[i] ?? 0, chart.valueFormat)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <MoreColumnsHint show={shown && more} />
    </>
  );
}
