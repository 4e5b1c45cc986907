/**
 * The wholesale report's files: CSV with the one writer (lib/csv.ts) and a PDF with pdfkit (like the business
 * report): per month each circuit's traffic in and out, peak, availability and what was billed, then the totals.
 */
import { availabilityLabel, centsToDecimal, formatCents, type WholesaleReport } from '@strand/domain';
import { drawReportHeader, startPdf } from '../../integrations/pdf/pdf-document.js';
import { longDate, PDF_COLORS } from '../../integrations/pdf/pdf-style.js';
import { type CsvValue, toCsv } from '../../lib/csv.js';

export const WHOLESALE_CSV_HEADER = [
  'Month',
  'Circuit',
  'A to Z',
  'Traffic in (GB)',
  'Traffic out (GB)',
  'Peak (Mbps)',
  'Availability (%)',
  'Billed',
] as const;

export function wholesaleReportCsv(report: WholesaleReport): string {
  const circuit = new Map(report.circuits.map((c) => [c.WholesaleServiceID, c]));
  const rows: CsvValue[][] = [[...WHOLESALE_CSV_HEADER]];
  for (const r of report.rows) {
    const c = circuit.get(r.WholesaleServiceID);
    rows.push([
      r.month,
      c?.circuitId ?? '',
      c?.label ?? '',
      r.inGb,
      r.outGb,
      r.peakMbps,
      (r.availabilityBp / 100).toFixed(2),
      centsToDecimal(r.billedCents),
    ]);
  }
  for (const t of report.circuitTotals) {
    const c = circuit.get(t.WholesaleServiceID);
    rows.push([
      `${report.from} to ${report.to}`,
      c?.circuitId ?? '',
      'Circuit total',
      t.inGb,
      t.outGb,
      '',
      '',
      centsToDecimal(t.billedCents),
    ]);
  }
  const t = report.totals;
  rows.push([
    `${report.from} to ${report.to}`,
    'All circuits',
    'Total',
    t.inGb,
    t.outGb,
    '',
    '',
    centsToDecimal(t.billedCents),
  ]);
  return toCsv(rows);
}

export interface WholesalePdfData {
  provider: { name: string; supportPhone: string };
  account: { id: string; name: string };
  report: WholesaleReport;
  generatedAt: Date;
}

const monthLabel = (month: string) => longDate(`${month}-01`).replace(/ 1,/, '');
const gb = (n: number) => n.toLocaleString('en-US');

export function renderWholesaleReportPdf(data: WholesalePdfData): Promise<Buffer> {
  const { report } = data;
  const { doc, bytes: done } = startPdf({
    size: 'LETTER',
    layout: 'landscape',
    margin: 48,
    info: {
      Title: `Wholesale report ${report.from} to ${report.to}`,
      Author: data.provider.name,
      Subject: `Wholesale report for account ${data.account.id}`,
      CreationDate: data.generatedAt,
    },
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  // Month/circuit, in, out, peak, availability, billed.
  const widths = [250, 90, 90, 80, 90, 96];
  const xs: number[] = [];
  widths.reduce((x, w) => {
    xs.push(x);
    return x + w;
  }, left);
  drawReportHeader(doc, {
    provider: data.provider.name,
    title: 'Wholesale report',
    subtitle: `${data.account.name} · account ${data.account.id} · ${monthLabel(report.from)} to ${monthLabel(report.to)} · made ${longDate(data.generatedAt.toISOString())}`,
    top: 48,
  });
  let y = doc.y + 14;
  const heads = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(PDF_COLORS.muted);
    ['MONTH / CIRCUIT', 'IN (GB)', 'OUT (GB)', 'PEAK (MBPS)', 'AVAILABILITY', 'BILLED'].forEach((h, i) => {
      doc.text(h, xs[i] ?? left, y, { width: (widths[i] ?? 80) - 6, align: i === 0 ? 'left' : 'right' });
    });
    y += 14;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor('#cbd2d9').stroke();
    y += 6;
  };
  const row = (cells: string[], bold = false) => {
    if (y > doc.page.height - doc.page.margins.bottom - 24) {
      doc.addPage();
      y = doc.page.margins.top;
      heads();
    }
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(PDF_COLORS.ink);
    cells.forEach((c, i) => {
      doc.text(c, xs[i] ?? left, y, {
        width: (widths[i] ?? 80) - 6,
        align: i === 0 ? 'left' : 'right',
        lineBreak: false,
      });
    });
    y += 16;
  };
  heads();
  const circuit = new Map(report.circuits.map((c) => [c.WholesaleServiceID, c]));
  for (const m of report.monthTotals) {
    const rows = report.rows.filter((r) => r.month === m.month);
    row([monthLabel(m.month), gb(m.inGb), gb(m.outGb), '', '', formatCents(m.billedCents)], true);
    for (const r of rows) {
      const c = circuit.get(r.WholesaleServiceID);
      row([
        `   ${c?.circuitId ?? ''} ${c?.label ?? ''}`.slice(0, 60),
        gb(r.inGb),
        gb(r.outGb),
        gb(r.peakMbps),
        availabilityLabel(r.availabilityBp),
        formatCents(r.billedCents),
      ]);
    }
  }
  y += 6;
  row(['Total', gb(report.totals.inGb), gb(report.totals.outGb), '', '', formatCents(report.totals.billedCents)], true);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(PDF_COLORS.muted)
    .text(`Questions about this report: ${data.provider.supportPhone}.`, left, y + 12);
  doc.end();
  return done;
}
