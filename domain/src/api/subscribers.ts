/**
 * Subscriber lists and notices (issue 13 part 5, staff role `network`): the filters of a subscriber list (active
 * subscribers: a customer's service location with at least one active package), the list and its CSV, and notices
 * (planned maintenance with a window, or an outage tied to a restoration ticket) mailed to a list's customers, with
 * a preview and a record of who was told. The pure rules (the notice's state, the mail's text) live here too, so the
 * server's preview and its worker render the same mail.
 */
import { z } from 'zod';
import { cleanLine, cleanText } from '../clean-text.js';

// ---- limits ---------------------------------------------------------------------------------------------------

export const SUBSCRIBER_PAGE_SIZE_DEFAULT = 50;
export const SUBSCRIBER_PAGE_SIZE_MAX = 200;
/** A CSV export holds at most this many rows; a larger list is refused with a message to narrow the filters. */
export const SUBSCRIBER_EXPORT_MAX_ROWS = 50_000;
/** A notice goes to at most this many customers (a whole-network notice of a large provider still fits). */
export const NOTICE_MAX_CUSTOMERS = 100_000;
export const NOTICE_SUBJECT_MAX = 150;
export const NOTICE_BODY_MAX = 5_000;
/** A planned maintenance window lasts at most this many hours. */
export const NOTICE_WINDOW_MAX_HOURS = 72;
export const NOTICE_RECIPIENTS_PAGE_SIZE = 100;
/** The provider's local time, used for the maintenance window in the mail. */
export const PROVIDER_TIME_ZONE = 'America/Chicago';

// ---- filters --------------------------------------------------------------------------------------------------

/** Package categories (packages.category, 0012-orders). */
export const ServiceCategorySchema = z.enum(['internet', 'phone', 'tv', 'pbx', 'static_ip', 'wifi'], {
  error: 'category must be one of internet, phone, tv, pbx, static_ip, wifi.',
});
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;
export const SERVICE_CATEGORY_LABELS: Readonly<Record<ServiceCategory, string>> = {
  internet: 'Internet',
  phone: 'Phone',
  tv: 'TV',
  pbx: 'Hosted PBX',
  static_ip: 'Static IP',
  wifi: 'Wi-Fi',
};

const positiveId = (field: string, what: string) =>
  z.coerce
    .number({ error: `${field} must be ${what} (a whole number).` })
    .int(`${field} must be ${what} (a whole number).`)
    .positive(`${field} must be ${what} (a whole number).`)
    .max(2_147_483_647, `${field} must be ${what} (a whole number).`);

export const SubscriberSortSchema = z.enum(['customer', 'account', 'address', 'area', 'status', 'balance'], {
  error: 'sort must be one of customer, account, address, area, status, balance.',
});
export type SubscriberSort = z.infer<typeof SubscriberSortSchema>;

/** The filters, combined with AND; every one is optional. Query-string friendly (numbers and flags as text too). */
export const SubscriberFilterSchema = z.object({
  packageId: positiveId('packageId', 'a package id').optional(),
  category: ServiceCategorySchema.optional(),
  centralOfficeId: positiveId('centralOfficeId', 'a central office id').optional(),
  coloArea: cleanLine()
    .trim()
    .regex(/^[A-Za-z0-9 _-]{1,40}$/, 'coloArea must be a colo area name: 1 to 40 letters, digits, spaces, - or _.')
    .optional(),
  ontModelId: positiveId('ontModelId', 'an ONT model id').optional(),
  accountStatus: cleanLine()
    .trim()
    .regex(/^[A-Za-z][A-Za-z ]{0,29}$/, 'accountStatus must be an account status such as Active or Pending.')
    .optional(),
  /** Open invoice balance above this many cents. */
  balanceOverCents: z.coerce
    .number({ error: 'balanceOverCents must be a whole number of cents from 0 to 100000000.' })
    .int('balanceOverCents must be a whole number of cents from 0 to 100000000.')
    .min(0, 'balanceOverCents must be a whole number of cents from 0 to 100000000.')
    .max(100_000_000, 'balanceOverCents must be a whole number of cents from 0 to 100000000.')
    .optional(),
  /** 'true': only accounts with an invoice past its due date and not paid in full. */
  pastDue: z.enum(['true', 'false'], { error: 'pastDue must be true or false.' }).optional(),
});
export type SubscriberFilter = z.infer<typeof SubscriberFilterSchema>;

