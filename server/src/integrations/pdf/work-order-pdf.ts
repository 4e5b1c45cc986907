/**
 * The work-order PDF (SPEC §7 "Work order PDF by work order id"), made with pdfkit from a plain data object so any
 * area can print one: the installer's work-order home and the contractor's viewPDF both call renderWorkOrderPdf.
 * No I/O here: the caller loads the data (and checks who may see it) and decides where the bytes go.
 */
import { type PdfDoc as Doc, startPdf } from './pdf-document.js';

export interface WorkOrderPdfContact {
  name: string;
  category?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface WorkOrderPdfNote {
  author: string;
  /** ISO-8601 timestamp or any display text. */
  createdAt: string;
  body: string;
}

/** A titled block of label/value rows, e.g. a checklist's answers or a physical plant config. */
export interface WorkOrderPdfSection {
  heading: string;
  rows: ReadonlyArray<readonly [label: string, value: string | number | null | undefined]>;
}

export interface WorkOrderPdfData {
  workOrderId: number;
  /** The work order type's description, e.g. 'Consumer Fiber Install'. */
  type: string;
  status?: string | null;
  customer: { id?: string | null; name: string; status?: string | null };
  serviceAddress?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  coloArea?: string | null;
  dueDate?: string | null;
  nextScheduledName?: string | null;
  nextScheduledTime?: string | null;
  lastUpdated?: string | null;
  orderId?: number | null;
  summary?: string | null;
  assignedTo?: readonly string[];
  contacts?: readonly WorkOrderPdfContact[];
  notes?: readonly WorkOrderPdfNote[];
  sections?: readonly WorkOrderPdfSection[];
  /** Printed in the footer and used as the PDF's creation date, so the same data gives the same file. */
  generatedAt: Date;
  /** Defaults to 'Strand'. */
  producer?: string;
}

const MARGIN = 54;
const LABEL_WIDTH = 150;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#b8b8b8';

/** Renders the work order as a US-Letter PDF and resolves with its bytes. */
export async function renderWorkOrderPdf(data: WorkOrderPdfData): Promise<Buffer> {
  const { doc, bytes } = startPdf({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Work Order ${data.workOrderId}`,
      Subject: data.type,
      Producer: data.producer ?? 'Strand',
      Creator: data.producer ?? 'Strand',
      CreationDate: data.generatedAt,
    },
  });
  writeBody(doc, data);
  writeFooters(doc, data);
  doc.end();
  return bytes;
}

function writeBody(doc: Doc, data: WorkOrderPdfData): void {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(`Work Order #${data.workOrderId}`);
  doc.font('Helvetica').fontSize(13).fillColor(MUTED).text(data.type);
  doc.moveDown(0.8);

  section(doc, 'Work order', [
    ['Work Order ID', data.workOrderId],
    ['Type', data.type],
    ['Status', data.status],
    ['Order ID', data.orderId],
    ['Due Date', data.dueDate],
    ['Next Scheduled', joinPresent([data.nextScheduledName, data.nextScheduledTime], ' - ')],
    ['Colo Area', data.coloArea],
    ['Last Updated', data.lastUpdated],
    ['Summary', data.summary],
    ['Assigned To', data.assignedTo && data.assignedTo.length > 0 ? data.assignedTo.join(', ') : 'Nobody'],
  ]);

  section(doc, 'Customer and service location', [
    ['Customer', data.customer.name],
    ['Customer ID', data.customer.id],
    ['Customer Status', data.customer.status],
    ['Service Address', data.serviceAddress],
    [
      'Coordinates',
      data.latitude != null && data.longitude != null
        ? `${data.latitude.toFixed(6)}, ${data.longitude.toFixed(6)}`
        : null,
    ],
  ]);

  if (data.contacts) {
    heading(doc, 'Contacts');
    if (data.contacts.length === 0) paragraph(doc, 'No Contacts');
    for (const contact of data.contacts) {
      paragraph(
        doc,
        joinPresent(
          [contact.category ? `${contact.name} (${contact.category})` : contact.name, contact.email, contact.phone],
          ' - ',
        ) ?? contact.name,
      );
    }
    doc.moveDown(0.6);
  }

  for (const extra of data.sections ?? []) section(doc, extra.heading, extra.rows);

  if (data.notes) {
    heading(doc, 'Notes');
    if (data.notes.length === 0) paragraph(doc, 'No notes available for this work order');
    for (const note of data.notes) {
      ensureRoom(doc, 40);
      doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(`${note.author} - ${note.createdAt}`);
      doc.font('Helvetica').fontSize(11).fillColor(INK).text(note.body);
      doc.moveDown(0.4);
    }
  }
}

function section(doc: Doc, title: string, rows: WorkOrderPdfSection['rows']): void {
  const present = rows.filter(([, value]) => value !== null && value !== undefined && String(value).trim() !== '');
  if (present.length === 0) return;
  heading(doc, title);
  const valueX = MARGIN + LABEL_WIDTH;
  const valueWidth = doc.page.width - MARGIN - valueX;
  for (const [label, value] of present) {
    const text = String(value);
    doc.font('Helvetica').fontSize(11);
    const height = Math.max(doc.heightOfString(text, { width: valueWidth }), 14);
    ensureRoom(doc, height + 4);
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, MARGIN, y, { width: LABEL_WIDTH - 8 });
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(text, valueX, y, { width: valueWidth });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  }
  doc.moveDown(0.6);
}

function heading(doc: Doc, title: string): void {
  ensureRoom(doc, 48);
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(title);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 6;
}

function paragraph(doc: Doc, text: string): void {
  doc.font('Helvetica').fontSize(11).fillColor(INK).text(text, MARGIN);
}

/** Starts a new page when less than `height` points are left, so a row or heading is never split. */
function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

function writeFooters(doc: Doc, data: WorkOrderPdfData): void {
  const range = doc.bufferedPageRange();
  const stamp = `Work Order #${data.workOrderId} - generated ${data.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would make pdfkit add a page; lift the margin while stamping.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${stamp} - page ${i - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 16, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

function joinPresent(parts: ReadonlyArray<string | number | null | undefined>, separator: string): string | null {
  const present = parts.filter((p) => p !== null && p !== undefined && String(p).trim() !== '');
  return present.length > 0 ? present.join(separator) : null;
}
