/**
 * The customer home (issue 28): one answer with what a signed-in customer came for. Each piece is null when the user
 * may not see it (a user without "View bills" gets no balance), so the page shows only what the permissions allow.
 */
import { z } from 'zod';

export const HomeBillingSchema = z.object({
  balanceCents: z.number().int(),
  pastDueCents: z.number().int(),
  creditCents: z.number().int(),
  nextDueDate: z.string().nullable(),
  nextDueCents: z.number().int(),
  /** Mailing locations paid by autopay, of how many. */
  autopayLocations: z.number().int(),
  mailingLocations: z.number().int(),
  /** Whether this user may pay (the Pay button). */
  canPay: z.boolean(),
});

export const HomeLocationStatusSchema = z.enum(['In service', 'Being set up', 'No service']);

export const HomeLocationSchema = z.object({
  serviceLocationId: z.number().int(),
  fullAddress: z.string(),
  status: HomeLocationStatusSchema,
  /** Names of the active packages. */
  packages: z.array(z.string()),
});

export const HomeAppointmentSchema = z.object({
  workOrderId: z.number().int(),
  /** What the visit is for, like "Consumer Fiber Install". */
  kind: z.string(),
  /** install, repair or other work at the location. */
  purpose: z.enum(['install', 'repair', 'visit']),
  scheduledAt: z.string(),
  fullAddress: z.string(),
});

export const HomeTicketSchema = z.object({
  ticketId: z.number().int(),
  serviceLocationId: z.number().int(),
  subject: z.string(),
  category: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const HomeNoticeSchema = z.object({
  noticeId: z.number().int(),
  subject: z.string(),
  body: z.string(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  sentAt: z.string(),
});

export const CustomerHomeSchema = z.object({
  billing: HomeBillingSchema.nullable(),
  locations: z.array(HomeLocationSchema).nullable(),
  nextAppointment: HomeAppointmentSchema.nullable(),
  /** Open trouble tickets, newest first; null without the tickets permission. */
  openTickets: z.array(HomeTicketSchema).nullable(),
  /** Notices sent to this account in the last 60 days, newest first. */
  notices: z.array(HomeNoticeSchema),
});
export type CustomerHome = z.infer<typeof CustomerHomeSchema>;
export type HomeAppointment = z.infer<typeof HomeAppointmentSchema>;
export type HomeTicket = z.infer<typeof HomeTicketSchema>;
export type HomeNotice = z.infer<typeof HomeNoticeSchema>;
