/**
 * What every PDF the portal makes starts with (invoice, reports, fax cover, work order): a pdfkit document and the
 * promise of its bytes, and the reports' header (the provider's name, the title and a muted line of what it covers).
 */
import type PDFDocument from 'pdfkit';
import { lazyModule } from '../../lib/lazy-module.js';
import { PDF_COLORS } from './pdf-style.js';

export type PdfDoc = InstanceType<typeof PDFDocument>;

const pdfkit = lazyModule<typeof PDFDocument>('pdfkit');

/**
 * A new document; `bytes` resolves with the whole file once `doc.end()` has been called (rejects on an error).
 * pdfkit and its font code load with the first PDF, not when the server starts (most instances and test servers
 * make none for a long while).
 */
export function startPdf(options: PDFKit.PDFDocumentOptions): { doc: PdfDoc; bytes: Promise<Buffer> } {
  const Document = pdfkit();
  const doc = new Document(options);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

export interface ReportHeader {
  provider: string;
  title: string;
  /** The muted line under the title: whose report, which range, when it was made. */
  subtitle: string;
  /** Where the provider's name stands; the title is 24 pt and the subtitle 44 pt below it. */
  top: number;
  providerSize?: number;
}

/** Draws a report's header at the left margin and leaves the cursor under the subtitle. */
export function drawReportHeader(doc: PdfDoc, header: ReportHeader): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const { top } = header;
  doc
    .fillColor(PDF_COLORS.brand)
    .font('Helvetica-Bold')
    .fontSize(header.providerSize ?? 18)
    .text(header.provider, left, top, { width });
  doc
    .fillColor(PDF_COLORS.ink)
    .fontSize(14)
    .text(header.title, left, top + 24, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(PDF_COLORS.muted)
    .text(header.subtitle, left, top + 44, { width });
}
