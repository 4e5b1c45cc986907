/** All SQL of faxes sent from the portal: the outbox, the files, the carrier calls and the queue's claims. */
import type { NewRow, Queryable } from '../../db/database.js';

/** Most faxes the outbox lists (newest first); older ones stay on record. */
export const OUTBOX_LIST_LIMIT = 100;

export function findFaxNumber(db: Queryable, id: number) {
  return db.selectFrom('fax_numbers').select(['id', 'customer_id', 'number']).where('id', '=', id).executeTakeFirst();
}

export type FaxNumberRow = NonNullable<Awaited<ReturnType<typeof findFaxNumber>>>;

/** Whether the account may fax international-rate destinations (customers.international_faxing, 0036). */
export async function internationalFaxing(db: Queryable, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('international_faxing')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.international_faxing === 1;
}

// ---- the daily page budget (fax_page_charges, 0036) -------------------------------------------------------------

/**
 * Holds the account's page budget for the rest of the transaction: on PostgreSQL the customer row is locked (FOR NO
 * KEY UPDATE: the account's other fax writes wait, inserts that reference the account do not); SQLite serializes
 * write transactions already. So two sends at once cannot both pass a budget with room for one.
 */
export async function lockPageBudget(db: Queryable, dialect: 'sqlite' | 'postgres', customerId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('customers').select('id').where('id', '=', customerId).forNoKeyUpdate().executeTakeFirst();
}

/** The account's page charges since `since`, oldest first (at most one per fax queued, so a day's are few). */
export function pageChargesSince(db: Queryable, customerId: string, since: string) {
  return db
    .selectFrom('fax_page_charges')
    .select(['pages', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertPageCharge(db: Queryable, row: NewRow<'fax_page_charges'>) {
  return db.insertInto('fax_page_charges').values(row).execute();
}

const FAX_COLUMNS = [
  'f.id',
  'f.fax_number_id',
  'f.customer_id',
  'n.number as from_number',
  'f.to_number',
  'f.cover_page',
  'f.cover_note',
  'f.pages',
  'f.size_bytes',
  'f.status',
  'f.attempts',
  'f.carrier_calls',
  'f.retries',
  'f.next_attempt_at',
  'f.claim_token',
  'f.claimed_at',
  'f.call_id',
  'f.reason',
  'f.created_at',
  'f.sent_at',
] as const;

export function sentFaxesOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('sent_faxes as f')
    .innerJoin('fax_numbers as n', 'n.id', 'f.fax_number_id')
    .select(FAX_COLUMNS)
    .where('f.customer_id', '=', customerId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(OUTBOX_LIST_LIMIT)
    .execute();
}

export function findSentFax(db: Queryable, id: number) {
  return db
    .selectFrom('sent_faxes as f')
    .innerJoin('fax_numbers as n', 'n.id', 'f.fax_number_id')
    .select(FAX_COLUMNS)
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export type SentFaxRow = NonNullable<Awaited<ReturnType<typeof findSentFax>>>;

export function findByIdempotencyKey(db: Queryable, customerId: string, key: string) {
  return db
    .selectFrom('sent_faxes')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function filesOf(db: Queryable, faxIds: number[]) {
  if (faxIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sent_fax_files')
    .select([
      'id',
      'sent_fax_id',
      'position',
      'kind',
      'name',
      'content_type',
      'pages',
      'storage_key',
      'size_bytes',
      'sha256',
    ])
    .where('sent_fax_id', 'in', faxIds)
    .orderBy('sent_fax_id')
    .orderBy('position')
    .execute();
}

export function attemptsOf(db: Queryable, faxIds: number[]) {
  if (faxIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sent_fax_attempts')
    .select(['id', 'sent_fax_id', 'call_id', 'at', 'outcome', 'detail'])
    .where('sent_fax_id', 'in', faxIds)
    .orderBy('sent_fax_id')
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export function findFile(db: Queryable, faxId: number, fileId: number) {
  return db
    .selectFrom('sent_fax_files')
    .select(['id', 'name', 'content_type', 'storage_key', 'size_bytes', 'sha256'])
    .where('id', '=', fileId)
    .where('sent_fax_id', '=', faxId)
    .executeTakeFirst();
}

export async function insertSentFax(db: Queryable, row: NewRow<'sent_faxes'>): Promise<number> {
  const { id } = await db.insertInto('sent_faxes').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function insertFiles(db: Queryable, rows: NewRow<'sent_fax_files'>[]) {
  return db.insertInto('sent_fax_files').values(rows).execute();
}

/** A failed fax back in the queue for a new round; only from `failed`, so two clicks queue it once. */
export async function requeueFailed(db: Queryable, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sent_faxes')
    .set((eb) => ({
      status: 'queued',
      attempts: 0,
      retries: eb('retries', '+', 1),
      next_attempt_at: now,
      call_id: null,
      reason: null,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- the queue ------------------------------------------------------------------------------------------------

/** Claims held longer than the timeout go back to the queue, keeping their call id (the carrier is asked again). */
export async function releaseStaleClaims(db: Queryable, cutoff: string, now: string): Promise<number> {
  const result = await db
    .updateTable('sent_faxes')
    .set({ status: 'queued', claim_token: null, claimed_at: null, next_attempt_at: now, updated_at: now })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function dueFaxes(db: Queryable, now: string, limit: number) {
  return db
    .selectFrom('sent_faxes as f')
    .innerJoin('fax_numbers as n', 'n.id', 'f.fax_number_id')
    .select(FAX_COLUMNS)
    .where('f.status', '=', 'queued')
    .where('f.next_attempt_at', '<=', now)
    .orderBy('f.next_attempt_at')
    .orderBy('f.id')
    .limit(limit)
    .execute();
}

/**
 * Takes a queued fax for one try: a conditional update that matches only the row as it was read, so of several
 * workers (on one server or several) exactly one gets it.
 */
export async function claim(
  db: Queryable,
  row: SentFaxRow,
  values: { token: string; callId: string; attempts: number; carrierCalls: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('sent_faxes')
    .set({
      status: 'sending',
      claim_token: values.token,
      claimed_at: values.now,
      call_id: values.callId,
      attempts: values.attempts,
      carrier_calls: values.carrierCalls,
      updated_at: values.now,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'queued')
    .where('attempts', '=', row.attempts)
    .where('carrier_calls', '=', row.carrier_calls)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a try: only the worker holding the claim may (a claim released as stale and taken again is not its own). */
export async function finishTry(
  db: Queryable,
  id: number,
  token: string,
  values: {
    status: 'queued' | 'sent' | 'failed';
    reason: string | null;
    nextAttemptAt: string | null;
    callId: string | null;
    sentAt: string | null;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('sent_faxes')
    .set({
      status: values.status,
      reason: values.reason,
      next_attempt_at: values.nextAttemptAt,
      call_id: values.callId,
      sent_at: values.sentAt,
      claim_token: null,
      claimed_at: null,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertAttempt(db: Queryable, row: NewRow<'sent_fax_attempts'>) {
  return db.insertInto('sent_fax_attempts').values(row).execute();
}
