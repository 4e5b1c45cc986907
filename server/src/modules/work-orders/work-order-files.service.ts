/**
 * The work order's files: the attachment list with links that open each file, and the work-order PDF made on the
 * server (pdfkit) from the same data the home shows. Links carry short-lived tickets (file-tickets.ts).
 */
import type { Readable } from 'node:stream';
import type { Attachment, PdfLink } from '@strand/domain';
import { fullAddress } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { renderWorkOrderPdf, type WorkOrderPdfSection } from '../../integrations/pdf/work-order-pdf.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { assertInstallerMayReach } from '../access/access.service.js';
import * as attachments from '../attachments/attachments.service.js';
import { issueFileTicket, ticketExpiry, verifyFileTicket } from './file-tickets.js';
import * as repo from './work-orders.repository.js';
import { loadWorkOrderObject, plantConfigOf } from './work-orders.service.js';

const FILES = '/api/installer/files';

export async function getAttachments(ctx: AppContext, userId: number, workOrderId: number): Promise<Attachment[]> {
  await assertInstallerMayReach(ctx, workOrderId);
  const now = ctx.now();
  return (await attachments.listAttachments(ctx, workOrderId)).map((a) => ({
    ...a,
    url: `${FILES}/attachments/${a.nCount}?token=${issueFileTicket(ctx.config.jwtSecret, userId, { kind: 'attachment', id: a.nCount }, now)}`,
  }));
}

export async function getPdfLink(ctx: AppContext, userId: number, workOrderId: number): Promise<PdfLink> {
  await assertInstallerMayReach(ctx, workOrderId);
  const now = ctx.now();
  const ticket = issueFileTicket(ctx.config.jwtSecret, userId, { kind: 'pdf', id: workOrderId }, now);
  const path = `${FILES}/work-orders/${workOrderId}/pdf?token=${ticket}`;
  return {
    path,
    downloadPath: `${path}&download=1`,
    fileName: pdfFileName(workOrderId),
    expiresAt: ticketExpiry(now).toISOString(),
  };
}

export const pdfFileName = (workOrderId: number) => `work-order-${workOrderId}.pdf`;

/** Re-checks at use time that the ticket's user is still an enabled installer. */
async function assertTicketUser(ctx: AppContext, userId: number): Promise<void> {
  if (!(await repo.findActiveInstaller(ctx.db, userId))) throw forbidden('This file link is no longer valid.');
}

export interface FileDownload {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  body: Readable | Buffer;
}

export async function openAttachment(ctx: AppContext, attachmentId: number, ticket: string): Promise<FileDownload> {
  const userId = verifyFileTicket(ctx.config.jwtSecret, ticket, { kind: 'attachment', id: attachmentId }, ctx.now());
  await assertTicketUser(ctx, userId);
  // The work order may have been handed to a contractor company since the link was made.
  const file = await attachments.openAttachment(ctx, attachmentId, (workOrderId) =>
    assertInstallerMayReach(ctx, workOrderId),
  );
  if (!file) throw notFound('That attachment no longer exists.');
  return { fileName: file.fileName, contentType: file.contentType, sizeBytes: file.sizeBytes, body: file.stream };
}

export async function makeWorkOrderPdf(ctx: AppContext, workOrderId: number, ticket: string): Promise<FileDownload> {
  const userId = verifyFileTicket(ctx.config.jwtSecret, ticket, { kind: 'pdf', id: workOrderId }, ctx.now());
  await assertTicketUser(ctx, userId);
  const { object: wo, row } = await loadWorkOrderObject(ctx, await assertInstallerMayReach(ctx, workOrderId));
  const [notes, plant, packages, circuits] = await Promise.all([
    repo.listNotes(ctx.db, workOrderId),
    repo.findPlantConfigOfWorkOrder(ctx.db, workOrderId),
    row.service_location_id === null ? [] : repo.listLocationPackages(ctx.db, row.service_location_id),
    row.service_location_id === null ? [] : repo.listCircuits(ctx.db, row.service_location_id),
  ]);
  const sections: WorkOrderPdfSection[] = [];
  if (packages.length > 0) {
    sections.push({
      heading: 'Packages',
      rows: packages.map((p) => [p.name, `${p.active === 1 ? 'Active' : 'Inactive'} since ${p.start_date}`]),
    });
  }
  if (circuits.length > 0) {
    sections.push({
      heading: 'Circuits',
      rows: circuits.map((c) => [`${c.product} ${c.circuit_code}`, c.description]),
    });
  }
  if (plant) {
    const config = plantConfigOf(plant);
    const flag = (v: string | null) => (v === '1' ? 'Yes' : v === '0' ? 'No' : v);
    sections.push({
      heading: 'Physical plant config',
      rows: [
        ['Splitter Port', config.splitterPort.vcPortLabel],
        ['Splitter', config.splitterPort.vcAssetDescription],
        ['Splitter Asset ID', config.vcSplitterAssetID],
        ['Fiber Drop Only', flag(config.nIsFiberDropOnly)],
        ['Cabinet Location', config.vcCabinetLocation],
        ['Fiber Size', [config.vcFiberSize, config.vcFiberSize2].filter(Boolean).join(' / ')],
        ['Fiber Strand', [config.vcFiberStrand, config.vcFiberStrand2].filter(Boolean).join(' / ')],
        ['Existing Logical Circuit', config.nExistingLogicalCircuitID],
        ['Existing Fiber Drop', flag(config.nExistingFiberDrop)],
        ['ONT Number', config.nONTNumber],
        ['Fiber Port', config.vcFiberPort],
        ['Hand Hole Address', config.vcHandHoleAddress],
      ],
    });
  }
  const body = await renderWorkOrderPdf({
    workOrderId: wo.WorkOrderID,
    type: wo.WorkOrderType.vcDescription,
    status: wo.WorkOrder.vcStatus,
    customer: {
      id: wo.Customer.vcCustomerID,
      name: wo.Customer.vcCustomerName,
      status: wo.Customer.vcCustomerStatus,
    },
    serviceAddress: row.address === null ? null : fullAddress(row),
    latitude: row.latitude,
    longitude: row.longitude,
    coloArea: wo.WorkOrder.vcColoArea,
    dueDate: wo.WorkOrder.dtDueDate,
    nextScheduledName: wo.WorkOrder.vcNextScheduledName,
    nextScheduledTime: wo.WorkOrder.vcNextScheduledTime?.replace('T', ' ').slice(0, 16) ?? null,
    lastUpdated: wo.WorkOrderDetails.dtLastUpdated.replace('T', ' ').slice(0, 16),
    orderId: wo.WorkOrderDetails.nOrderID,
    summary: wo.WorkOrder.vcSummary,
    assignedTo: wo.WorkOrderAssignments.map((a) => a.Name),
    contacts: wo.ContactMethods.contactMethodsArray.map((c) => ({
      name: c.ContactName,
      category: c.ContactCategory,
      phone: c.Phone,
      email: c.Email,
    })),
    notes: notes.map((n) => ({
      author: n.author,
      createdAt: n.created_at.replace('T', ' ').slice(0, 16),
      body: n.body,
    })),
    sections,
    generatedAt: ctx.now(),
  });
  return { fileName: pdfFileName(workOrderId), contentType: 'application/pdf', sizeBytes: body.length, body };
}
