/** All SQL of the Services page: locations with their packages, mailboxes, fax numbers, recipients and faxes. */
import type { Queryable } from '../../db/database.js';

/** The account's service locations with their packages, in one query (a location without packages has null ones). */
export function locationPackagesOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('service_locations as l')
    .leftJoin('service_location_packages as sp', 'sp.service_location_id', 'l.id')
    .leftJoin('packages as p', 'p.id', 'sp.package_id')
    .select([
      'l.id',
      'l.address',
      'l.address2',
      'l.city',
      'l.state',
      'l.zip',
      'sp.package_id',
      'p.name as package_name',
      'p.price_cents',
      'sp.start_date',
      'sp.active',
    ])
    .where('l.customer_id', '=', customerId)
    .orderBy('l.id')
    .orderBy('sp.active', 'desc')
    .orderBy('sp.start_date', 'desc')
    .orderBy('sp.id')
    .execute();
}

const MAILBOX_COLUMNS = [
  'id',
  'customer_id',
  'address',
  'owner_name',
  'quota_mb',
  'used_mb',
  'forward_to',
  'keep_copy',
  'vacation_enabled',
  'vacation_subject',
  'vacation_message',
  'vacation_start',
  'vacation_end',
  'updated_at',
] as const;

/** Mailbox rows without the password hash: it never leaves this module's writes. */
export function mailboxesOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('email_accounts')
    .select(MAILBOX_COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('address')
    .execute();
}

export function findMailbox(db: Queryable, id: number) {
  return db.selectFrom('email_accounts').select(MAILBOX_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type MailboxRow = NonNullable<Awaited<ReturnType<typeof findMailbox>>>;

export function updateMailbox(
  db: Queryable,
  id: number,
  values: Partial<{
    password_hash: string;
    forward_to: string | null;
    keep_copy: number;
    vacation_enabled: number;
    vacation_subject: string;
    vacation_message: string;
    vacation_start: string | null;
    vacation_end: string | null;
  }>,
  now: string,
) {
  return db
    .updateTable('email_accounts')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export function faxNumbersOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('fax_numbers as f')
    .leftJoin('service_locations as l', 'l.id', 'f.service_location_id')
    .select(['f.id', 'f.number', 'f.service_location_id', 'l.address', 'l.address2', 'l.city', 'l.state', 'l.zip'])
    .where('f.customer_id', '=', customerId)
    .orderBy('f.number')
    .execute();
}

export function findFaxNumber(db: Queryable, id: number) {
  return db.selectFrom('fax_numbers').select(['id', 'customer_id', 'number']).where('id', '=', id).executeTakeFirst();
}

/** Takes the fax number's row lock (PostgreSQL) or the write lock (SQLite), so two adds cannot pass the limit. */
export function touchFaxNumber(db: Queryable, id: number, now: string) {
  return db.updateTable('fax_numbers').set({ updated_at: now }).where('id', '=', id).executeTakeFirstOrThrow();
}

export function faxEmailsOf(db: Queryable, faxNumberIds: number[]) {
  if (faxNumberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fax_email_addresses')
    .select(['id', 'fax_number_id', 'email'])
    .where('fax_number_id', 'in', faxNumberIds)
    .orderBy('fax_number_id')
    .orderBy('email')
    .execute();
}

/** Most received faxes a number lists (newest first); older ones stay on record. */
export const RECEIVED_LIST_LIMIT = 100;

export function faxesReceivedOf(db: Queryable, faxNumberIds: number[]) {
  if (faxNumberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('faxes_received')
    .select(['id', 'fax_number_id', 'from_number', 'received_at', 'pages', 'size_bytes'])
    .where('fax_number_id', 'in', faxNumberIds)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECEIVED_LIST_LIMIT * faxNumberIds.length)
    .execute();
}

export function insertFaxEmail(db: Queryable, faxNumberId: number, email: string, now: string) {
  return db
    .insertInto('fax_email_addresses')
    .values({ fax_number_id: faxNumberId, email, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function findFaxEmail(db: Queryable, faxNumberId: number, faxEmailId: number) {
  return db
    .selectFrom('fax_email_addresses')
    .select(['id', 'email'])
    .where('id', '=', faxEmailId)
    .where('fax_number_id', '=', faxNumberId)
    .executeTakeFirst();
}

export function deleteFaxEmail(db: Queryable, faxEmailId: number) {
  return db.deleteFrom('fax_email_addresses').where('id', '=', faxEmailId).executeTakeFirst();
}

/** A received fax with the account that owns its number. */
export function findReceivedFax(db: Queryable, faxId: number) {
  return db
    .selectFrom('faxes_received as r')
    .innerJoin('fax_numbers as f', 'f.id', 'r.fax_number_id')
    .select(['r.id', 'r.received_at', 'r.storage_key', 'r.size_bytes', 'r.sha256', 'f.customer_id', 'f.number'])
    .where('r.id', '=', faxId)
    .executeTakeFirst();
}
