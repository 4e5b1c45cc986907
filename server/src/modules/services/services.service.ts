/**
 * The Services page (SPEC §7 Services): service locations and their packages, the account's mailboxes
 * (getEmailObject, modEmailPass, modForward, modVacMsg) and fax numbers (recipients add and remove, received faxes).
 * Every object reached by id goes through assertOwned; every write is one transaction with its audit row.
 */
import {
  type AddFaxEmailRequestSchema,
  type EmailObject,
  FAX_EMAIL_ADDRESSES_MAX,
  type FaxEmailAddress,
  type FaxObject,
  forwardAddressProblem,
  fullAddress,
  type Mailbox,
  type MailboxForwardRequestSchema,
  type MailboxPasswordRequestSchema,
  type MailboxVacationRequestSchema,
  mailboxPasswordProblem,
  type ServiceLocationPackages,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { changesBetween } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { assertOwned, type CustomerActor } from '../customer-account/customer-access.policy.js';
import { auditCustomerWrite } from '../customer-account/customer-access.service.js';
import * as repo from './services.repository.js';

// ---- service locations ----------------------------------------------------------------------------------------

export async function serviceLocations(ctx: AppContext, actor: CustomerActor): Promise<ServiceLocationPackages[]> {
  const rows = await repo.locationPackagesOf(ctx.db, actor.customerId);
  const byId = new Map<number, ServiceLocationPackages>();
  for (const r of rows) {
    let location = byId.get(r.id);
    if (!location) {
      location = { ServiceLocationID: r.id, fullAddress: fullAddress(r), Packages: [] };
      byId.set(r.id, location);
    }
    if (r.package_id !== null && r.package_name !== null) {
      location.Packages.push({
        PackageID: r.package_id,
        PackageName: r.package_name,
        priceCents: r.price_cents ?? 0,
        StartDate: r.start_date ?? '',
        Active: r.active === 1 ? '1' : '0',
      });
    }
  }
  return [...byId.values()];
}

// ---- email ----------------------------------------------------------------------------------------------------

function toMailbox(r: repo.MailboxRow): Mailbox {
  return {
    EmailAccountID: r.id,
    address: r.address,
    ownerName: r.owner_name,
    quotaMb: r.quota_mb,
    usedMb: r.used_mb,
    forwardTo: r.forward_to,
    keepCopy: r.keep_copy === 1,
    vacation: {
      enabled: r.vacation_enabled === 1,
      subject: r.vacation_subject,
      message: r.vacation_message,
      startDate: r.vacation_start,
      endDate: r.vacation_end,
    },
    updatedAt: r.updated_at,
  };
}

export async function emailObject(ctx: AppContext, actor: CustomerActor): Promise<EmailObject> {
  const rows = await repo.mailboxesOf(ctx.db, actor.customerId);
  return { webmailUrl: ctx.config.shell.webmailUrl, mailboxes: rows.map(toMailbox) };
}

async function ownMailbox(ctx: AppContext, actor: CustomerActor, mailboxId: number) {
  const row = await repo.findMailbox(ctx.db, mailboxId);
  assertOwned(actor, row, 'mailbox');
  return row;
}

const MAILBOX_FIELDS: Record<string, string> = {
  password_hash: 'Password',
  forward_to: 'Forward to',
  keep_copy: 'Keep a copy',
  vacation_enabled: 'Vacation reply',
  vacation_subject: 'Vacation subject',
  vacation_message: 'Vacation message',
  vacation_start: 'Vacation from',
  vacation_end: 'Vacation until',
};

/** A mailbox change's before → after in words (a password only as "(changed)"; yes/no for the switches). */
function mailboxChanges(mailbox: repo.MailboxRow, values: Parameters<typeof repo.updateMailbox>[2]) {
  const shown = (field: string, v: unknown) =>
    field === 'keep_copy' || field === 'vacation_enabled' ? (v ? 'Yes' : 'No') : v;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const label = MAILBOX_FIELDS[field] ?? field;
    before[label] = field === 'password_hash' ? null : shown(field, mailbox[field as keyof repo.MailboxRow]);
    after[label] = shown(field, value);
  }
  return changesBetween(before, after);
}

/** Writes one change of a mailbox with its audit row, and answers the mailbox as it now is. */
async function changeMailbox(
  ctx: AppContext,
  actor: CustomerActor,
  mailbox: repo.MailboxRow,
  values: Parameters<typeof repo.updateMailbox>[2],
  action: string,
  detail: Record<string, unknown>,
): Promise<Mailbox> {
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateMailbox(trx, mailbox.id, values, now);
    await auditCustomerWrite(
      trx,
      actor,
      now,
      action,
      mailbox.id,
      { address: mailbox.address, ...detail },
      mailboxChanges(mailbox, values),
    );
  });
  const row = await repo.findMailbox(ctx.db, mailbox.id);
  if (!row) throw new Error(`mailbox ${mailbox.id} vanished`);
  return toMailbox(row);
}

/** modEmailPass: the new password is hashed (argon2id); neither it nor the hash is answered, logged or audited. */
export async function changeMailboxPassword(
  ctx: AppContext,
  actor: CustomerActor,
  mailboxId: number,
  input: z.output<typeof MailboxPasswordRequestSchema>,
): Promise<Mailbox> {
  const mailbox = await ownMailbox(ctx, actor, mailboxId);
  const problem = mailboxPasswordProblem(input.password, mailbox.address);
  if (problem) throw badRequest(problem, { password: problem });
  const passwordHash = await hashPassword(input.password);
  return changeMailbox(ctx, actor, mailbox, { password_hash: passwordHash }, 'email.password', {});
}