export const SubscriberListQuerySchema = SubscriberFilterSchema.extend({
  sort: SubscriberSortSchema.optional(),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc.' }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1.' })
    .int('page must be a whole number from 1.')
    .min(1, 'page must be a whole number from 1.')
    .max(100_000, 'page must be at most 100000.')
    .optional(),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${SUBSCRIBER_PAGE_SIZE_MAX}.` })
    .int(`pageSize must be a whole number from 1 to ${SUBSCRIBER_PAGE_SIZE_MAX}.`)
    .min(1, `pageSize must be a whole number from 1 to ${SUBSCRIBER_PAGE_SIZE_MAX}.`)
    .max(SUBSCRIBER_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${SUBSCRIBER_PAGE_SIZE_MAX}.`)
    .optional(),
});
export type SubscriberListQuery = z.infer<typeof SubscriberListQuerySchema>;

/** The filter's own keys, in the order the page shows them. */
export const SUBSCRIBER_FILTER_KEYS = Object.keys(SubscriberFilterSchema.shape) as (keyof SubscriberFilter)[];

/** Only the filter's keys of a query (paging and sorting dropped), without empty ones. */
export function filterOf(query: SubscriberListQuery | SubscriberFilter): SubscriberFilter {
  const out: Record<string, unknown> = {};
  for (const key of SUBSCRIBER_FILTER_KEYS) {
    const v = (query as Record<string, unknown>)[key];
    if (v !== undefined && v !== '') out[key] = v;
  }
  return out as SubscriberFilter;
}

// ---- the list -------------------------------------------------------------------------------------------------

export const SubscriberRowSchema = z.object({
  serviceLocationId: z.number().int(),
  customerId: z.string(),
  customerName: z.string(),
  customerType: z.string(),
  accountStatus: z.string(),
  address: z.string(),
  centralOffice: z.string().nullable(),
  coloArea: z.string().nullable(),
  /** Active package names, sorted. */
  packages: z.array(z.string()),
  /** ONT models of the location's assets, sorted. */
  ontModels: z.array(z.string()),
  openBalanceCents: z.number().int(),
  pastDue: z.boolean(),
});
export type SubscriberRow = z.infer<typeof SubscriberRowSchema>;

export const SubscriberListSchema = z.object({
  rows: z.array(SubscriberRowSchema),
  /** Matching service locations. */
  total: z.number().int(),
  /** Distinct customers among them (a notice's audience). */
  customers: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SubscriberList = z.infer<typeof SubscriberListSchema>;

const Option = z.object({ id: z.number().int(), name: z.string() });

export const RestorationTicketOptionSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  status: z.string(),
  description: z.string(),
});
export type RestorationTicketOption = z.infer<typeof RestorationTicketOptionSchema>;

/** What the filters offer, read from the catalogue and the network. */
export const SubscriberOptionsSchema = z.object({
  packages: z.array(Option.extend({ category: z.string() })),
  categories: z.array(ServiceCategorySchema),
  centralOffices: z.array(Option),
  coloAreas: z.array(z.string()),
  ontModels: z.array(Option),
  accountStatuses: z.array(z.string()),
  /** Restoration tickets not yet complete: what an outage notice can be tied to. */
  restorationTickets: z.array(RestorationTicketOptionSchema),
});
export type SubscriberOptions = z.infer<typeof SubscriberOptionsSchema>;

// ---- notices --------------------------------------------------------------------------------------------------

export const NoticeKindSchema = z.enum(['maintenance', 'outage', 'offer'], {
  error: 'kind must be maintenance, outage or offer.',
});
export type NoticeKind = z.infer<typeof NoticeKindSchema>;
export const NOTICE_KIND_LABELS: Readonly<Record<NoticeKind, string>> = {
  maintenance: 'Planned maintenance',
  outage: 'Outage',
  offer: 'Offer (marketing: only to those who opted in)',
};

