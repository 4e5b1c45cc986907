/**
 * Contract of the Services page's second half (issue 14): sending faxes (the outbox and its queue), TV app
 * credentials from the TV middleware ("a call to an internal host for TV credentials by customer id", SPEC §7) and
 * wholesale services with viewWholesaleReport. The pure rules (fax numbers, limits, the wholesale report's roll-up)
 * are here so the browser and the server refuse and add up the same way.
 */
import { z } from 'zod';
import { cleanText } from '../clean-text.js';
import { classifyFaxDestination } from '../fax-destinations.js';
import { idParam } from './customer.js';
import { BusinessReportQuerySchema, monthsBetween } from './reports.js';

// ---- fax sending ----------------------------------------------------------------------------------------------

/** At most this many files (pages documents) in one fax. */
export const FAX_SEND_MAX_FILES = 5;
/** Each file at most 10 MB. */
export const FAX_SEND_MAX_FILE_BYTES = 10 * 1_048_576;
/** All files of one fax at most 20 MB. */
export const FAX_SEND_MAX_TOTAL_BYTES = 20 * 1_048_576;
/** At most 50 pages, the cover page included: a longer fax ties a line up for half an hour. */
export const FAX_SEND_MAX_PAGES = 50;
export const FAX_COVER_NOTE_MAX = 1000;
/** The file types a fax page may be, as their content (not their name) says. */
export const FAX_PAGE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const FAX_PAGE_TYPES_LABEL = 'PDF, PNG or JPEG';

const mbLabel = (bytes: number) => `${bytes / 1_048_576} MB`;
export const FAX_TOO_LARGE_MESSAGE = `A fax can carry at most ${mbLabel(FAX_SEND_MAX_TOTAL_BYTES)} of files (each at most ${mbLabel(FAX_SEND_MAX_FILE_BYTES)}).`;

/**
 * A fax number normalized (10 digits for North America, `011` and the digits for an international number), or null
 * when it cannot be a fax destination at all (see fax-destinations.ts; the account's own limits are not checked).
 */
export function normalizeFaxNumber(value: string): string | null {
  const d = classifyFaxDestination(value);
  return d.ok ? d.number : null;
}

/**
 * Why `value` cannot be a fax destination for any account (null when it may be for some): a malformed number, a
 * premium-rate or a non-geographic one. Whether this account may send to an international-rate one is the server's
 * check (faxDestinationProblem with the account's international faxing).
 */
export function faxNumberProblem(value: string): string | null {
  const d = classifyFaxDestination(value);
  return d.ok ? null : d.problem;
}