/** modForward: forwarding on (another address, with or without a copy kept) or off. */
export async function setMailboxForward(
  ctx: AppContext,
  actor: CustomerActor,
  mailboxId: number,
  input: z.output<typeof MailboxForwardRequestSchema>,
): Promise<Mailbox> {
  const mailbox = await ownMailbox(ctx, actor, mailboxId);
  if (input.forwardTo !== null) {
    const problem = forwardAddressProblem(input.forwardTo, mailbox.address);
    if (problem) throw badRequest(problem, { forwardTo: problem });
  }
  return changeMailbox(
    ctx,
    actor,
    mailbox,
    { forward_to: input.forwardTo, keep_copy: input.keepCopy ? 1 : 0 },
    'email.forward',
    { forwardTo: input.forwardTo, keepCopy: input.keepCopy },
  );
}

/** modVacMsg: the auto-reply on or off; its text and dates are kept either way. */
export async function setMailboxVacation(
  ctx: AppContext,
  actor: CustomerActor,
  mailboxId: number,
  input: z.output<typeof MailboxVacationRequestSchema>,
): Promise<Mailbox> {
  const mailbox = await ownMailbox(ctx, actor, mailboxId);
  return changeMailbox(
    ctx,
    actor,
    mailbox,
    {
      vacation_enabled: input.enabled ? 1 : 0,
      vacation_subject: input.subject,
      vacation_message: input.message,
      vacation_start: input.startDate,
      vacation_end: input.endDate,
    },
    'email.vacation',
    { enabled: input.enabled, startDate: input.startDate, endDate: input.endDate },
  );
}

// ---- fax ------------------------------------------------------------------------------------------------------

export async function faxObject(ctx: AppContext, actor: CustomerActor): Promise<FaxObject> {
  const numbers = await repo.faxNumbersOf(ctx.db, actor.customerId);
  const ids = numbers.map((n) => n.id);
  const [emails, received] = await Promise.all([repo.faxEmailsOf(ctx.db, ids), repo.faxesReceivedOf(ctx.db, ids)]);
  return {
    maxEmailAddresses: FAX_EMAIL_ADDRESSES_MAX,
    faxNumbers: numbers.map((n) => ({
      FaxNumberID: n.id,
      number: n.number,
      ServiceLocationID: n.service_location_id,
      fullAddress:
        n.address !== null && n.city !== null && n.state !== null && n.zip !== null
          ? fullAddress({ address: n.address, address2: n.address2, city: n.city, state: n.state, zip: n.zip })
          : null,
      emailAddresses: emails.filter((e) => e.fax_number_id === n.id).map((e) => ({ FaxEmailID: e.id, email: e.email })),
      received: received
        .filter((r) => r.fax_number_id === n.id)
        .slice(0, repo.RECEIVED_LIST_LIMIT)
        .map((r) => ({
          FaxID: r.id,
          fromNumber: r.from_number,
          receivedAt: r.received_at,
          pages: r.pages,
          sizeBytes: r.size_bytes,
        })),
    })),
  };
}

async function ownFaxNumber(ctx: AppContext, actor: CustomerActor, faxNumberId: number) {
  const row = await repo.findFaxNumber(ctx.db, faxNumberId);
  assertOwned(actor, row, 'fax number');
  return row;
}

/** Adds a fax-to-email recipient: a valid address, once per number, at most FAX_EMAIL_ADDRESSES_MAX. */
export async function addFaxEmail(
  ctx: AppContext,
  actor: CustomerActor,
  faxNumberId: number,
  input: z.output<typeof AddFaxEmailRequestSchema>,
): Promise<FaxEmailAddress> {
  const fax = await ownFaxNumber(ctx, actor, faxNumberId);
  const now = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    // The lock first: the count and the duplicate check below then see every other add to this number.
    await repo.touchFaxNumber(trx, fax.id, now);
    const existing = await repo.faxEmailsOf(trx, [fax.id]);
    if (existing.some((e) => e.email === input.email)) {
      const message = `${input.email} already receives this number's faxes.`;
      throw conflict(message, { email: message });
    }
    if (existing.length >= FAX_EMAIL_ADDRESSES_MAX) {
      const message = `A fax number can send to at most ${FAX_EMAIL_ADDRESSES_MAX} email addresses. Remove one first.`;
      throw conflict(message, { email: message });
    }
    const { id } = await repo.insertFaxEmail(trx, fax.id, input.email, now);
    const changes = changesBetween(null, { 'Fax to e-mail': input.email });
    await auditCustomerWrite(trx, actor, now, 'fax.email.add', fax.id, { email: input.email }, changes);
    return { FaxEmailID: id, email: input.email };
  });
}

export async function removeFaxEmail(
  ctx: AppContext,
  actor: CustomerActor,
  faxNumberId: number,
  faxEmailId: number,
): Promise<void> {
  const fax = await ownFaxNumber(ctx, actor, faxNumberId);
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findFaxEmail(trx, fax.id, faxEmailId);
    if (!row) throw notFound('No fax-to-email address with that id on this fax number.');
    await repo.deleteFaxEmail(trx, row.id);
    const changes = changesBetween({ 'Fax to e-mail': row.email }, { 'Fax to e-mail': null });
    await auditCustomerWrite(trx, actor, now, 'fax.email.remove', fax.id, { email: row.email }, changes);
  });
}

/** The stored PDF of a received fax, only for the account that owns its number. */
export async function receivedFaxFile(ctx: AppContext, actor: CustomerActor, faxId: number) {
  const row = await repo.findReceivedFax(ctx.db, faxId);
  assertOwned(actor, row, 'fax');
  const file = await ctx.files.open(row.storage_key, { sha256: row.sha256 });
  const day = row.received_at.slice(0, 10);
  return { ...file, fileName: `fax-${row.number}-${day}-${row.id}.pdf` };
}
