/**
 * The notice worker (jobs.ts runs it every few seconds): lists each queued notice's audience a page of customers at
 * a time and tells the accounts' users through the notification outbox (`notice.outage`: e-mail, SMS and in-app;
 * an offer: `marketing.offer`, e-mail and in-app, only to users who opted in to marketing; each by the user's
 * preferences, with the one-click unsubscribe in every mail), in one transaction with the page's record
 * (`notice_recipients`: one row per mail, naming its outbox row; one skipped row, with the reason, for a customer
 * nobody takes e-mail at — no failure). The outbox's delivery job sends the mails exactly once; this worker copies
 * their outcome into the record and
 * closes notices with nothing left to go. Safe on several instances: a notice is listed under a lease (let go at once
 * when a page fails, so the next round goes on), a page is recorded only if the listing did not move meanwhile, and
 * the outbox's dedupe key writes a user's notice once.
 */
import {
  type NoticeKind,
  NoticeKindSchema,
  noticeMessage,
  noticeStatusOf,
  SubscriberFilterSchema,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { NewRow } from '../../db/database.js';
import { deliveryStates, notifyAccounts } from '../notifications/notifications.service.js';
import * as repo from './notice-sending.repository.js';
import { audienceOf, noticeEventOf } from './notices.service.js';
import { recipientCounts } from './subscribers.repository.js';

/** A listing instance holds a notice this long; it renews the lease after every page. */
const LEASE_MS = 2 * 60_000;
const LIST_PAGE = 500;
/** The record's rows followed per round (in pages of 1,000). */
const FOLLOW_PER_ROUND = 20_000;

/** The channels' words of a stored notice. */
export const messageOf = (n: {
  kind: string;
  body: string;
  window_start: string | null;
  window_end: string | null;
  ticket_reference: string | null;
}) =>
  noticeMessage({
    kind: NoticeKindSchema.parse(n.kind) as NoticeKind,
    body: n.body,
    windowStart: n.window_start,
    windowEnd: n.window_end,
    ticketReference: n.ticket_reference,
  });

export interface NoticeRound {
  listed: number;
  sent: number;
  failed: number;
  finished: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function parseFilter(json: string) {
  try {
    const parsed = SubscriberFilterSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Lists the recipients of queued notices (at most `maxPages` pages of customers in this round). */
async function listQueued(ctx: AppContext, maxPages: number): Promise<number> {
  let listed = 0;
  let pages = 0;
  while (pages < maxPages) {
    const nowMs = ctx.now().getTime();
    const notice = await repo.claimQueuedNotice(ctx.db, iso(nowMs), iso(nowMs + LEASE_MS));
    if (!notice) break;
    const filter = parseFilter(notice.filter);
    if (!filter) {
      // A stored filter that no longer reads (never written so by the service): the notice cannot go out.
      ctx.log.error({ noticeId: notice.id }, 'a notice has an unreadable filter; marked failed');
      await repo.abandonNotice(ctx.db, notice.id, ctx.now().toISOString());
      continue;
    }
    // The audience as of the day the notice was sent (past due is relative to that day).
    const today = notice.created_at.slice(0, 10);
    const message = messageOf(notice);
    let from = notice.listed_through;
    let done = false;
    let lost = false;
    try {
      for await (const page of audienceOf(ctx, filter, today, notice.listed_through, LIST_PAGE)) {
        const at = ctx.now().toISOString();
        const rows: NewRow<'notice_recipients'>[] = [];
        const recorded = await ctx.db
          .transaction()
          .execute(async (trx) => {
            // The accounts' users, by their notification settings, written with the page's record (so once, with the
            // listing): the mails, texts and in-app notices go out through the outbox's delivery job.
            const { mails, unmailed } = await notifyAccounts(
              trx,
              ctx.now(),
              {
                type: noticeEventOf(NoticeKindSchema.parse(notice.kind)),
                key: `notice:${notice.id}`,
                data: { subject: notice.subject, message },
              },
              page.customers.map((c) => c.customerId),
            );
            for (const c of page.customers) {
              const base = {
                notice_id: notice.id,
                customer_id: c.customerId,
                customer_name: c.customerName,
                address: c.address,
                next_attempt_at: at,
              };
              const own = mails.filter((m) => m.customerId === c.customerId);
              const skipped = unmailed.get(c.customerId);
              if (skipped) {
                // Nobody of the account takes this mail (no address, turned off, not opted in): skipped, no failure.
                rows.push({
                  ...base,
                  email: null,
                  recipient_key: `none:${c.customerId}`,
                  status: 'skipped',
                  failure: skipped,
                });
              }
              for (const m of own) {
                rows.push({
                  ...base,
                  email: m.address,
                  recipient_key: `outbox:${m.outboxId}`,
                  status: 'pending',
                  outbox_id: m.outboxId,
                });
              }
            }
            return repo.addRecipients(trx, notice.id, rows, {
              from,
              through: page.listedThrough ?? '',
              leaseUntil: iso(ctx.now().getTime() + LEASE_MS),
            });
          })
          .catch((err: unknown) => {
            if (err instanceof repo.PageRecordedElsewhere) return false;
            throw err;
          });
        if (!recorded) {
          lost = true;
          break;
        }
        from = page.listedThrough;
        listed += rows.length;
        pages += 1;
        done = page.done;
        if (done || pages >= maxPages) break;
      }
    } catch (err) {
      // A page this instance could not record (the database busy or gone; its transaction rolled back): the notice is
      // let go at once, so the next round, here or on another instance, goes on where the listing stands instead of
      // waiting out the lease.
      await repo.releaseNotice(ctx.db, notice.id).catch(() => undefined);
      throw err;
    }
    // Another instance recorded a page meanwhile: let the notice go, so that it is taken again where it stands now.
    if (lost) {
      await repo.releaseNotice(ctx.db, notice.id);
      pages += 1;
      continue;
    }
    // An audience that ended exactly on a page boundary (or is empty now) is listed too; one cut short by this
    // round's limit is let go, so the next round (here or on another instance) goes on at once.
    if (done || pages < maxPages) await repo.markListed(ctx.db, notice.id);
    else await repo.releaseNotice(ctx.db, notice.id);
  }
  return listed;
}

/** Where an outbox row's state leaves the notice's record of that mail. */
function recordOf(d: Awaited<ReturnType<typeof deliveryStates>>[number]) {
  if (d.state === 'sent' || d.state === 'delivered') return { status: 'sent', sentAt: d.sentAt, failure: null };
  if (d.state === 'failed') return { status: 'failed', sentAt: null, failure: d.lastError };
  return { status: 'pending', sentAt: null, failure: d.lastError };
}

/** Copies the outcome of the notices' mails (the outbox's delivery) into their records; answers sent and failed. */
async function followMails(ctx: AppContext) {
  let sent = 0;
  let failed = 0;
  let after = 0;
  for (let seen = 0; seen < FOLLOW_PER_ROUND; ) {
    const open = await repo.openMailRecords(ctx.db, after, 1_000);
    if (open.length === 0) break;
    seen += open.length;
    after = open[open.length - 1]?.id ?? after;
    const states = new Map(
      (
        await deliveryStates(
          ctx.db,
          open.map((r) => r.outbox_id ?? 0),
        )
      ).map((d) => [d.outboxId, d]),
    );
    const changes: repo.RecordChange[] = [];
    for (const r of open) {
      const d = states.get(r.outbox_id ?? 0);
      if (!d) continue;
      const next = recordOf(d);
      if (next.status === r.status && d.attempts === r.attempts && next.failure === r.failure) continue;
      changes.push({ id: r.id, attempts: d.attempts, ...next });
      if (next.status === 'sent') sent += 1;
      if (next.status === 'failed') failed += 1;
    }
    if (changes.length > 0) await ctx.db.transaction().execute((trx) => repo.recordMails(trx, changes));
    if (open.length < 1_000) break;
  }
  return { sent, failed };
}

/** Notices with nobody left to mail become sent, partly failed or failed (skipped customers are no failure). */
async function finishDone(ctx: AppContext): Promise<number> {
  const ids = (await repo.sendingNoticeIds(ctx.db)).map((r) => r.id);
  const counts = await recipientCounts(ctx.db, ids);
  let finished = 0;
  for (const id of ids) {
    const c = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
    for (const r of counts) if (r.notice_id === id && r.status in c) c[r.status as keyof typeof c] += r.n;
    const status = noticeStatusOf(true, c);
    if (status !== 'sending') {
      await repo.finishNotice(ctx.db, id, status, ctx.now().toISOString());
      finished += 1;
    }
  }
  return finished;
}

/** One round of the worker; `listPages` bounds how many pages of customers one round lists. */
export async function processNotices(ctx: AppContext, o: { listPages?: number } = {}): Promise<NoticeRound> {
  const listed = await listQueued(ctx, o.listPages ?? 20);
  const { sent, failed } = await followMails(ctx);
  const finished = await finishDone(ctx);
  return { listed, sent, failed, finished };
}