const isoInstant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time, like 2025-07-01T22:00:00Z.` });

/** A notice as staff write it: what, to whom (a subscriber filter), and the window or the restoration ticket. */
export const NoticeDraftSchema = z
  .object({
    kind: NoticeKindSchema,
    subject: cleanLine()
      .trim()
      .min(1, 'Subject is required.')
      .max(NOTICE_SUBJECT_MAX, `Subject must be at most ${NOTICE_SUBJECT_MAX} characters.`),
    body: cleanText()
      .trim()
      .min(1, 'Message is required.')
      .max(NOTICE_BODY_MAX, `Message must be at most ${NOTICE_BODY_MAX} characters.`),
    windowStart: isoInstant('windowStart').nullish(),
    windowEnd: isoInstant('windowEnd').nullish(),
    restorationTicketId: positiveId('restorationTicketId', 'a restoration ticket id').nullish(),
    filter: SubscriberFilterSchema,
  })
  .superRefine((d, issue) => {
    if (d.kind === 'maintenance') {
      const problem = maintenanceWindowProblem(d.windowStart ?? null, d.windowEnd ?? null);
      if (problem) issue.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      if (d.restorationTicketId) {
        issue.addIssue({
          code: 'custom',
          path: ['restorationTicketId'],
          message: 'A planned maintenance notice has no restoration ticket; choose Outage to tie one.',
        });
      }
    } else if (d.kind === 'offer') {
      if (d.restorationTicketId) {
        issue.addIssue({
          code: 'custom',
          path: ['restorationTicketId'],
          message: 'An offer has no restoration ticket; choose Outage to tie one.',
        });
      }
      if (d.windowStart || d.windowEnd) {
        issue.addIssue({ code: 'custom', path: ['windowStart'], message: 'An offer has no maintenance window.' });
      }
    } else {
      if (!d.restorationTicketId) {
        issue.addIssue({
          code: 'custom',
          path: ['restorationTicketId'],
          message: 'An outage notice needs its restoration ticket.',
        });
      }
      if (d.windowStart || d.windowEnd) {
        issue.addIssue({
          code: 'custom',
          path: ['windowStart'],
          message: 'An outage notice has no maintenance window.',
        });
      }
    }
  });
export type NoticeDraft = z.infer<typeof NoticeDraftSchema>;

/** Why a maintenance window is not usable (null when it is): both ends, the end after the start, not too long. */
export function maintenanceWindowProblem(
  start: string | null,
  end: string | null,
): { field: 'windowStart' | 'windowEnd'; message: string } | null {
  if (!start) return { field: 'windowStart', message: 'Planned maintenance needs the start of its window.' };
  if (!end) return { field: 'windowEnd', message: 'Planned maintenance needs the end of its window.' };
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (Number.isNaN(s)) return { field: 'windowStart', message: 'Window start must be a date and time.' };
  if (Number.isNaN(e)) return { field: 'windowEnd', message: 'Window end must be a date and time.' };
  if (e <= s) return { field: 'windowEnd', message: 'Window end must be after its start.' };
  if (e - s > NOTICE_WINDOW_MAX_HOURS * 3600_000) {
    return { field: 'windowEnd', message: `A maintenance window lasts at most ${NOTICE_WINDOW_MAX_HOURS} hours.` };
  }
  return null;
}

export const NoticeStatusSchema = z.enum(['queued', 'sending', 'sent', 'partly_failed', 'failed']);
export type NoticeStatus = z.infer<typeof NoticeStatusSchema>;
export const NOTICE_STATUS_LABELS: Readonly<Record<NoticeStatus, string>> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  partly_failed: 'Partly failed',
  failed: 'Failed',
};

/** skipped: not a delivery at all — nobody takes the mail (no address, turned off, not opted in to offers). */
export const RecipientStatusSchema = z.enum(['pending', 'sending', 'sent', 'failed', 'skipped']);
export type RecipientStatus = z.infer<typeof RecipientStatusSchema>;

export interface RecipientCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
  /** Customers nobody could be mailed at by choice or for want of an address: not a delivery failure. */
  skipped?: number;
}

/** Why a customer of a notice got no mail (a skipped recipient's reason; not a failure). */
export const NOTICE_SKIP_REASONS = {
  noAddress: 'No e-mail address',
  turnedOff: 'Turned off by the customer',
  notOptedIn: 'Not wanted: did not opt in to offers',
} as const;

/**
 * A notice's state: queued until its recipients are listed, sending while any is still to go, then sent (no mail
 * failed), failed (none went, some failed) or partly failed (some went, some failed). "Failed" is only a channel that
 * refused a mail or gave up on it; a skipped customer (no address, turned off, not opted in) is no failure.
 */
export function noticeStatusOf(listed: boolean, c: RecipientCounts): NoticeStatus {
  if (!listed) return 'queued';
  if (c.pending + c.sending > 0) return 'sending';
  if (c.failed === 0) return 'sent';
  return c.sent === 0 ? 'failed' : 'partly_failed';
}

export const RecipientCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Not mailed by the customer's choice or for want of an address (reasons in the recipients' record). */
  skipped: z.number().int(),
});

export const NoticeSummarySchema = z.object({
  id: z.number().int(),
  kind: NoticeKindSchema,
  subject: z.string(),
  status: NoticeStatusSchema,
  createdAt: z.string(),
  createdBy: z.string(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  restorationTicketId: z.number().int().nullable(),
  /** The audience's size when the notice was sent (customers). */
  audienceCustomers: z.number().int(),
  counts: RecipientCountsSchema,
  finishedAt: z.string().nullable(),
});
export type NoticeSummary = z.infer<typeof NoticeSummarySchema>;

export const NoticeListSchema = z.object({ notices: z.array(NoticeSummarySchema) });
export type NoticeList = z.infer<typeof NoticeListSchema>;

export const NoticeRecipientSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  address: z.string(),
  email: z.string().nullable(),
  status: RecipientStatusSchema,
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  failure: z.string().nullable(),
});
export type NoticeRecipient = z.infer<typeof NoticeRecipientSchema>;

export const NoticeDetailSchema = NoticeSummarySchema.extend({
  body: z.string(),
  ticketReference: z.string().nullable(),
  filter: SubscriberFilterSchema,
  recipients: z.object({
    rows: z.array(NoticeRecipientSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type NoticeDetail = z.infer<typeof NoticeDetailSchema>;

export const NoticeParamsSchema = z.object({ noticeId: positiveId('noticeId', 'a notice id') });
export const NoticeDetailQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1.' })
    .int('page must be a whole number from 1.')
    .min(1, 'page must be a whole number from 1.')
    .max(100_000, 'page must be at most 100000.')
    .optional(),
});

export const MailSampleSchema = z.object({
  to: z.string(),
  customerName: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type MailSample = z.infer<typeof MailSampleSchema>;

export const NoticePreviewSchema = z.object({
  /** Customers in the audience. */
  customers: z.number().int(),
  /** Mails that will go out (one per user who takes the notice's e-mail, by today's preferences). */
  emails: z.number().int(),
  /** Customers with no user who takes its e-mail: recorded as skipped with the reason (not a failure). */
  customersWithoutEmail: z.number().int(),
  /** The mail as the first recipient will get it; null when nobody has an email address. */
  sample: MailSampleSchema.nullable(),
});
export type NoticePreview = z.infer<typeof NoticePreviewSchema>;

// ---- the mail -------------------------------------------------------------------------------------------------

/** A window end as the provider's local time, e.g. "Tue, Nov 25, 2025, 10:00 PM CST". */
export function formatNoticeTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: PROVIDER_TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export interface NoticeMessageInput {
  kind: NoticeKind;
  body: string;
  windowStart: string | null;
  windowEnd: string | null;
  /** The outage's restoration ticket as the notice names it, e.g. "restoration ticket 3 (470 S Scott Blvd, …)". */
  ticketReference: string | null;
}

/**
 * The notice's words on every channel (`notice.outage` through the notification outbox: the mail's body, the text,
 * the in-app line): the message, then the maintenance window in Central Time or the outage's restoration ticket.
 */
export function noticeMessage(n: NoticeMessageInput): string {
  const lines = [n.body];
  if (n.kind === 'maintenance' && n.windowStart && n.windowEnd) {
    lines.push(
      `Planned maintenance window: ${formatNoticeTime(n.windowStart)} to ${formatNoticeTime(n.windowEnd)}. ` +
        'Your service may be interrupted during this window; you do not need to do anything.',
    );
  } else if (n.kind === 'outage' && n.ticketReference) {
    lines.push(`Our crews are working on it under ${n.ticketReference}.`);
  }
  return lines.join('\n');
}
