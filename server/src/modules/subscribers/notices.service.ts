/**
 * Notices to a subscriber list's customers (issue 13 part 5, issue 30): the preview (counts and one mail, nothing
 * stored), sending (the notice stored queued under an Idempotency-Key; the answer comes at once), the list and the
 * record of who was told (and its CSV). notices.jobs.ts lists the audience a page at a time and tells the accounts'
 * users through the notification outbox.
 */
import { Readable } from 'node:stream';
import {
  fullAddress,
  NOTICE_MAX_CUSTOMERS,
  NOTICE_RECIPIENTS_PAGE_SIZE,
  type NoticeDetail,
  type NoticeDraft,
  type NoticeKind,
  NoticeKindSchema,
  type NoticePreview,
  type NoticeRecipient,
  NoticeStatusSchema,
  type NoticeSummary,
  noticeMessage,
  RecipientStatusSchema,
  type SubscriberFilter,
  SubscriberFilterSchema,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { toCsv } from '../../lib/csv.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Viewer } from '../../plugins/auth.js';
import { restorationTicketSummary } from '../contractor/field.service.js';
import { plannedMails } from '../notifications/notifications.service.js';
import { assertNetworkStaff } from './subscribers.policy.js';
import * as repo from './subscribers.repository.js';
import { assertFilterRecords, EXPORT_PAGE, todayOf } from './subscribers.service.js';

/** The audience a page at a time: its customers with their service address. */
export async function* audienceOf(
  ctx: AppContext,
  filter: SubscriberFilter,
  today: string,
  afterCustomerId: string | null = null,
  pageSize = 500,
) {
  let after = afterCustomerId;
  for (;;) {
    const customers = await repo.audiencePage(ctx.db, { filter, today, afterCustomerId: after, limit: pageSize });
    if (customers.length === 0) return;
    const last = customers[customers.length - 1]?.customer_id ?? after;
    yield {
      customers: customers.map((c) => ({
        customerId: c.customer_id,
        customerName: c.customer_name,
        address: fullAddress(c),
      })),
      listedThrough: last,
      done: customers.length < pageSize,
    };
    if (customers.length < pageSize) return;
    after = last;
  }
}

/** The outage's restoration ticket, which must exist (400 naming the field otherwise). */
async function ticketReferenceOf(ctx: AppContext, draft: NoticeDraft): Promise<string | null> {
  if (draft.kind !== 'outage' || !draft.restorationTicketId) return null;
  const ticket = await restorationTicketSummary(ctx, draft.restorationTicketId);
  if (!ticket) {
    throw badRequest(`restorationTicketId: no restoration ticket has id ${draft.restorationTicketId}.`, {
      restorationTicketId: 'must be one of the restoration tickets.',
    });
  }
  return `restoration ticket ${ticket.id} (${ticket.address})`;
}

async function assertAudience(ctx: AppContext, filter: SubscriberFilter, today: string) {
  await assertFilterRecords(ctx, filter);
  const { customers } = await repo.subscriberCounts(ctx.db, filter, today);
  if (customers === 0) {
    throw badRequest('No subscriber matches these filters, so the notice would reach nobody.', {
      filter: 'must match at least one subscriber.',
    });
  }
  if (customers > NOTICE_MAX_CUSTOMERS) {
    throw badRequest(`A notice goes to at most ${NOTICE_MAX_CUSTOMERS.toLocaleString('en-US')} customers.`, {
      filter: `must match at most ${NOTICE_MAX_CUSTOMERS} customers.`,
    });
  }
  return customers;
}

/**
 * The event a notice of this kind is told as: an offer is `marketing.offer` (marketing, off by default: only users
 * who turned it on get it), an outage or planned maintenance `notice.outage` (service).
 */
export const noticeEventOf = (kind: NoticeKind) => (kind === 'offer' ? 'marketing.offer' : 'notice.outage');

/**
 * The counts and one mail as it will go out (through the notification outbox, by today's preferences of the
 * accounts' users): nothing is stored or sent.
 */
export async function previewNotice(ctx: AppContext, user: Viewer, draft: NoticeDraft): Promise<NoticePreview> {
  assertNetworkStaff(user);
  const today = todayOf(ctx);
  const customers = await assertAudience(ctx, draft.filter, today);
  const ticketReference = await ticketReferenceOf(ctx, draft);
  const message = noticeMessage({
    ...draft,
    windowStart: draft.windowStart ?? null,
    windowEnd: draft.windowEnd ?? null,
    ticketReference,
  });
  let emails = 0;
  let withoutEmail = 0;
  let sample: NoticePreview['sample'] = null;
  for await (const page of audienceOf(ctx, draft.filter, today, null, 1_000)) {
    const mails = await plannedMails(
      ctx,
      { type: noticeEventOf(draft.kind), key: 'preview', data: { subject: draft.subject, message } },
      page.customers.map((c) => c.customerId),
    );
    const mailed = new Set(mails.map((m) => m.customerId));
    emails += mails.length;
    withoutEmail += page.customers.filter((c) => !mailed.has(c.customerId)).length;
    const first = mails[0];
    if (!sample && first) {
      const customerName = page.customers.find((c) => c.customerId === first.customerId)?.customerName ?? '';
      sample = { to: first.to, customerName, subject: first.subject, text: first.text };
    }
  }
  return { customers, emails, customersWithoutEmail: withoutEmail, sample };
}

interface Counts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
}
const ZERO: Counts = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };

function countsByNotice(rows: { notice_id: number; status: string; n: number }[]) {
  const out = new Map<number, Counts>();
  for (const r of rows) {
    const c = { ...(out.get(r.notice_id) ?? ZERO) };
    const status = RecipientStatusSchema.safeParse(r.status);
    if (status.success) c[status.data] += r.n;
    out.set(r.notice_id, c);
  }
  return out;
}

function toSummary(n: NonNullable<repo.NoticeRow>, c: Counts): NoticeSummary {
  return {
    id: n.id,
    kind: NoticeKindSchema.parse(n.kind),
    subject: n.subject,
    status: NoticeStatusSchema.parse(n.status),
    createdAt: n.created_at,
    createdBy: `${n.first_name} ${n.last_name}`.trim(),
    windowStart: n.window_start,
    windowEnd: n.window_end,
    restorationTicketId: n.restoration_ticket_id,
    audienceCustomers: n.audience_customers,
    counts: {
      total: c.pending + c.sending + c.sent + c.failed + c.skipped,
      pending: c.pending + c.sending,
      sent: c.sent,
      failed: c.failed,
      skipped: c.skipped,
    },
    finishedAt: n.finished_at,
  };
}

export const IDEMPOTENCY_REQUIRED = 'Send an Idempotency-Key header so a double click never sends a notice twice.';

/**
 * Sends a notice: stored as queued with its audience's size, audited, answered at once (202); the worker lists and
 * mails the recipients. The Idempotency-Key is required: the same key answers the first notice again.
 */
export async function sendNotice(
  ctx: AppContext,
  user: Viewer,
  draft: NoticeDraft,
  key: string | undefined,
): Promise<{ statusCode: 202; body: NoticeSummary }> {
  assertNetworkStaff(user);
  if (!key) {
    throw badRequest(IDEMPOTENCY_REQUIRED, {
      'Idempotency-Key': 'required: 8 to 100 letters, digits, - or _ (a UUID is fine).',
    });
  }
  const now = ctx.now().toISOString();
  const today = now.slice(0, 10);
  const customers = await assertAudience(ctx, draft.filter, today);
  const ticketReference = await ticketReferenceOf(ctx, draft);
  const result = await runIdempotent(
    ctx.db,
    { userId: user.userId, key, route: 'staff-notice-send', request: draft, now: ctx.now() },
    async (trx) => {
      const id = await repo.insertNotice(trx, {
        kind: draft.kind,
        subject: draft.subject,
        body: draft.body,
        window_start: draft.kind === 'maintenance' ? (draft.windowStart ?? null) : null,
        window_end: draft.kind === 'maintenance' ? (draft.windowEnd ?? null) : null,
        restoration_ticket_id: draft.kind === 'outage' ? (draft.restorationTicketId ?? null) : null,
        ticket_reference: ticketReference,
        filter: JSON.stringify(draft.filter),
        audience_customers: customers,
        status: 'queued',
        listed_through: null,
        lease_until: null,
        created_by: user.userId,
        employee_id: user.employeeId ?? null,
        created_at: now,
        finished_at: null,
      });
      await audit(trx, {
        at: now,
        userId: user.userId,
        employeeId: user.employeeId ?? null,
        action: 'staff.notice.send',
        subject: `notice:${id}`,
        detail: { kind: draft.kind, subject: draft.subject, filter: draft.filter, audienceCustomers: customers },
      });
      const row = await repo.findNotice(trx, id);
      if (!row) throw new Error('the notice just stored is missing');
      return { statusCode: 202, body: toSummary(row, ZERO) };
    },
  );
  return { statusCode: 202, body: result.body };
}

