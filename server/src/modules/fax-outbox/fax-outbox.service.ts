/**
 * Faxes sent from the portal (SPEC §7 Services: fax outbox, download, queue): a fax is checked (the number, the
 * note, each file by its content, the sizes and pages), stored (files in the file store with their sha256, the fax
 * `queued`) in one transaction with its audit row, and then sent by the queue (fax-outbox.jobs.ts) through the fax
 * gateway. The outbox lists each fax with its files and every call made to the carrier.
 */
import { randomUUID } from 'node:crypto';
import {
  FAX_PAGE_TYPES,
  FAX_PAGE_TYPES_LABEL,
  FAX_SEND_MAX_FILE_BYTES,
  FAX_SEND_MAX_FILES,
  FAX_SEND_MAX_PAGES,
  FAX_SEND_MAX_TOTAL_BYTES,
  FAX_TOO_LARGE_MESSAGE,
  type FaxAttempt,
  type FaxOutbox,
  faxDestinationProblem,
  formatPhone,
  SendFaxFieldsSchema,
  type SentFax,
  type SentFaxStatus,
} from '@strand/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../../lib/errors.js';
import { assertKeyFits, runIdempotent } from '../../lib/idempotency.js';
import { checkAttachmentUpload, type IncomingFile, type UploadPolicy } from '../../lib/uploads.js';
import { assertOwned, type CustomerActor } from '../customer-account/customer-access.policy.js';
import { actorWith, auditCustomerWrite } from '../customer-account/customer-access.service.js';
import { pdfPageCount, renderFaxCoverPdf } from './fax-cover-pdf.js';
import * as repo from './fax-outbox.repository.js';

/**
 * Who may send faxes and read the outbox: customer users with the `services` permission category (SPEC §6), for the
 * session's own account only; fax numbers and sent faxes reached by id must be the account's (assertOwned below:
 * 404 unknown, 403 another account's).
 */
export const faxActor = (ctx: AppContext, req: FastifyRequest): Promise<CustomerActor> =>
  actorWith(ctx, req, 'services');

const mb = (bytes: number) => `${bytes / 1_048_576} MB`;

/** The 413 of a fax over the size limits. */
export function faxTooLarge(totalBytes: number, atLeast = false): HttpError {
  const total = `${(totalBytes / 1_048_576).toFixed(1)} MB`;
  return new HttpError(
    413,
    'payload_too_large',
    `${FAX_TOO_LARGE_MESSAGE} This one is ${atLeast ? 'more than ' : ''}${total}.`,
    {
      files: `At most ${mb(FAX_SEND_MAX_FILE_BYTES)} per file and ${mb(FAX_SEND_MAX_TOTAL_BYTES)} per fax.`,
    },
  );
}

/** How the send form's body is read: file_{n} and the three fields. */
export const FAX_UPLOAD: UploadPolicy = {
  noun: 'files',
  maxFiles: FAX_SEND_MAX_FILES,
  maxSubmissionBytes: FAX_SEND_MAX_TOTAL_BYTES,
  maxFileBytes: FAX_SEND_MAX_FILE_BYTES,
  tooLarge: faxTooLarge,
  fileField: /^file_\d{1,2}$/,
  textFields: ['to', 'coverPage', 'coverNote'],
};

export async function ownFaxNumber(ctx: AppContext, actor: CustomerActor, faxNumberId: number) {
  const row = await repo.findFaxNumber(ctx.db, faxNumberId);
  assertOwned(actor, row, 'fax number');
  return row;
}

async function ownSentFax(ctx: AppContext, actor: CustomerActor, sentFaxId: number) {
  const row = await repo.findSentFax(ctx.db, sentFaxId);
  assertOwned(actor, row, 'sent fax');
  return row;
}

function toSentFax(
  r: repo.SentFaxRow,
  files: Awaited<ReturnType<typeof repo.filesOf>>,
  attempts: Awaited<ReturnType<typeof repo.attemptsOf>>,
): SentFax {
  const mine = attempts.filter((a) => a.sent_fax_id === r.id);
  return {
    SentFaxID: r.id,
    FaxNumberID: r.fax_number_id,
    fromNumber: r.from_number,
    toNumber: r.to_number,
    status: r.status as SentFaxStatus,
    retried: r.retries > 0 || r.carrier_calls > 1,
    coverPage: r.cover_page === 1,
    coverNote: r.cover_note,
    pages: r.pages,
    sizeBytes: r.size_bytes,
    reason: r.reason,
    nextAttemptAt: r.status === 'queued' ? r.next_attempt_at : null,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    files: files
      .filter((f) => f.sent_fax_id === r.id)
      .map((f) => ({
        FileID: f.id,
        kind: f.kind === 'cover' ? 'cover' : 'document',
        name: f.name,
        contentType: f.content_type,
        pages: f.pages,
        sizeBytes: f.size_bytes,
      })),
    attempts: mine.map((a) => ({ at: a.at, outcome: a.outcome as FaxAttempt['outcome'], detail: a.detail })),
  };
}

