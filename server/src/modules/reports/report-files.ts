/**
 * Every ReportData (phone report types and staff reports) as a CSV (lib/csv.ts) and as a PDF (pdfkit, like the
 * business report): the title, whose report and the range, the totals, the chart drawn as bars (stacked series add
 * up), and each table with its totals row. Values are written in their column's format: money as plain decimals in
 * the CSV and $1,234.56 in the PDF, hours as 13:00, durations in seconds or minutes as numbers.
 */
import {
  centsToDecimal,
  formatCents,
  formatPhone,
  type ReportCell,
  type ReportData,
  type ReportFormat,
} from '@strand/domain';
import { drawReportHeader, startPdf } from '../../integrations/pdf/pdf-document.js';
import { longDate, PDF_COLORS } from '../../integrations/pdf/pdf-style.js';
import { type CsvValue, toCsv } from '../../lib/csv.js';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** A cell as the CSV writes it: numbers stay numbers a spreadsheet can add. */
export function csvValue(value: ReportCell, format: ReportFormat): CsvValue {
  if (value === null) return null;
  if (typeof value === 'number') {
    if (format === 'cents') return centsToDecimal(value);
    if (format === 'hour') return hour(value);
    return value;
  }
  return value;
}

/** A cell as the PDF prints it. */
export function printed(value: ReportCell, format: ReportFormat): string {
  if (value === null) return '';
  if (typeof value === 'string') {
    if (format === 'date' || format === 'week') return longDate(value);
    if (format === 'datetime') return `${longDate(value)} ${value.slice(11, 16)}`;
    if (format === 'phone') return formatPhone(value);
    return value;
  }
  switch (format) {
    case 'cents':
      return formatCents(value);
    case 'hour':
      return hour(value);
    case 'percent':
      return `${value.toFixed(1)}%`;
    default:
      return value.toLocaleString('en-US');
  }
}

export function reportCsv(report: ReportData): string {
  const rows: CsvValue[][] = [
    [report.title],
    [report.subject ?? 'All customers', `${report.from} to ${report.to}`],
    [],
    ...report.stats.map((s) => [s.label, csvValue(s.value, s.format), s.note]),
  ];
  for (const table of report.tables) {
    rows.push(
      [],
      [table.caption],
      table.columns.map((c) => c.label),
    );
    for (const row of table.rows) rows.push(row.map((v, i) => csvValue(v, table.columns[i]?.format ?? 'text')));
    if (table.footer)
      rows.push(table.footer.map((v, i) => (i === 0 ? v : csvValue(v, table.columns[i]?.format ?? 'text'))));
    if (table.note) rows.push([table.note]);
  }
  return toCsv(rows);
}

/** A file name: the report id, whose, and the range. */
export function reportFileName(report: ReportData, owner: string | null, extension: 'csv' | 'pdf') {
  return `${report.type}${owner ? `-${owner}` : ''}-${report.from}-to-${report.to}.${extension}`;
}

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLORS;
const SERIES_COLORS = ['#0b4f6c', '#e07a1f', '#3c8d5a', '#8a4fbf', '#b42318'];

