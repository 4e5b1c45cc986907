/**
 * The notice worker (jobs.ts runs it every few seconds): lists each queued notice's recipients, mails them through
 * the mailer (SMTP, or .eml files in DATA_DIR/outbox), and closes notices whose recipients are all done. Safe on
 * several instances: a notice is listed under a lease, recipients are claimed with a conditional update, and the
 * unique (notice, address) row means an address is listed, so mailed, once. A refused mail is tried again
 * (NOTICE_MAX_ATTEMPTS in all); a mail left half-sent by a stopped instance is recorded as failed, never re-sent.
 */
import { randomUUID } from 'node:crypto';
import {
  NOTICE_MAX_ATTEMPTS,
  type NoticeKind,
  NoticeKindSchema,
  noticeStatusOf,
  renderNoticeMail,
  SubscriberFilterSchema,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { NewRow } from '../../db/database.js';
import { notifyAccounts } from '../notifications/notifications.service.js';
import * as repo from './notice-sending.repository.js';
import { recipientCounts } from './subscribers.repository.js';
import { audienceOf } from './subscribers.service.js';

/** A listing instance holds a notice this long; it renews the lease after every page. */
const LEASE_MS = 2 * 60_000;
/** A recipient claimed longer ago than this and still 'sending' was interrupted. */
const INTERRUPTED_AFTER_MS = 10 * 60_000;
const RETRY_AFTER_MS = 60_000;
const LIST_PAGE = 500;
const NO_EMAIL = 'No email contact on the account: not told by mail.';

/** The notice's words for the notification channels (`notice.outage`): the message and its window or ticket. */
export function noticeMessage(n: {
  kind: string;
  body: string;
  window_start: string | null;
  window_end: string | null;
  ticket_reference: string | null;
}): string {
  const mail = renderNoticeMail({
    kind: NoticeKindSchema.parse(n.kind) as NoticeKind,
    subject: '',
    body: n.body,
    windowStart: n.window_start,
    windowEnd: n.window_end,
    ticketReference: n.ticket_reference,
    providerName: '',
    customerName: '',
  });
  // The mail's lines between the greeting and the signature.
  return mail.text.split('\n').slice(2, -3).filter(Boolean).join(' ');
}

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
    const message = noticeMessage(notice);
    let done = false;
    for await (const page of audienceOf(ctx, filter, today, notice.listed_through, LIST_PAGE)) {
      const at = ctx.now().toISOString();
      const rows: NewRow<'notice_recipients'>[] = [];
      await ctx.db.transaction().execute(async (trx) => {
        // The accounts' users hear of it too, by their notification settings: SMS and in-app through the
        // notification outbox, written in this transaction with the page (so once, with the listing). The e-mail is
        // this worker's own mail to the contacts, as before.
        await notifyAccounts(
          trx,
          ctx.now(),
          {
            type: 'notice.outage',
            key: `notice:${notice.id}`,
            data: { subject: notice.subject, message },
            only: ['sms', 'in_app'],
          },
          page.customers.map((c) => c.customerId),
        );
        for (const c of page.customers) {
          const base = {
            notice_id: notice.id,
            customer_id: c.customerId,
            customer_name: c.customerName,
            address: c.address,
          };
          if (c.emails.length === 0) {
            rows.push({
              ...base,
              email: null,
              recipient_key: `none:${c.customerId}`,
              status: 'failed',
              next_attempt_at: at,
              failure: NO_EMAIL,
            });
          }
          for (const email of c.emails) {
            rows.push({ ...base, email, recipient_key: email.toLowerCase(), status: 'pending', next_attempt_at: at });
          }
        }
        await repo.addRecipients(trx, notice.id, rows, page.listedThrough ?? '', iso(ctx.now().getTime() + LEASE_MS));
      });
      listed += rows.length;
      pages += 1;
      done = page.done;
      if (done || pages >= maxPages) break;
    }
    // An audience that ended exactly on a page boundary (or is empty now) is listed too; one cut short by this
    // round's limit is let go, so the next round (here or on another instance) goes on at once.
    if (done || pages < maxPages) await repo.markListed(ctx.db, notice.id);
    else await repo.releaseNotice(ctx.db, notice.id);
  }
  return listed;
}

/** Mails up to `batches` claims of `batchSize` recipients. */
async function sendDue(ctx: AppContext, batchSize: number, batches: number) {
  let sent = 0;
  let failed = 0;
  const provider = ctx.config.shell.providerName;
  for (let b = 0; b < batches; b += 1) {
    const token = randomUUID();
    const claimed = await repo.claimRecipients(ctx.db, { now: ctx.now().toISOString(), token, limit: batchSize });
    if (claimed.length === 0) break;
    for (const r of claimed) {
      const mail = renderNoticeMail({
        kind: NoticeKindSchema.parse(r.kind) as NoticeKind,
        subject: r.subject,
        body: r.body,
        windowStart: r.window_start,
        windowEnd: r.window_end,
        ticketReference: r.ticket_reference,
        providerName: provider,
        customerName: r.customer_name,
      });
      try {
        await ctx.mailer.send({ to: r.email ?? '', ...mail });
        await repo.markSent(ctx.db, r.id, token, ctx.now().toISOString());
        sent += 1;
      } catch (err) {
        const final = r.attempts >= NOTICE_MAX_ATTEMPTS;
        const reason = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300);
        await repo.markFailed(ctx.db, r.id, token, {
          final,
          reason: final ? `Mail refused after ${r.attempts} tries: ${reason}` : `Try ${r.attempts} failed: ${reason}`,
          nextAttemptAt: iso(ctx.now().getTime() + RETRY_AFTER_MS * r.attempts),
        });
        if (final) failed += 1;
        ctx.log.warn({ err, noticeId: r.notice_id, recipientId: r.id }, 'notice mail failed');
      }
    }
  }
  return { sent, failed };
}

/** Notices with nobody left to mail become sent, partly failed or failed. */
async function finishDone(ctx: AppContext): Promise<number> {
  const ids = (await repo.sendingNoticeIds(ctx.db)).map((r) => r.id);
  const counts = await recipientCounts(ctx.db, ids);
  let finished = 0;
  for (const id of ids) {
    const c = { pending: 0, sending: 0, sent: 0, failed: 0 };
    for (const r of counts) if (r.notice_id === id && r.status in c) c[r.status as keyof typeof c] += r.n;
    const status = noticeStatusOf(true, c);
    if (status !== 'sending') {
      await repo.finishNotice(ctx.db, id, status, ctx.now().toISOString());
      finished += 1;
    }
  }
  return finished;
}

/** One round of the worker; the options bound how much one round does. */
export async function processNotices(
  ctx: AppContext,
  o: { batchSize?: number; batches?: number; listPages?: number } = {},
): Promise<NoticeRound> {
  await repo.failInterrupted(ctx.db, iso(ctx.now().getTime() - INTERRUPTED_AFTER_MS));
  const listed = await listQueued(ctx, o.listPages ?? 20);
  const { sent, failed } = await sendDue(ctx, o.batchSize ?? 50, o.batches ?? 10);
  const finished = await finishDone(ctx);
  return { listed, sent, failed, finished };
}