async function withDetails(ctx: AppContext, rows: repo.SentFaxRow[]): Promise<SentFax[]> {
  const ids = rows.map((r) => r.id);
  const [files, attempts] = await Promise.all([repo.filesOf(ctx.db, ids), repo.attemptsOf(ctx.db, ids)]);
  return rows.map((r) => toSentFax(r, files, attempts));
}

/** The outbox: the account's sent faxes (every fax number), newest first, with files and carrier calls. */
export async function faxOutbox(ctx: AppContext, actor: CustomerActor): Promise<FaxOutbox> {
  const rows = await repo.sentFaxesOf(ctx.db, actor.customerId);
  return {
    limits: {
      maxFiles: FAX_SEND_MAX_FILES,
      maxFileBytes: FAX_SEND_MAX_FILE_BYTES,
      maxTotalBytes: FAX_SEND_MAX_TOTAL_BYTES,
      maxPages: FAX_SEND_MAX_PAGES,
      maxAttempts: ctx.config.fax.maxAttempts,
    },
    faxes: await withDetails(ctx, rows),
  };
}

async function sentFaxById(ctx: AppContext, id: number): Promise<SentFax> {
  const row = await repo.findSentFax(ctx.db, id);
  if (!row) throw new Error(`sent fax ${id} vanished`);
  const [fax] = await withDetails(ctx, [row]);
  if (!fax) throw new Error(`sent fax ${id} vanished`);
  return fax;
}

// ---- toll fraud: where a fax may go, and how many pages a day (issue 25 finding 6) -----------------------------

/** The window of the page budget: any 24 hours. */
const PAGE_BUDGET_WINDOW_MS = 24 * 60 * 60 * 1000;

