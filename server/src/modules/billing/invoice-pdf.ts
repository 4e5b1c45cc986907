/**
 * The PDF of one invoice (downloadInvoicePDF), drawn on the server with pdfkit's built-in Helvetica: provider and
 * account, bill-to address, the charges, payments applied and the balance due. The creation date is the time it was
 * made for the customer; nothing else varies, so the same invoice renders the same way.
 */
import { formatCents } from '@strand/domain';
import { startPdf } from '../../integrations/pdf/pdf-document.js';
import { longDate, PDF_COLORS } from '../../integrations/pdf/pdf-style.js';

export interface InvoicePdfData {
  provider: { name: string; supportPhone: string };
  account: { id: string; name: string };
  billTo: string[];
  invoice: {
    id: number;
    groupId: number;
    invoiceDate: string;
    dueDate: string;
    status: string;
    amountCents: number;
    balanceCents: number;
  };
  lines: { description: string; amountCents: number }[];
  payments: { paidAt: string; amountCents: number }[];
  generatedAt: Date;
}

const { ink: INK, muted: MUTED, brand: BRAND, danger: DANGER } = PDF_COLORS;

export function renderInvoicePdf(data: InvoicePdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, bytes: done } = startPdf({
    size: 'LETTER',
    margin: 54,
    compress: options.compress ?? true,
    info: {
      Title: `Invoice ${data.invoice.id}`,
      Author: data.provider.name,
      Subject: `Invoice ${data.invoice.id} for account ${data.account.id}`,
      CreationDate: data.generatedAt,
    },
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const { invoice } = data;

  // Header: provider on the left, the document's name and number on the right.
  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(data.provider.name, left, 54, { width: width / 2 });
  doc
    .fillColor(INK)
    .fontSize(22)
    .text('INVOICE', left + width / 2, 54, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Customer service ${data.provider.supportPhone}`, left, 82, { width: width / 2 });

  const meta: [string, string][] = [
    ['Invoice number', String(invoice.id)],
    ['Invoice group', String(invoice.groupId)],
    ['Invoice date', longDate(invoice.invoiceDate)],
    ['Due date', longDate(invoice.dueDate)],
    ['Account number', data.account.id],
  ];
  let y = 112;
  for (const [label, value] of meta) {
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(label, left + width / 2, y, { width: width / 4 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, left + (3 * width) / 4, y, { width: width / 4, align: 'right' });
    y += 15;
  }
  if (invoice.status !== 'Open') {
    doc
      .font('Helvetica-Bold')
      .fillColor(invoice.status === 'Paid' ? BRAND : DANGER)
      .text(invoice.status.toUpperCase(), left + width / 2, y + 4, { width: width / 2, align: 'right' });
  }

  doc.font('Helvetica-Bold').fillColor(MUTED).fontSize(9).text('BILL TO', left, 112);
  doc
    .font('Helvetica')
    .fillColor(INK)
    .fontSize(11)
    .text([data.account.name, ...data.billTo].join('\n'), left, 126, {
      width: width / 2 - 12,
    });

  // Charges.
  y = Math.max(y + 36, doc.y + 24);
  const amountX = right - 120;
  const rule = (at: number, color = '#cbd2d9') =>
    doc.moveTo(left, at).lineTo(right, at).lineWidth(0.75).strokeColor(color).stroke();
  doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED);
  doc.text('DESCRIPTION', left, y).text('AMOUNT', amountX, y, { width: 120, align: 'right' });
  y += 16;
  rule(y);
  y += 8;
  doc.font('Helvetica').fontSize(11).fillColor(INK);
  const row = (label: string, cents: number, bold = false) => {
    if (y > doc.page.height - 120) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const height = doc.heightOfString(label, { width: amountX - left - 12 });
    doc.text(label, left, y, { width: amountX - left - 12 });
    doc.text(formatCents(cents), amountX, y, { width: 120, align: 'right' });
    y += Math.max(height, 14) + 6;
  };
  for (const line of data.lines) row(line.description, line.amountCents);
  rule(y);
  y += 8;
  row('Total charges', invoice.amountCents, true);
  for (const payment of data.payments) row(`Payment received ${longDate(payment.paidAt)}`, -payment.amountCents);
  rule(y, BRAND);
  y += 8;
  doc.fontSize(13);
  row('Balance due', invoice.balanceCents, true);

  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(
    `Questions about this bill? Call ${data.provider.supportPhone}. Pay online in the Billing Center of the customer portal.`,
    left,
    doc.page.height - doc.page.margins.bottom - 24,
    { width, align: 'center' },
  );
  doc.end();
  return done;
}