/** The form fields of a fax sent as multipart/form-data (the files come as `file_1`, `file_2`, …). */
export const SendFaxFieldsSchema = z.object({
  to: z
    .string({ message: 'Fax number is required.' })
    .trim()
    .superRefine((value, ctx) => {
      const problem = faxNumberProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => normalizeFaxNumber(v) ?? v),
  coverPage: z
    .enum(['true', 'false', ''], { message: 'Cover page must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
  coverNote: cleanText({ message: 'Cover note must be text.' })
    .trim()
    .max(FAX_COVER_NOTE_MAX, `Cover note must be at most ${FAX_COVER_NOTE_MAX} characters.`)
    .optional()
    .transform((v) => v ?? ''),
});
export type SendFaxFields = z.input<typeof SendFaxFieldsSchema>;

export const SentFaxStatusSchema = z.enum(['queued', 'sending', 'sent', 'failed']);
export type SentFaxStatus = z.infer<typeof SentFaxStatusSchema>;

export const SentFaxFileSchema = z.object({
  FileID: z.number().int(),
  kind: z.enum(['cover', 'document']),
  name: z.string(),
  contentType: z.string(),
  pages: z.number().int(),
  sizeBytes: z.number().int(),
});
export type SentFaxFile = z.infer<typeof SentFaxFileSchema>;

/** One call to the carrier: its outcome and when. */
export const FaxAttemptSchema = z.object({
  at: z.string(),
  outcome: z.enum(['sent', 'busy', 'no-answer', 'failed', 'error']),
  detail: z.string().nullable(),
});
export type FaxAttempt = z.infer<typeof FaxAttemptSchema>;

export const SentFaxSchema = z.object({
  SentFaxID: z.number().int(),
  FaxNumberID: z.number().int(),
  fromNumber: z.string(),
  toNumber: z.string(),
  status: SentFaxStatusSchema,
  /** Sent again: by the queue after a busy line or no answer, or by the customer after it failed. */
  retried: z.boolean(),
  coverPage: z.boolean(),
  coverNote: z.string(),
  pages: z.number().int(),
  sizeBytes: z.number().int(),
  /** Why it failed (status failed), or what the last try met while it waits for the next. */
  reason: z.string().nullable(),
  /** When the queue tries it next (queued only). */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  files: z.array(SentFaxFileSchema),
  attempts: z.array(FaxAttemptSchema),
});
export type SentFax = z.infer<typeof SentFaxSchema>;

export const FaxOutboxSchema = z.object({
  limits: z.object({
    maxFiles: z.number().int(),
    maxFileBytes: z.number().int(),
    maxTotalBytes: z.number().int(),
    maxPages: z.number().int(),
    maxAttempts: z.number().int(),
  }),
  /** Newest first, every fax number of the account. */
  faxes: z.array(SentFaxSchema),
});
export type FaxOutbox = z.infer<typeof FaxOutboxSchema>;

export const SentFaxParamsSchema = z.object({ sentFaxId: idParam('Sent fax id') });
export const SentFaxFileParamsSchema = z.object({
  sentFaxId: idParam('Sent fax id'),
  sentFaxFileId: idParam('File id'),
});

// ---- TV credentials -------------------------------------------------------------------------------------------

export const TvServiceSchema = z.object({
  /** The account's active TV packages; none means no TV app sign-in either. */
  packages: z.array(z.object({ PackageName: z.string(), fullAddress: z.string(), StartDate: z.string() })),
  /** The name of the app the credentials sign in to. */
  appName: z.string(),
});
export type TvService = z.infer<typeof TvServiceSchema>;

export const TvCredentialsSchema = z.object({
  username: z.string(),
  password: z.string(),
  /** When these credentials were issued. */
  issuedAt: z.string(),
});
export type TvCredentials = z.infer<typeof TvCredentialsSchema>;

export const TV_MIDDLEWARE_DOWN_MESSAGE =
  'The TV system is not answering right now, so your TV app sign-in cannot be shown or changed. Nothing was changed; try again in a few minutes.';

// ---- wholesale services and viewWholesaleReport ---------------------------------------------------------------

export const WholesaleStatusSchema = z.enum(['Active', 'Pending', 'Disconnected']);

export const WholesaleServiceSchema = z.object({
  WholesaleServiceID: z.number().int(),
  circuitId: z.string(),
  aEndpoint: z.string(),
  zEndpoint: z.string(),
  bandwidthMbps: z.number().int(),
  monthlyRateCents: z.number().int(),
  status: WholesaleStatusSchema,
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type WholesaleService = z.infer<typeof WholesaleServiceSchema>;

export const WholesaleServicesSchema = z.object({
  services: z.array(WholesaleServiceSchema),
  /** The monthly rates of the active circuits. */
  activeMonthlyCents: z.number().int(),
});
export type WholesaleServices = z.infer<typeof WholesaleServicesSchema>;

export const WholesaleReportQuerySchema = BusinessReportQuerySchema;
export type WholesaleReportParams = z.input<typeof WholesaleReportQuerySchema>;

const UsageSchema = z.object({
  inGb: z.number().int(),
  outGb: z.number().int(),
  billedCents: z.number().int(),
});

export const WholesaleReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  circuits: z.array(z.object({ WholesaleServiceID: z.number().int(), circuitId: z.string(), label: z.string() })),
  /** One row per circuit and month with usage. */
  rows: z.array(
    UsageSchema.extend({
      month: z.string(),
      WholesaleServiceID: z.number().int(),
      peakMbps: z.number().int(),
      /** Hundredths of a percent: 9998 is 99.98 %. */
      availabilityBp: z.number().int(),
    }),
  ),
  /** Every month of the range, zero when nothing was used or billed. */
  monthTotals: z.array(UsageSchema.extend({ month: z.string() })),
  circuitTotals: z.array(UsageSchema.extend({ WholesaleServiceID: z.number().int() })),
  totals: UsageSchema,
});
export type WholesaleReport = z.infer<typeof WholesaleReportSchema>;

export interface WholesaleUsageRow {
  month: string;
  WholesaleServiceID: number;
  inGb: number;
  outGb: number;
  peakMbps: number;
  availabilityBp: number;
  billedCents: number;
}

/** Month totals (every month of the range), circuit totals (every circuit given) and the grand total. */
export function rollUpWholesaleReport(
  rows: readonly WholesaleUsageRow[],
  months: readonly string[],
  circuitIds: readonly number[],
) {
  const zero = () => ({ inGb: 0, outGb: 0, billedCents: 0 });
  const add = (into: ReturnType<typeof zero>, r: WholesaleUsageRow) => {
    into.inGb += r.inGb;
    into.outGb += r.outGb;
    into.billedCents += r.billedCents;
  };
  const byMonth = new Map(months.map((m) => [m, zero()]));
  const byCircuit = new Map(circuitIds.map((id) => [id, zero()]));
  const totals = zero();
  for (const r of rows) {
    const month = byMonth.get(r.month);
    if (!month) continue;
    add(month, r);
    let circuit = byCircuit.get(r.WholesaleServiceID);
    if (!circuit) {
      circuit = zero();
      byCircuit.set(r.WholesaleServiceID, circuit);
    }
    add(circuit, r);
    add(totals, r);
  }
  return {
    monthTotals: [...byMonth].map(([month, t]) => ({ month, ...t })),
    circuitTotals: [...byCircuit].map(([WholesaleServiceID, t]) => ({ WholesaleServiceID, ...t })),
    totals,
  };
}

/** 9998 -> "99.98 %". */
export const availabilityLabel = (bp: number) => `${(bp / 100).toFixed(2)} %`;

/** The months a wholesale report covers (inclusive). */
export const wholesaleMonths = (from: string, to: string) => monthsBetween(from, to);
