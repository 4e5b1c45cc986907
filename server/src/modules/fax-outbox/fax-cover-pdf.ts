/**
 * The cover page of a fax sent from the portal (pdfkit's built-in Helvetica, like the invoice PDF): who it is from
 * (the account and its fax number), to which number, when, how many pages follow, and the customer's note.
 * Also the page count of a PDF sent as pages.
 */
import { formatPhone } from '@strand/domain';
import { startPdf } from '../../integrations/pdf/pdf-document.js';
import { longDate, PDF_COLORS } from '../../integrations/pdf/pdf-style.js';

export interface CoverPage {
  providerName: string;
  accountName: string;
  fromNumber: string;
  toNumber: string;
  /** Pages after the cover. */
  pages: number;
  note: string;
  at: Date;
}

export function renderFaxCoverPdf(cover: CoverPage): Promise<Buffer> {
  const { doc, bytes: done } = startPdf({
    size: 'LETTER',
    margin: 72,
    info: { Title: `Fax to ${formatPhone(cover.toNumber)}`, Author: cover.accountName, CreationDate: cover.at },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.fillColor(PDF_COLORS.brand).font('Helvetica-Bold').fontSize(36).text('FAX', left, 72);
  doc.fillColor(PDF_COLORS.ink).fontSize(12);
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.moveDown(0.3);
  };
  doc.moveDown(1);
  line('From', `${cover.accountName}, fax ${formatPhone(cover.fromNumber)}`);
  line('To', formatPhone(cover.toNumber));
  line('Date', `${longDate(cover.at.toISOString())}, ${cover.at.toISOString().slice(11, 16)} UTC`);
  line('Pages', `${cover.pages} after this cover page`);
  doc.moveDown(1);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(1)
    .strokeColor(PDF_COLORS.muted)
    .stroke();
  doc.moveDown(1);
  if (cover.note) doc.font('Helvetica').fontSize(12).fillColor(PDF_COLORS.ink).text(cover.note, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(PDF_COLORS.muted)
    .text(`Sent through the ${cover.providerName} customer portal.`, left, doc.page.height - 96, { width });
  doc.end();
  return done;
}

/**
 * The pages of a PDF: its page objects (`/Type /Page`, not `/Pages`); where those sit in compressed object streams,
 * the largest `/Count` of a page tree. 0 when neither can be read.
 */
export function pdfPageCount(bytes: Buffer): number {
  const text = bytes.toString('latin1');
  const objects = (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
  if (objects > 0) return objects;
  const counts = [...text.matchAll(/\/Count\s+(\d{1,6})/g)].map((m) => Number(m[1]));
  return counts.length > 0 ? Math.max(...counts) : 0;
}
