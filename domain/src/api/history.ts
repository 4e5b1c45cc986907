/**
 * Timelines read from the one audit log (issue 29 item 5): staff read a subject's history (an account, order, work
 * order, ticket or payment) with filters; customers read the entries about their own account in plain words.
 */
import { z } from 'zod';
import { calendarDate } from './calendar-date.js';

export const HistorySubjectTypeSchema = z.enum(['account', 'order', 'work_order', 'ticket', 'payment']);
export type HistorySubjectType = z.infer<typeof HistorySubjectTypeSchema>;

export const StaffHistoryQuerySchema = z.object({
  type: HistorySubjectTypeSchema,
  id: z.string().trim().min(1, { error: 'id names the account, order, work order, ticket or payment.' }).max(40),
  /** Part of the name of who acted, or "staff", "customer", "system". */
  actor: z.string().trim().max(60).optional(),
  /** The start of an action name, e.g. "customer.autopay". */
  action: z.string().trim().max(60).optional(),
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type StaffHistoryQuery = z.infer<typeof StaffHistoryQuerySchema>;

export const FieldChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who acted: a user's name, or null for the system. */
  who: z.string().nullable(),
  /** customer: a customer's user; staff: an employee; system: a job or the public. */
  actorKind: z.enum(['customer', 'staff', 'system']),
  /** The staff member behind a super-user session, by name; null when it was not one. */
  viaSuperUser: z.string().nullable(),
  action: z.string(),
  /** The entry in plain words, e.g. "Autopay turned on". */
  summary: z.string(),
  changes: z.array(FieldChangeSchema),
  subject: z.object({ type: z.string(), id: z.string() }),
  ip: z.string().nullable(),
  device: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryPageSchema = z.object({
  entries: z.array(HistoryEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const CustomerActivityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const CustomerActivitySchema = z.object({
  /** Newest first: "Autopay turned on by Dana Diaz". */
  entries: z.array(z.object({ id: z.number().int(), at: z.string(), text: z.string() })),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type CustomerActivity = z.infer<typeof CustomerActivitySchema>;
