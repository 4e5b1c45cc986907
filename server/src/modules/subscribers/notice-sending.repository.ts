/** The notice worker's SQL (notices.jobs.ts): leases on queued notices, recipients listed, claimed and marked. */
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

/** Adds recipients (an address already listed for the notice is skipped) and moves the listing on, in one go. */
export async function addRecipients(
  trx: Transaction<Database>,
  noticeId: number,
  rows: NewRow<'notice_recipients'>[],
  listedThrough: string,
  leaseUntil: string,
) {
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('notice_recipients')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['notice_id', 'recipient_key']).doNothing())
      .execute();
  }
  await trx
    .updateTable('notices')
    .set({ listed_through: listedThrough, lease_until: leaseUntil })
    .where('id', '=', noticeId)
    .execute();
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

/**
 * Claims up to `limit` recipients due now, atomically: the conditional `status = 'pending'` makes a row another
 * instance took meanwhile fall out, so each row is claimed once. Answers the claimed rows.
 */
export async function claimRecipients(db: Queryable, o: { now: string; token: string; limit: number }) {
  const due = db
    .selectFrom('notice_recipients')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', o.now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(o.limit);
  await db
    .updateTable('notice_recipients')
    .set((eb) => ({
      status: 'sending',
      claim_token: o.token,
      claimed_at: o.now,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .execute();
  return db
    .selectFrom('notice_recipients as r')
    .innerJoin('notices as n', 'n.id', 'r.notice_id')
    .select([
      'r.id',
      'r.notice_id',
      'r.customer_name',
      'r.email',
      'r.attempts',
      'n.kind',
      'n.subject',
      'n.body',
      'n.window_start',
      'n.window_end',
      'n.ticket_reference',
    ])
    .where('r.claim_token', '=', o.token)
    .where('r.status', '=', 'sending')
    .orderBy('r.id')
    .execute();
}

export async function markSent(db: Queryable, id: number, token: string, at: string) {
  await db
    .updateTable('notice_recipients')
    .set({ status: 'sent', sent_at: at, failure: null, claim_token: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** A failed try: back to pending for a later try, or failed for good. */
export async function markFailed(
  db: Queryable,
  id: number,
  token: string,
  o: { final: boolean; reason: string; nextAttemptAt: string },
) {
  await db
    .updateTable('notice_recipients')
    .set({
      status: o.final ? 'failed' : 'pending',
      failure: o.reason,
      next_attempt_at: o.nextAttemptAt,
      claim_token: null,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/**
 * Recipients left 'sending' by an instance that stopped before it knew whether the mail went out are failed, not
 * re-sent: a second copy is worse than a recorded doubt.
 */
export async function failInterrupted(db: Queryable, claimedBefore: string) {
  const result = await db
    .updateTable('notice_recipients')
    .set({
      status: 'failed',
      failure: 'Sending was interrupted (the server stopped); not retried, so that nobody gets the notice twice.',
      claim_token: null,
    })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', claimedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
