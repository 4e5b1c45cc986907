/**
 * The drawing of a Chart (chart.tsx), in its own lazily loaded chunk with d3-scale and d3-shape: bars (grouped),
 * stacked bars or lines over a band of categories, a value axis with round ticks, and at most ~8 category labels.
 * It fills the width of its box (measured, so text keeps its size on a phone). The SVG is one labelled image;
 * each bar and point carries a <title> for a mouse user, and the chart's table carries the data for everyone else.
 */
import type { ReportChart } from '@strand/domain';
import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatAxisValue, formatReportValue } from '../report-format';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 52 };

export default function ChartSvg({ chart, label }: { chart: ReportChart; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.round(el.clientWidth)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const keys = chart.categories.map(String);
  const x = scaleBand<string>()
    .domain(keys)
    .range([MARGIN.left, width - MARGIN.right])
    .paddingInner(keys.length > 60 ? 0.05 : 0.2)
    .paddingOuter(0.1);
  const tops = keys.map((_, i) =>
    chart.kind === 'stacked'
      ? chart.series.reduce((a, s) => a + Math.max(0, s.values[i] ?? 0), 0)
      : Math.max(0, ...chart.series.map((s) => s.values[i] ?? 0)),
  );
  const y = scaleLinear()
    .domain([0, Math.max(1, ...tops)])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const ticks = y.ticks(5).filter((t) => chart.valueFormat !== 'count' || Number.isInteger(t));
  // A category label needs about 72 px (a date) or 110 px (a name); names are cut to the room they get.
  const labelPx = chart.categoryFormat === 'text' ? 110 : 72;
  const every = Math.max(1, Math.ceil(keys.length / Math.max(1, Math.floor((width - MARGIN.left) / labelPx))));
  const room = Math.max(4, Math.floor((((width - MARGIN.left - MARGIN.right) / keys.length) * every) / 7));
  const fit = (text: string) => (text.length > room ? `${text.slice(0, room - 1)}…` : text);
  const bandwidth = x.bandwidth();
  const name = (i: number) => formatReportValue(chart.categories[i] ?? '', chart.categoryFormat);
  const value = (v: number) => formatReportValue(v, chart.valueFormat);

  const marks: React.ReactNode[] = [];
  if (chart.kind === 'line') {
    chart.series.forEach((s, k) => {
      const path = line<number>()
        .x((_, i) => (x(keys[i] ?? '') ?? 0) + bandwidth / 2)
        .y((v) => y(v))(s.values);
      marks.push(<path key={`l${s.name}`} d={path ?? ''} className={`chart__line chart__stroke-${k % 6}`} />);
      s.values.forEach((v, i) => {
        marks.push(
          <circle
            key={`p${s.name}${keys[i]}`}
            cx={(x(keys[i] ?? '') ?? 0) + bandwidth / 2}
            cy={y(v)}
            r={3}
            className={`chart__fill-${k % 6}`}
          >
            <title>{`${name(i)} · ${s.name}: ${value(v)}`}</title>
          </circle>,
        );
      });
    });
  } else if (chart.kind === 'stacked') {
    keys.forEach((key, i) => {
      let base = 0;
      chart.series.forEach((s, k) => {
        const v = Math.max(0, s.values[i] ?? 0);
        if (v === 0) return;
        marks.push(
          <rect
            key={`${key}${s.name}`}
            x={x(key)}
            y={y(base + v)}
            width={bandwidth}
            height={Math.max(0, y(base) - y(base + v))}
            className={`chart__fill-${k % 6}`}
          >
            <title>{`${name(i)} · ${s.name}: ${value(v)}`}</title>
          </rect>,
        );
        base += v;
      });
    });
  } else {
    const inner = scaleBand<number>()
      .domain(chart.series.map((_, k) => k))
      .range([0, bandwidth])
      .padding(chart.series.length > 1 ? 0.08 : 0);
    keys.forEach((key, i) => {
      chart.series.forEach((s, k) => {
        const v = Math.max(0, s.values[i] ?? 0);
        if (v === 0) return;
        marks.push(
          <rect
            key={`${key}${s.name}`}
            x={(x(key) ?? 0) + (inner(k) ?? 0)}
            y={y(v)}
            width={inner.bandwidth()}
            height={Math.max(0, y(0) - y(v))}
            className={`chart__fill-${k % 6}`}
          >
            <title>{`${name(i)} · ${s.name}: ${value(v)}`}</title>
          </rect>,
        );
      });
    });
  }

  return (
    <div ref={box} className="chart__box">
      <svg
        role="img"
        aria-label={label}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="chart__svg"
      >
        <g>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} className="chart__grid" />
              <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="chart__tick">
                {formatAxisValue(t, chart.valueFormat)}
              </text>
            </g>
          ))}
          {keys.map((key, i) =>
            i % every === 0 ? (
              <text
                key={key}
                x={(x(key) ?? 0) + bandwidth / 2}
                y={HEIGHT - MARGIN.bottom + 16}
                textAnchor="middle"
                className="chart__tick"
              >
                {fit(formatAxisValue(chart.categories[i] ?? '', chart.categoryFormat))}
              </text>
            ) : null,
          )}
          <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(0)} y2={y(0)} className="chart__axis" />
        </g>
        <g>{marks}</g>
      </svg>
    </div>
  );
}