const pagesText = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} hour${hours === 1 ? '' : 's'}${rest ? ` ${rest} minute${rest === 1 ? '' : 's'}` : ''}`;
}

/** 400 naming `to` when this account may not fax there (premium-rate always; international-rate without the flag). */
async function assertDestinationAllowed(ctx: AppContext, actor: CustomerActor, typed: string): Promise<void> {
  const internationalFaxing = await repo.internationalFaxing(ctx.db, actor.customerId);
  const problem = faxDestinationProblem(typed, { internationalFaxing });
  if (problem) throw badRequest(problem, { to: problem });
}

/**
 * Refuses `pages` more when the account's faxes of the last 24 hours (fax_page_charges) would then pass
 * FAX_MAX_PAGES_PER_DAY: 429 saying when enough pages are free again. Called before anything is written, and again
 * inside the write's transaction after lockPageBudget, so faxes sent at once (on any instance) cannot pass it together.
 */
async function assertPageBudget(
  ctx: AppContext,
  db: Parameters<typeof repo.pageChargesSince>[0],
  customerId: string,
  pages: number,
  now: Date,
): Promise<void> {
  const budget = ctx.config.fax.maxPagesPerDay;
  if (pages > budget) {
    const message = `This fax has ${pagesText(pages)}; an account can fax at most ${pagesText(budget)} in 24 hours. Send it in parts.`;
    throw badRequest(message, { files: message });
  }
  const since = new Date(now.getTime() - PAGE_BUDGET_WINDOW_MS).toISOString();
  const charges = await repo.pageChargesSince(db, customerId, since);
  const used = charges.reduce((sum, c) => sum + c.pages, 0);
  if (used + pages <= budget) return;
  // The moment enough of the oldest charges have left the window for this fax to fit.
  let room = budget - used;
  let freeAt = now.getTime() + PAGE_BUDGET_WINDOW_MS;
  for (const c of charges) {
    room += c.pages;
    if (room >= pages) {
      freeAt = Date.parse(c.created_at) + PAGE_BUDGET_WINDOW_MS;
      break;
    }
  }
  const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  throw tooManyRequests(
    `Your account has faxed ${pagesText(used)} in the last 24 hours and may fax at most ${budget}; this fax has ${pagesText(pages)}. Try again in ${waitText(retryAfter)}, or send fewer pages.`,
    retryAfter,
  );
}

/** The form's fields checked by the domain schema; 400 naming each field that is wrong. */
function checkFields(fields: Record<string, string>) {
  const parsed = SendFaxFieldsSchema.safeParse({
    to: fields.to ?? '',
    coverPage: fields.coverPage,
    coverNote: fields.coverNote,
  });
  if (parsed.success) return parsed.data;
  const named: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'body');
    named[key] ??= issue.message;
  }
  throw badRequest(Object.values(named)[0] ?? 'The fax could not be read.', named);
}

/**
 * Sends a fax: queued here, dialled by the queue. The fax number was checked by the route before the body was read.
 * An Idempotency-Key is required: a retried send answers the first fax and never queues it twice.
 */
export async function sendFax(
  ctx: AppContext,
  actor: CustomerActor,
  faxNumber: repo.FaxNumberRow,
  files: IncomingFile[],
  fields: Record<string, string>,
  key: string | undefined,
): Promise<{ statusCode: number; body: SentFax }> {
  if (!key) {
    throw badRequest('Send an Idempotency-Key with a fax, so a retried request never sends it twice.', {
      'Idempotency-Key': 'Required: 8 to 100 letters, digits, - or _.',
    });
  }
  const route = `customer.fax.send:${faxNumber.id}`;
  const request = { fields, files };
  await assertKeyFits(ctx.db, { userId: actor.userId, key, route, request });
  const earlier = await repo.findByIdempotencyKey(ctx.db, actor.customerId, key);
  if (earlier) return { statusCode: 201, body: await sentFaxById(ctx, earlier.id) };

  const input = checkFields(fields);
  if (input.to === faxNumber.number) {
    const message = 'A fax cannot be sent to the number it is sent from.';
    throw badRequest(message, { to: message });
  }
  await assertDestinationAllowed(ctx, actor, fields.to ?? input.to);
  const checked = await checkAttachmentUpload(
    files,
    {},
    {
      accepted: FAX_PAGE_TYPES,
      refused: (label) => `${label} is not a PDF or an image: a fax can carry ${FAX_PAGE_TYPES_LABEL} files.`,
      fallbackStem: 'fax-page',
      noneSent: `Choose at least one ${FAX_PAGE_TYPES_LABEL} file to fax.`,
      image: ctx.config.uploads.image,
    },
  );
  const documents = checked.files.map((f) => {
    const pages = f.mime === 'application/pdf' ? pdfPageCount(f.bytes) : 1;
    if (pages < 1) {
      const message = `${f.fileName || f.name} has no pages that can be read. Save it as a PDF again and retry.`;
      throw badRequest(message, { [f.fieldName]: message });
    }
    return { ...f, pages };
  });
  const documentPages = documents.reduce((sum, d) => sum + d.pages, 0);
  const pages = documentPages + (input.coverPage ? 1 : 0);
  if (pages > FAX_SEND_MAX_PAGES) {
    const message = `This fax has ${pages} pages; a fax can have at most ${FAX_SEND_MAX_PAGES}, the cover page included.`;
    throw badRequest(message, { files: message });
  }

  const now = ctx.now();
  await assertPageBudget(ctx, ctx.db, actor.customerId, pages, now);
  const at = now.toISOString();
  const stored: { kind: 'cover' | 'document'; name: string; contentType: string; pages: number; bytes: Buffer }[] = [];
  if (input.coverPage) {
    const cover = await renderFaxCoverPdf({
      providerName: ctx.config.shell.providerName,
      accountName: actor.customerName,
      fromNumber: faxNumber.number,
      toNumber: input.to,
      pages: documentPages,
      note: input.coverNote,
      at: now,
    });
    stored.push({ kind: 'cover', name: 'cover-page.pdf', contentType: 'application/pdf', pages: 1, bytes: cover });
  }
  for (const d of documents) {
    stored.push({ kind: 'document', name: d.name, contentType: d.mime, pages: d.pages, bytes: d.bytes });
  }

  const written: string[] = [];
  const removeWritten = () => Promise.all(written.map((k) => ctx.files.remove(k).catch(() => undefined)));
  try {
    const result = await runIdempotent(ctx.db, { userId: actor.userId, key, route, request, now }, async (trx) => {
      await repo.lockPageBudget(trx, ctx.dialect, actor.customerId);
      await assertPageBudget(ctx, trx, actor.customerId, pages, now);
      const folder = randomUUID();
      const files = [];
      for (const [position, file] of stored.entries()) {
        const ext = file.contentType === 'application/pdf' ? 'pdf' : file.contentType === 'image/png' ? 'png' : 'jpg';
        const storageKey = `faxes-sent/${faxNumber.id}/${folder}/${position}.${ext}`;
        const put = await ctx.files.put(storageKey, file.bytes);
        written.push(storageKey);
        files.push({ file, storageKey, put, position });
      }
      const id = await repo.insertSentFax(trx, {
        fax_number_id: faxNumber.id,
        customer_id: actor.customerId,
        to_number: input.to,
        cover_page: input.coverPage ? 1 : 0,
        cover_note: input.coverNote,
        pages,
        size_bytes: files.reduce((sum, f) => sum + f.put.sizeBytes, 0),
        status: 'queued',
        next_attempt_at: at,
        created_by: actor.userId,
        idempotency_key: key,
        created_at: at,
        updated_at: at,
      });
      await repo.insertFiles(
        trx,
        files.map(({ file, storageKey, put, position }) => ({
          sent_fax_id: id,
          position,
          kind: file.kind,
          name: file.name,
          content_type: file.contentType,
          pages: file.pages,
          storage_key: storageKey,
          size_bytes: put.sizeBytes,
          sha256: put.sha256,
        })),
      );
      await repo.insertPageCharge(trx, { customer_id: actor.customerId, sent_fax_id: id, pages, created_at: at });
      await auditCustomerWrite(trx, actor, at, 'fax.send', faxNumber.id, {
        sentFaxId: id,
        to: input.to,
        pages,
        files: stored.length,
      });
      return { statusCode: 201, body: { SentFaxID: id } };
    });
    if (result.replayed) await removeWritten();
    return { statusCode: 201, body: await sentFaxById(ctx, result.body.SentFaxID) };
  } catch (err) {
    await removeWritten();
    throw err;
  }
}

/**
 * Sends a failed fax again: a new round of tries (the queue's limit counts again from zero), to a destination the
 * account may still fax and within the day's page budget.
 */
export async function retrySentFax(ctx: AppContext, actor: CustomerActor, sentFaxId: number): Promise<SentFax> {
  const fax = await ownSentFax(ctx, actor, sentFaxId);
  const now = ctx.now();
  const at = now.toISOString();
  // Sent again is dialled and paid again: the destination is checked as for a new fax (a fax queued before the rule,
  // or before international faxing was turned off, is not sent again), and its pages count against the day's budget.
  if (fax.status === 'failed') await assertDestinationAllowed(ctx, actor, fax.to_number);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockPageBudget(trx, ctx.dialect, actor.customerId);
    if (fax.status === 'failed') await assertPageBudget(ctx, trx, actor.customerId, fax.pages, now);
    if (!(await repo.requeueFailed(trx, fax.id, at))) {
      const current = await repo.findSentFax(trx, fax.id);
      const message =
        current?.status === 'sent'
          ? `This fax to ${formatPhone(fax.to_number)} was already sent.`
          : `This fax to ${formatPhone(fax.to_number)} is already in the queue.`;
      throw conflict(message);
    }
    await repo.insertPageCharge(trx, {
      customer_id: actor.customerId,
      sent_fax_id: fax.id,
      pages: fax.pages,
      created_at: at,
    });
    await auditCustomerWrite(trx, actor, at, 'fax.retry', fax.fax_number_id, { sentFaxId: fax.id, to: fax.to_number });
  });
  return sentFaxById(ctx, fax.id);
}

/** One file of a sent fax (the cover page or a page document), checked against its sha256 before it is served. */
export async function sentFaxFile(ctx: AppContext, actor: CustomerActor, sentFaxId: number, fileId: number) {
  const fax = await ownSentFax(ctx, actor, sentFaxId);
  const file = await repo.findFile(ctx.db, fax.id, fileId);
  if (!file) throw notFound('No file with that id in this fax.');
  const opened = await ctx.files.open(file.storage_key, { sha256: file.sha256 });
  const day = fax.created_at.slice(0, 10);
  return { ...opened, contentType: file.content_type, fileName: `fax-to-${fax.to_number}-${day}-${file.name}` };
}