export function renderReportPdf(
  report: ReportData,
  meta: { providerName: string; supportPhone: string; generatedAt: Date },
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { doc, bytes: done } = startPdf({
    size: 'LETTER',
    layout: report.tables.some((t) => t.columns.length > 6) ? 'landscape' : 'portrait',
    margin: 48,
    compress: options.compress ?? true,
    info: {
      Title: `${report.title} ${report.from} to ${report.to}`,
      Author: meta.providerName,
      CreationDate: meta.generatedAt,
    },
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 24;

  drawReportHeader(doc, {
    provider: meta.providerName,
    title: report.title,
    subtitle: `${report.subject ? `${report.subject} · ` : ''}${longDate(report.from)}${report.to !== report.from ? ` to ${longDate(report.to)}` : ''} · made ${longDate(meta.generatedAt.toISOString())}`,
    top: 48,
    providerSize: 16,
  });
  doc.moveDown(0.3).text(report.description, { width });
  doc.moveDown(0.6);

  // Totals, two to a line.
  doc.fillColor(INK).fontSize(10);
  for (const s of report.stats) {
    doc.font('Helvetica-Bold').text(`${s.label}: `, { continued: true });
    doc.font('Helvetica').text(`${printed(s.value, s.format)}${s.note ? ` (${s.note})` : ''}`);
  }
  doc.moveDown(0.6);

  const chart = report.chart;
  if (chart && chart.categories.length > 0) {
    const height = 140;
    const top = doc.y;
    const totals = chart.categories.map((_, i) =>
      chart.kind === 'stacked'
        ? chart.series.reduce((a, s) => a + (s.values[i] ?? 0), 0)
        : Math.max(0, ...chart.series.map((s) => s.values[i] ?? 0)),
    );
    const max = Math.max(1, ...totals);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(chart.caption, left, top);
    const base = top + 16 + height;
    const slot = width / chart.categories.length;
    const groups = chart.kind === 'bar' ? chart.series.length : 1;
    chart.categories.forEach((_, i) => {
      let y = base;
      chart.series.forEach((s, k) => {
        const v = s.values[i] ?? 0;
        const h = (v / max) * height;
        const color = SERIES_COLORS[k % SERIES_COLORS.length] ?? BRAND;
        if (chart.kind === 'stacked') {
          y -= h;
          doc.rect(left + i * slot + slot * 0.1, y, slot * 0.8, h).fill(color);
        } else {
          const w = (slot * 0.8) / groups;
          doc.rect(left + i * slot + slot * 0.1 + k * w, base - h, w, h).fill(color);
        }
      });
    });
    doc.moveTo(left, base).lineTo(right, base).lineWidth(0.5).strokeColor('#cbd2d9').stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`${chart.valueLabel}: 0 to ${printed(max, chart.valueFormat)}`, left, base + 4, { width: width / 2 });
    doc.text(
      `${printed(chart.categories[0] ?? '', chart.categoryFormat)} … ${printed(chart.categories.at(-1) ?? '', chart.categoryFormat)}`,
      left + width / 2,
      base + 4,
      { width: width / 2, align: 'right' },
    );
    if (chart.series.length > 1) {
      let x = left;
      chart.series.forEach((s, k) => {
        doc.rect(x, base + 16, 8, 8).fill(SERIES_COLORS[k % SERIES_COLORS.length] ?? BRAND);
        doc.fillColor(MUTED).text(s.name, x + 12, base + 16, { lineBreak: false });
        x += 24 + doc.widthOfString(s.name);
      });
    }
    doc.x = left;
    doc.y = base + 34;
  }

  for (const table of report.tables) {
    const n = table.columns.length;
    const firstWidth = Math.max(width * 0.28, width - (n - 1) * 78);
    const restWidth = n > 1 ? (width - firstWidth) / (n - 1) : 0;
    const xOf = (i: number) => (i === 0 ? left : left + firstWidth + (i - 1) * restWidth);
    const wOf = (i: number) => (i === 0 ? firstWidth - 6 : restWidth);
    const numeric = (i: number) =>
      !['text', 'date', 'week', 'month', 'datetime', 'phone'].includes(table.columns[i]?.format ?? 'text');
    let y = doc.y + 8;
    if (y > bottom() - 60) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(table.caption, left, y);
    y = doc.y + 4;
    const heads = () => {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
      table.columns.forEach((c, i) => {
        doc.text(c.label.toUpperCase(), xOf(i), y, { width: wOf(i), align: numeric(i) ? 'right' : 'left' });
      });
      y = doc.y + 3;
      doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor('#cbd2d9').stroke();
      y += 4;
    };
    heads();
    const line = (cells: readonly ReportCell[], bold: boolean) => {
      if (y > bottom()) {
        doc.addPage();
        y = doc.page.margins.top;
        heads();
      }
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(INK);
      cells.forEach((v, i) => {
        const text = bold && i === 0 ? String(v ?? '') : printed(v, table.columns[i]?.format ?? 'text');
        doc.text(text, xOf(i), y, {
          width: wOf(i),
          align: numeric(i) ? 'right' : 'left',
          lineBreak: false,
          ellipsis: true,
        });
      });
      y += 13;
    };
    if (table.rows.length === 0) {
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Nothing in this range.', left, y);
      y = doc.y + 4;
    }
    for (const row of table.rows) line(row, false);
    if (table.footer) {
      doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(BRAND).stroke();
      y += 3;
      line(table.footer, true);
    }
    if (table.note) {
      doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(table.note, left, y, { width });
      y = doc.y;
    }
    doc.x = left;
    doc.y = y + 6;
  }

  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(
    `Questions about this report? Call ${meta.supportPhone}.`,
    left,
    doc.page.height - doc.page.margins.bottom - 10,
    {
      width,
      align: 'center',
      lineBreak: false,
    },
  );
  doc.end();
  return done;
}
