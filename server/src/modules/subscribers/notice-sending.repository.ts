/** The notice worker's SQL (notices.jobs.ts): leases on queued notices, the record listed and following its mails. */
import type { Transaction } from 'kysely';
import type { Database, NewRow, Queryable } from '../../db/database.js';

/** Takes a queued notice to list its recipients, if no other instance holds it (a lease that ends). */
export async function claimQueuedNotice(db: Queryable, now: string, leaseUntil: string) {
  const candidate = await db
    .selectFrom('notices')
    .select('id')
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return undefined;
  return db
    .updateTable('notices')
    .set({ lease_until: leaseUntil })
    .where('id', '=', candidate.id)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .returning([
      'id',
      'filter',
      'listed_through',
      'created_at',
      'kind',
      'subject',
      'body',
      'window_start',
      'window_end',
      'ticket_reference',
    ])
    .executeTakeFirst();
}

/**
 * Records a page of the audience (a row already there is skipped) and moves the listing on, in one go — only when
 * the listing still stands where this page started (`from`): a page another instance recorded meanwhile answers
 * false, and the caller's transaction (with the page's notifications) is rolled back.
 */
export async function addRecipients(
  trx: Transaction<Database>,
  noticeId: number,
  rows: NewRow<'notice_recipients'>[],
  at: { from: string | null; through: string; leaseUntil: string },
): Promise<boolean> {
  const moved = await trx
    .updateTable('notices')
    .set({ listed_through: at.through, lease_until: at.leaseUntil })
    .where('id', '=', noticeId)
    .where('listed_through', at.from === null ? 'is' : '=', at.from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new PageRecordedElsewhere();
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('notice_recipients')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['notice_id', 'recipient_key']).doNothing())
      .execute();
  }
  return true;
}

/** The listing moved on under this instance (another one recorded the page): roll the page back. */
export class PageRecordedElsewhere extends Error {
  constructor() {
    super('the notice listing moved on meanwhile');
  }
}

export async function markListed(db: Queryable, noticeId: number) {
  await db
    .updateTable('notices')
    .set({ status: 'sending', lease_until: null })
    .where('id', '=', noticeId)
    .where('status', '=', 'queued')
    .execute();
}

export async function abandonNotice(db: Queryable, noticeId: number, at: string) {
  await db
    .updateTable('notices')
    .set({ status: 'failed', lease_until: null, finished_at: at })
    .where('id', '=', noticeId)
    .execute();
}

export async function releaseNotice(db: Queryable, noticeId: number) {
  await db.updateTable('notices').set({ lease_until: null }).where('id', '=', noticeId).execute();
}

/** The records of mails still going out (in id order after `afterId`), with their outbox row. */
export function openMailRecords(db: Queryable, afterId: number, limit: number) {
  return db
    .selectFrom('notice_recipients')
    .select(['id', 'outbox_id', 'status', 'attempts', 'failure'])
    .where('status', 'in', ['pending', 'sending'])
    .where('outbox_id', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface RecordChange {
  id: number;
  status: string;
  attempts: number;
  sentAt: string | null;
  failure: string | null;
}

/** Writes where the mails stand now (only rows still open change: a finished record stays as it is). */
export async function recordMails(db: Queryable, changes: readonly RecordChange[]) {
  for (const c of changes) {
    await db
      .updateTable('notice_recipients')
      .set({ status: c.status, attempts: c.attempts, sent_at: c.sentAt, failure: c.failure })
      .where('id', '=', c.id)
      .where('status', 'in', ['pending', 'sending'])
      .execute();
  }
}

/** Notices whose recipients are listed and still going out. */
export function sendingNoticeIds(db: Queryable) {
  return db.selectFrom('notices').select('id').where('status', '=', 'sending').orderBy('id').limit(500).execute();
}

export async function finishNotice(db: Queryable, id: number, status: string, at: string) {
  await db
    .updateTable('notices')
    .set({ status, finished_at: at })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}
