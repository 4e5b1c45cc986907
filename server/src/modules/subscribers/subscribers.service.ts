/**
 * Subscriber lists and notices (issue 13 part 5) for network staff: the filtered list of active subscribers (one
 * statement per page), its CSV (streamed a page at a time, refused above the configured SUBSCRIBER_EXPORT_MAX_ROWS), and notices
 * sent to a list's customers. Sending stores the notice (queued) and answers at once; notices.jobs.ts lists the
 * audience and tells the accounts' users through the notification outbox, which mails them.
 */
import { Readable } from 'node:stream';
import {
  centsToDecimal,
  filterOf,
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
  SERVICE_CATEGORY_LABELS,
  ServiceCategorySchema,
  SUBSCRIBER_PAGE_SIZE_DEFAULT,
  type SubscriberFilter,
  SubscriberFilterSchema,
  type SubscriberList,
  type SubscriberListQuery,
  type SubscriberOptions,
  type SubscriberRow,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { type CsvValue, toCsv } from '../../lib/csv.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Viewer } from '../../plugins/auth.js';
import { openRestorationTickets, restorationTicketSummary } from '../contractor/field.service.js';
import { plannedMails } from '../notifications/notifications.service.js';
import { assertNetworkStaff } from './subscribers.policy.js';
import * as repo from './subscribers.repository.js';

const todayOf = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

// ---- the list ---------------------------------------------------------------------------------------------------

/** Filters that name a record must name an existing one (400 naming the field otherwise). */
async function assertFilterRecords(ctx: AppContext, f: SubscriberFilter) {
  if (f.packageId !== undefined && !(await repo.packageExists(ctx.db, f.packageId))) {
    throw badRequest(`packageId: no package has id ${f.packageId}.`, {
      packageId: 'must be a package of the catalogue.',
    });
  }
  if (f.centralOfficeId !== undefined && !(await repo.centralOfficeExists(ctx.db, f.centralOfficeId))) {
    throw badRequest(`centralOfficeId: no central office has id ${f.centralOfficeId}.`, {
      centralOfficeId: 'must be one of the central offices.',
    });
  }
  if (f.ontModelId !== undefined && !(await repo.ontModelExists(ctx.db, f.ontModelId))) {
    throw badRequest(`ontModelId: no ONT model has id ${f.ontModelId}.`, {
      ontModelId: 'must be one of the ONT models.',
    });
  }
}

const splitSorted = (joined: string | null) => (joined ? joined.split('|').sort((a, b) => a.localeCompare(b)) : []);

function toRow(r: repo.SubscriberPageRow): SubscriberRow {
  return {
    serviceLocationId: r.service_location_id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerType: r.customer_type,
    accountStatus: r.account_status,
    address: fullAddress(r),
    centralOffice: r.central_office,
    coloArea: r.colo_area,
    packages: splitSorted(r.packages),
    ontModels: splitSorted(r.ont_models),
    openBalanceCents: Number(r.open_balance_cents),
    pastDue: Number(r.past_due) === 1,
  };
}

export async function listSubscribers(
  ctx: AppContext,
  user: Viewer,
  query: SubscriberListQuery,
): Promise<SubscriberList> {
  assertNetworkStaff(user);
  const filter = filterOf(query);
  await assertFilterRecords(ctx, filter);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? SUBSCRIBER_PAGE_SIZE_DEFAULT;
  const rows = await repo.subscriberPage(ctx.db, ctx.dialect, {
    filter,
    today: todayOf(ctx),
    sort: query.sort ?? 'customer',
    dir: query.dir ?? 'asc',
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const first = rows[0];
  // Past the last page the window counts have no row to ride on: count on their own.
  const counts = first
    ? { total: Number(first.total), customers: Number(first.customers) }
    : page > 1
      ? await repo.subscriberCounts(ctx.db, filter, todayOf(ctx))
      : { total: 0, customers: 0 };
  return { rows: rows.map(toRow), ...counts, page, pageSize };
}

export async function subscriberOptions(ctx: AppContext, user: Viewer): Promise<SubscriberOptions> {
  assertNetworkStaff(user);
  const [o, tickets] = await Promise.all([repo.filterOptions(ctx.db), openRestorationTickets(ctx)]);
  return {
    packages: o.packages,
    categories: ServiceCategorySchema.options,
    centralOffices: o.offices,
    coloAreas: o.coloAreas,
    ontModels: o.onts,
    accountStatuses: o.statuses,
    restorationTickets: tickets,
  };
}

const EXPORT_PAGE = 1_000;

const CSV_HEADER: CsvValue[] = [
  'Account',
  'Customer',
  'Type',
  'Account status',
  'Service address',
  'Central office',
  'Colo area',
  'Packages',
  'ONT',
  'Open balance',
  'Past due',
];

const csvRow = (r: SubscriberRow): CsvValue[] => [
  r.customerId,
  r.customerName,
  r.customerType,
  r.accountStatus,
  r.address,
  r.centralOffice,
  r.coloArea,
  r.packages.join('; '),
  r.ontModels.join('; '),
  centsToDecimal(r.openBalanceCents),
  r.pastDue ? 'yes' : 'no',
];

/** A name that says what the list holds, e.g. subscribers-internet-CLM-MAIN-2025-07-01.csv. */
function exportName(f: SubscriberFilter, today: string) {
  const parts = [
    f.category ? SERVICE_CATEGORY_LABELS[f.category] : null,
    f.packageId ? `package-${f.packageId}` : null,
    f.centralOfficeId ? `office-${f.centralOfficeId}` : null,
    f.coloArea ?? null,
    f.ontModelId ? `ont-${f.ontModelId}` : null,
    f.accountStatus ?? null,
    f.balanceOverCents !== undefined ? `balance-over-${centsToDecimal(f.balanceOverCents)}` : null,
    f.pastDue === 'true' ? 'past-due' : f.pastDue === 'false' ? 'not-past-due' : null,
  ].filter((p): p is string => p !== null);
  return `subscribers-${[...parts, today].join('-').replace(/[^\w.-]+/g, '-')}.csv`;
}

/**
 * The list as CSV, every matching row in the list's sort order, streamed a page of EXPORT_PAGE rows at a time. A
 * list above the configured SUBSCRIBER_EXPORT_MAX_ROWS is refused before anything is read. The export is audited (it carries
 * customers' names and addresses).
 */
export async function exportSubscribers(ctx: AppContext, user: Viewer, query: SubscriberListQuery) {
  assertNetworkStaff(user);
  const filter = filterOf(query);
  await assertFilterRecords(ctx, filter);
  const today = todayOf(ctx);
  const { total } = await repo.subscriberCounts(ctx.db, filter, today);
  const max = ctx.config.subscribers.exportMaxRows;
  if (total > max) {
    throw new HttpError(
      400,
      'export_too_large',
      `This list has ${total.toLocaleString('en-US')} subscribers; an export holds at most ${max.toLocaleString('en-US')}. Narrow the filters and export again.`,
      { filter: `at most ${max} rows` },
    );
  }
  await audit(ctx.db, {
    at: ctx.now().toISOString(),
    userId: user.userId,
    employeeId: user.employeeId ?? null,
    action: 'staff.subscribers.export',
    subject: null,
    detail: { filter, rows: total },
  });
  const sort = query.sort ?? 'customer';
  const dir = query.dir ?? 'asc';
  async function* chunks() {
    yield toCsv([CSV_HEADER]);
    for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
      const rows = await repo.subscriberPage(ctx.db, ctx.dialect, {
        filter,
        today,
        sort,
        dir,
        limit: EXPORT_PAGE,
        offset,
      });
      if (rows.length === 0) break;
      // toCsv starts every chunk with the byte-order mark: only the first one keeps it.
      yield toCsv(rows.map((r) => csvRow(toRow(r)))).slice(1);
    }
  }
  return { fileName: exportName(filter, today), stream: Readable.from(chunks()) };
}

// ---- notices ----------------------------------------------------------------------------------------------------

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
 * The counts and one mail as it will go out (through the notification outbox, by today's preferences of the
 * accounts' users): nothing is stored or sent.
 */
/**
 * The event a notice of this kind is told as: an offer is `marketing.offer` (marketing, off by default: only users
 * who turned it on get it), an outage or planned maintenance `notice.outage` (service).
 */
export const noticeEventOf = (kind: NoticeKind) => (kind === 'offer' ? 'marketing.offer' : 'notice.outage');

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
