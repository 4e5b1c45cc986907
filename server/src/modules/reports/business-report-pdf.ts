/**
 * The business report as a PDF (viewDownloadBusinessReport), drawn with pdfkit's built-in Helvetica like the
 * invoice PDF: provider and account, the range, then per month each location's billed, paid and balance, the month's
 * total, and the grand total. Long reports continue on new pages with the column heads repeated.
 */
import { type BusinessReport, formatCents } from '@strand/domain';
import { drawReportHeader, startPdf } from '../../integrations/pdf/pdf-document.js';
import { longDate, PDF_COLORS } from '../../integrations/pdf/pdf-style.js';

export interface BusinessReportPdfData {
  provider: { name: string; supportPhone: string };
  account: { id: string; name: string };
  report: BusinessReport;
  generatedAt: Date;
}

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLORS;

/** 2025-03 -> "Mar 2025". */
export const monthLabel = (month: string) => longDate(`${month}-01`).replace(/ 1,/, '');

export function renderBusinessReportPdf(data: BusinessReportPdfData, options: { compress?: boolean } = {}) {
  const { report } = data;
  const { doc, bytes: done } = startPdf({
    size: 'LETTER',
    margin: 54,
    compress: options.compress ?? true,
    info: {
      Title: `Business report ${report.from} to ${report.to}`,
      Author: data.provider.name,
      Subject: `Business report for account ${data.account.id}`,
      CreationDate: data.generatedAt,
    },
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const money = 84;
  const labelWidth = width - 3 * money - 12;
  const columns = [right - 3 * money, right - 2 * money, right - money];

  drawReportHeader(doc, {
    provider: data.provider.name,
    title: 'Business report',
    subtitle: `${data.account.name} · account ${data.account.id} · ${monthLabel(report.from)} to ${monthLabel(report.to)}`,
    top: 54,
  });
  doc.text(
    `Made ${longDate(data.generatedAt.toISOString())}. Paid: completed payments applied to the month's invoices.`,
  );

  let y = doc.y + 18;
  const rule = (at: number, color = '#cbd2d9') =>
    doc.moveTo(left, at).lineTo(right, at).lineWidth(0.75).strokeColor(color).stroke();
  const heads = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
    doc.text('MONTH / SERVICE LOCATION', left, y, { width: labelWidth });
    ['BILLED', 'PAID', 'BALANCE'].forEach((h, i) => {
      doc.text(h, columns[i] ?? right, y, { width: money, align: 'right' });
    });
    y += 14;
    rule(y);
    y += 6;
  };
  const row = (label: string, m: { billedCents: number; paidCents: number; balanceCents: number }, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(doc.heightOfString(label, { width: labelWidth }), 12);
    if (y + height > doc.page.height - doc.page.margins.bottom - 30) {
      doc.addPage();
      y = doc.page.margins.top;
      heads();
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    }
    doc.fillColor(INK).text(label, left, y, { width: labelWidth });
    [m.billedCents, m.paidCents, m.balanceCents].forEach((cents, i) => {
      doc.text(formatCents(cents), columns[i] ?? right, y, { width: money, align: 'right' });
    });
    y += height + 5;
  };

  heads();
  const label = new Map(report.locations.map((l) => [l.ServiceLocationID, l.label]));
  for (const month of report.monthTotals) {
    for (const r of report.rows.filter((x) => x.month === month.month)) {
      row(`    ${label.get(r.ServiceLocationID) ?? `Location ${r.ServiceLocationID}`}`, r);
    }
    row(`${monthLabel(month.month)} total`, month, true);
    y += 3;
  }
  rule(y, BRAND);
  y += 6;
  row('Total', report.totals, true);

  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(
    `Questions about this report? Call ${data.provider.supportPhone}.`,
    left,
    doc.page.height - doc.page.margins.bottom - 12,
    { width, align: 'center', lineBreak: false },
  );
  doc.end();
  return done;
}
