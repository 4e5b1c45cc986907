/**
 * A contractor work order's files (SPEC §7 viewAttachment, the multipart upload, viewPDF). Uploads are checked by
 * their content (file-type), stored under server-chosen keys and recorded in one transaction; a retried upload
 * (same Idempotency-Key) returns the first answer and stores nothing twice.
 */
import {
  CHECKLIST_FIELDS,
  CONTRACTOR_UPLOAD_INVALID_MESSAGE,
  CONTRACTOR_UPLOAD_MAX_FILES,
  CONTRACTOR_UPLOAD_TYPES,
  type ContractorAttachment,
  checklistFormFor,
  fieldLabel,
  formatChecklistValue,
  PHOTO_MAX_FILE_BYTES,
  PHOTO_MAX_SUBMISSION_BYTES,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { renderWorkOrderPdf, type WorkOrderPdfSection } from '../../integrations/pdf/work-order-pdf.js';
import { HttpError, notFound } from '../../lib/errors.js';
import {
  type AttachmentFields,
  checkAttachmentUpload,
  type IncomingFile,
  type UploadPolicy,
} from '../../lib/uploads.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertContractorMayReach, type ReachedWorkOrder } from '../access/access.service.js';
import * as attachments from '../attachments/attachments.service.js';
import * as checklistRepo from './checklists.repository.js';
import { loadWorkOrder } from './contractor-work-orders.service.js';
import * as repo from './files.repository.js';

export async function listAttachments(ctx: AppContext, user: Viewer, workOrderId: number) {
  await assertContractorMayReach(ctx, user, workOrderId);
  return attachments.listAttachments(ctx, workOrderId);
}

/** An attachment's bytes, for the company's own work order only. */
export async function openAttachment(ctx: AppContext, user: Viewer, workOrderId: number, attachmentId: number) {
  await assertContractorMayReach(ctx, user, workOrderId);
  const file = await attachments.openAttachment(ctx, attachmentId, async (of) => {
    if (of !== workOrderId) throw notFound('This work order has no such attachment.');
  });
  if (!file) throw notFound('This work order has no such attachment.');
  return file;
}

// ---- uploads ---------------------------------------------------------------------------------------------------

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** SPEC §5's message plus the total size, as a 413. */
export function uploadTooLarge(totalBytes: number, atLeast = false): HttpError {
  const total = `${atLeast ? 'more than ' : ''}${mb(totalBytes)}`;
  return new HttpError(413, 'payload_too_large', `${CONTRACTOR_UPLOAD_INVALID_MESSAGE}. Total size: ${total}.`, {
    files: `At most ${mb(PHOTO_MAX_FILE_BYTES)} per file and ${mb(PHOTO_MAX_SUBMISSION_BYTES)} per submission.`,
  });
}

/** How the upload form's body is read: any file field, FileName and FileDescription. */
export const CONTRACTOR_UPLOAD: UploadPolicy = {
  noun: 'files',
  maxFiles: CONTRACTOR_UPLOAD_MAX_FILES,
  maxSubmissionBytes: PHOTO_MAX_SUBMISSION_BYTES,
  maxFileBytes: PHOTO_MAX_FILE_BYTES,
  tooLarge: uploadTooLarge,
  textFields: ['FileName', 'FileDescription'],
};

/**
 * Stores an upload to a work order the route found the user may reach (assertContractorMayReach, before a byte of
 * the body was read), so the check is not repeated here.
 */
export async function saveUploads(
  ctx: AppContext,
  user: Viewer,
  workOrder: ReachedWorkOrder,
  files: IncomingFile[],
  fields: AttachmentFields,
  idempotencyKey: string | undefined,
): Promise<{ attachments: ContractorAttachment[] }> {
  const workOrderId = workOrder.id;
  const checked = await checkAttachmentUpload(files, fields, {
    accepted: CONTRACTOR_UPLOAD_TYPES,
    refused: (file) => `${file} is not a photo (JPEG, PNG, GIF, WebP) or a PDF.`,
    fallbackStem: 'upload',
    noneSent: 'Choose at least one file to upload.',
    image: ctx.config.uploads.image,
  });
  return attachments.storeAttachments(ctx, user, {
    workOrderId,
    ...checked,
    idempotencyKey,
    route: `contractor.upload:${workOrderId}`,
    audit: { action: 'contractor.upload', customerId: workOrder.customer_id },
  });
}

// ---- PDF -------------------------------------------------------------------------------------------------------

/** viewPDF: the work order with its checklist answers and assembly units, by the shared renderer. */
export async function workOrderPdf(ctx: AppContext, user: Viewer, workOrderId: number): Promise<Buffer> {
  const workOrder = await assertContractorMayReach(ctx, user, workOrderId);
  const wo = await loadWorkOrder(ctx, workOrder);
  const [assignees, contacts, notes, dropTypes] = await Promise.all([
    repo.findAssignees(ctx.db, workOrderId),
    workOrder.service_location_id ? repo.findContacts(ctx.db, workOrder.service_location_id) : Promise.resolve([]),
    repo.findNotes(ctx.db, workOrderId),
    checklistRepo.findDropTypes(ctx.db, wo.WorkOrderType.isBusiness),
  ]);
  const form = checklistFormFor({
    viewFile: wo.WorkOrderType.vcViewFile,
    isBusiness: wo.WorkOrderType.isBusiness,
    templateType: wo.WorkOrderType.vcTemplateType,
  });
  const sections: WorkOrderPdfSection[] = [];
  if (form) {
    const names = { dropTypes: new Map(dropTypes.map((d) => [d.id, d.type])) };
    const fields = CHECKLIST_FIELDS[form.family];
    sections.push({
      heading: `${form.title}${form.family === 'base' ? ` (${form.templateType})` : ''}`,
      rows: [
        ...fields.map((f) => [f.label, formatChecklistValue(f, wo.checklist.data[f.name] ?? null, names)] as const),
        [fieldLabel(form.family, 'tsArrivalOnsite'), wo.checklist.tsArrivalOnsite],
        [fieldLabel(form.family, 'tsWorkComplete'), wo.checklist.tsWorkComplete],
        [fieldLabel(form.family, 'txtNotes'), wo.checklist.txtNotes],
      ],
    });
  }
  if (wo.assemblyUnits.length > 0) {
    sections.push({
      heading: 'Assembly units',
      rows: wo.assemblyUnits.map((u) => [`${u.vcCode} ${u.vcDescription}`, `Quantity ${u.QtyUnits}`] as const),
    });
  }
  return renderWorkOrderPdf({
    workOrderId: wo.WorkOrderID,
    type: wo.WorkOrderType.vcDescription,
    status: wo.vcStatus,
    customer: { id: wo.Customer.vcCustomerID, name: wo.Customer.vcCustomerName },
    serviceAddress: wo.ServiceLocationDetails?.fullAddress ?? null,
    latitude: wo.ServiceLocationDetails?.Latitude ?? null,
    longitude: wo.ServiceLocationDetails?.Longitude ?? null,
    coloArea: wo.vcColoArea,
    dueDate: wo.dtDueDate,
    nextScheduledName: wo.vcNextScheduledName,
    nextScheduledTime: wo.vcNextScheduledTime,
    lastUpdated: wo.dtLastUpdated,
    orderId: wo.nOrderID,
    summary: wo.vcSummary,
    assignedTo: assignees.map((a) => `${a.first_name} ${a.last_name}`),
    contacts: contacts.map((c) => ({ name: c.name, category: c.category, phone: c.phone, email: c.email })),
    notes: notes.map((n) => ({ author: n.author, createdAt: n.created_at, body: n.body })),
    sections,
    generatedAt: ctx.now(),
  });
}
