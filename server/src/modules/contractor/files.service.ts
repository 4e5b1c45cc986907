/**
 * A contractor work order's files (SPEC §7 viewAttachment, the multipart upload, viewPDF). Uploads are checked by
 * their content (file-type), stored under server-chosen keys and recorded in one transaction; a retried upload
 * (same Idempotency-Key) returns the first answer and stores nothing twice.
 */
import { randomUUID } from 'node:crypto';
import {
  CHECKLIST_FIELDS,
  CONTRACTOR_UPLOAD_INVALID_MESSAGE,
  CONTRACTOR_UPLOAD_TYPES,
  type ContractorAttachment,
  checklistFormFor,
  fieldLabel,
  formatChecklistValue,
  PHOTO_MAX_FILE_BYTES,
  PHOTO_MAX_SUBMISSION_BYTES,
  type SessionClaims,
} from '@strand/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.js';
import { renderWorkOrderPdf, type WorkOrderPdfSection } from '../../integrations/pdf/work-order-pdf.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import * as checklistRepo from './checklists.repository.js';
import { getWorkOrder } from './contractor-work-orders.service.js';
import * as repo from './files.repository.js';

const toAttachment = (r: Awaited<ReturnType<typeof repo.findAttachments>>[number]): ContractorAttachment => ({
  nCount: r.id,
  vcFileName: r.file_name,
  vcDescription: r.description,
  vcContentType: r.content_type,
  nSizeBytes: r.size_bytes,
  dtCreated: r.created_at,
});

export async function listAttachments(ctx: AppContext, user: SessionClaims, workOrderId: number) {
  await getWorkOrder(ctx, user, workOrderId);
  return (await repo.findAttachments(ctx.db, workOrderId)).map(toAttachment);
}

/** An attachment's bytes, for the company's own work order only. */
export async function openAttachment(ctx: AppContext, user: SessionClaims, workOrderId: number, attachmentId: number) {
  await getWorkOrder(ctx, user, workOrderId);
  const row = await repo.findAttachment(ctx.db, attachmentId);
  if (!row || row.work_order_id !== workOrderId) throw notFound('This work order has no such attachment.');
  const file = await ctx.files.open(row.storage_key);
  return { ...file, fileName: row.file_name, contentType: row.content_type };
}

// ---- uploads ---------------------------------------------------------------------------------------------------

export interface IncomingFile {
  fieldName: string;
  fileName: string;
  bytes: Buffer;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** SPEC §5's message plus the total size, as a 413. */
export function uploadTooLarge(totalBytes: number, atLeast = false): HttpError {
  const total = `${atLeast ? 'more than ' : ''}${mb(totalBytes)}`;
  return new HttpError(413, 'payload_too_large', `${CONTRACTOR_UPLOAD_INVALID_MESSAGE}. Total size: ${total}.`, {
    files: `At most ${mb(PHOTO_MAX_FILE_BYTES)} per file and ${mb(PHOTO_MAX_SUBMISSION_BYTES)} per submission.`,
  });
}

/** A display name without folders, control characters or quotes, ending in the detected extension. */
export function cleanFileName(name: string, ext: string, fallback: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const base = [...last]
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f' && !'"<>|:*?'.includes(ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 100) || fallback;
  return `${stem}.${ext}`;
}

export interface UploadFields {
  FileName?: string | undefined;
  FileDescription?: string | undefined;
}

export async function saveUploads(
  ctx: AppContext,
  user: SessionClaims,
  workOrderId: number,
  files: IncomingFile[],
  fields: UploadFields,
  idempotencyKey: string | undefined,
): Promise<{ attachments: ContractorAttachment[] }> {
  await getWorkOrder(ctx, user, workOrderId);
  if (files.length === 0) throw badRequest('Choose at least one file to upload.', { files: 'No file was sent.' });
  const description = fields.FileDescription?.trim() || null;
  if (description && description.length > 500) {
    throw badRequest('File description must be at most 500 characters.', {
      FileDescription: 'At most 500 characters.',
    });
  }
  const checked: (IncomingFile & { ext: string; mime: string; name: string })[] = [];
  for (const [i, file] of files.entries()) {
    const type = await fileTypeFromBuffer(file.bytes);
    if (!type || !CONTRACTOR_UPLOAD_TYPES.includes(type.mime)) {
      const message = `${file.fileName || `File ${i + 1}`} is not a photo (JPEG, PNG, GIF, WebP) or a PDF.`;
      throw badRequest(message, { [file.fieldName]: message });
    }
    const given = fields.FileName?.trim();
    const name = given ? (files.length > 1 ? `${given}-${i + 1}` : given) : file.fileName;
    checked.push({ ...file, ext: type.ext, mime: type.mime, name: cleanFileName(name, type.ext, `upload-${i + 1}`) });
  }

  const now = ctx.now();
  const written: string[] = [];
  try {
    const result = await runIdempotent(
      ctx.db,
      { userId: user.nUserID, key: idempotencyKey, route: `contractor.upload:${workOrderId}`, now },
      async (trx) => {
        const attachments: ContractorAttachment[] = [];
        for (const [i, file] of checked.entries()) {
          const key = `attachments/${workOrderId}/${randomUUID()}.${file.ext}`;
          const stored = await ctx.files.put(key, file.bytes);
          written.push(key);
          const row = {
            work_order_id: workOrderId,
            file_name: file.name,
            description,
            storage_key: key,
            content_type: file.mime,
            size_bytes: stored.sizeBytes,
            sha256: stored.sha256,
            uploaded_by: user.nUserID,
            // The attachments table's own guard against doubles, besides the idempotency record.
            idempotency_key: idempotencyKey ? `${idempotencyKey}-${i}` : null,
            created_at: now.toISOString(),
          };
          const id = await repo.insertAttachment(trx, row);
          attachments.push(toAttachment({ id, ...row }));
        }
        return { statusCode: 201, body: { attachments } };
      },
    );
    // A replay wrote files that the first request already stored: they are not referenced, so remove them.
    if (result.replayed) await Promise.all(written.map((k) => ctx.files.remove(k)));
    return result.body;
  } catch (err) {
    await Promise.all(written.map((k) => ctx.files.remove(k).catch(() => undefined)));
    throw err;
  }
}

// ---- PDF -------------------------------------------------------------------------------------------------------

/** viewPDF: the work order with its checklist answers and assembly units, by the shared renderer. */
export async function workOrderPdf(ctx: AppContext, user: SessionClaims, workOrderId: number): Promise<Buffer> {
  const wo = await getWorkOrder(ctx, user, workOrderId);
  const location = await repo.findServiceLocationId(ctx.db, workOrderId);
  const [assignees, contacts, notes, dropTypes] = await Promise.all([
    repo.findAssignees(ctx.db, workOrderId),
    location?.service_location_id ? repo.findContacts(ctx.db, location.service_location_id) : Promise.resolve([]),
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