const NOTICE_LIST_LIMIT = 200;

export async function listNotices(ctx: AppContext, user: Viewer): Promise<NoticeSummary[]> {
  assertNetworkStaff(user);
  const notices = await repo.listNotices(ctx.db, NOTICE_LIST_LIMIT);
  const counts = countsByNotice(
    await repo.recipientCounts(
      ctx.db,
      notices.map((n) => n.id),
    ),
  );
  return notices.map((n) => toSummary(n, counts.get(n.id) ?? ZERO));
}

async function noticeOf(ctx: AppContext, noticeId: number) {
  const notice = await repo.findNotice(ctx.db, noticeId);
  if (!notice) throw notFound(`Notice ${noticeId} does not exist.`);
  return notice;
}

const toRecipient = (r: Awaited<ReturnType<typeof repo.recipientsPage>>[number]): NoticeRecipient => ({
  customerId: r.customer_id,
  customerName: r.customer_name,
  address: r.address,
  email: r.email,
  status: RecipientStatusSchema.parse(r.status),
  attempts: r.attempts,
  sentAt: r.sent_at,
  failure: r.failure,
});

export async function noticeDetail(ctx: AppContext, user: Viewer, noticeId: number, page = 1): Promise<NoticeDetail> {
  assertNetworkStaff(user);
  const notice = await noticeOf(ctx, noticeId);
  const pageSize = NOTICE_RECIPIENTS_PAGE_SIZE;
  const [countRows, rows] = await Promise.all([
    repo.recipientCounts(ctx.db, [noticeId]),
    repo.recipientsPage(ctx.db, noticeId, pageSize, (page - 1) * pageSize),
  ]);
  const counts = countsByNotice(countRows).get(noticeId) ?? ZERO;
  const summary = toSummary(notice, counts);
  return {
    ...summary,
    body: notice.body,
    ticketReference: notice.ticket_reference,
    filter: SubscriberFilterSchema.parse(JSON.parse(notice.filter)),
    recipients: { rows: rows.map(toRecipient), total: summary.counts.total, page, pageSize },
  };
}

const RECIPIENT_STATUS_TEXT = {
  pending: 'waiting',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  skipped: 'skipped',
} as const;

/** The record of who was told as CSV, streamed a page at a time in the order the recipients were listed. */
export async function noticeRecipientsCsv(ctx: AppContext, user: Viewer, noticeId: number) {
  assertNetworkStaff(user);
  const notice = await noticeOf(ctx, noticeId);
  async function* chunks() {
    yield toCsv([['Account', 'Customer', 'Service address', 'Email', 'Status', 'Sent at', 'Attempts', 'Reason']]);
    let after = 0;
    for (;;) {
      const rows = await repo.recipientsAfter(ctx.db, noticeId, after, EXPORT_PAGE);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]?.id ?? after;
      yield toCsv(
        rows.map((r) => [
          r.customer_id,
          r.customer_name,
          r.address,
          r.email,
          RECIPIENT_STATUS_TEXT[RecipientStatusSchema.parse(r.status)],
          r.sent_at,
          r.attempts,
          r.failure,
        ]),
      ).slice(1);
      if (rows.length < EXPORT_PAGE) return;
    }
  }
  return { fileName: `notice-${notice.id}-recipients.csv`, stream: Readable.from(chunks()) };
}
