/**
 * Sales orders in the staff back office (issue 13 part 2): the search of every order, one order's page (the core's
 * OrderDetail plus the customer, the mailing address and the audit trail), staff notes and status changes.
 * Sales (and admins) read and write; dispatchers read (they schedule the orders' work), other staff roles do not.
 */
import { z } from 'zod';
import { cleanLine, cleanText } from '../clean-text.js';
import { OrderKindSchema, OrderStatusSchema } from '../orders.js';
import { calendarDate } from './calendar-date.js';
import { OrderDetailSchema } from './orders.js';

export const STAFF_ORDERS_PAGE_SIZE = 25;
export const STAFF_ORDER_NOTE_MAX = 2_000;

/** The columns the order list sorts by (placed, newest first, by default). */
export const STAFF_ORDER_SORTS = ['placed', 'order', 'customer', 'status', 'install', 'monthly', 'oneTime'] as const;
export const StaffOrderSortSchema = z.enum(STAFF_ORDER_SORTS);
export type StaffOrderSort = z.infer<typeof StaffOrderSortSchema>;

export const StaffOrderSearchQuerySchema = z
  .object({
    /** Customer name or number, address, or order id. */
    q: cleanLine()
      .transform((s) => s.trim())
      .pipe(z.string().max(100, 'Search at most 100 characters.'))
      .optional(),
    status: z
      .union([OrderStatusSchema, z.literal('')], { error: 'Status must be one of the order statuses.' })
      .optional(),
    /** Placed on or after (YYYY-MM-DD, UTC). */
    from: z.union([calendarDate('From'), z.literal('')]).optional(),
    /** Placed on or before (YYYY-MM-DD, UTC). */
    to: z.union([calendarDate('To'), z.literal('')]).optional(),
    /** Only open orders whose status has not moved for STUCK_ORDER_DAYS (the staff home's tile). */
    stuck: z.enum(['true', ''], { error: 'stuck must be true or left out.' }).optional(),
    sort: z
      .union([StaffOrderSortSchema, z.literal('')], {
        error: `sort must be one of ${STAFF_ORDER_SORTS.join(', ')}.`,
      })
      .optional(),
    dir: z.enum(['asc', 'desc', ''], { error: 'dir must be asc or desc.' }).optional(),
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1.' })
      .int('Page must be a whole number from 1.')
      .min(1, 'Page must be a whole number from 1.')
      .max(10_000, 'Page must be at most 10000.')
      .default(1),
  })
  .superRefine((q, c) => {
    if (q.from && q.to && q.to < q.from)
      c.addIssue({ code: 'custom', path: ['to'], message: 'Placed to must be on or after Placed from.' });
  });
export type StaffOrderSearchQuery = z.input<typeof StaffOrderSearchQuerySchema>;

export const StaffOrderRowSchema = z.object({
  orderId: z.number().int(),
  vcCustomerID: z.string(),
  customerName: z.string(),
  fullAddress: z.string(),
  status: OrderStatusSchema,
  kind: OrderKindSchema,
  createdAt: z.string(),
  installDate: z.string().nullable(),
  monthlyCents: z.number().int(),
  oneTimeCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type StaffOrderRow = z.infer<typeof StaffOrderRowSchema>;

export const StaffOrderListSchema = z.object({
  orders: z.array(StaffOrderRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type StaffOrderList = z.infer<typeof StaffOrderListSchema>;

export const StaffTrailEntrySchema = z.object({
  at: z.string(),
  /** Who did it (a user's name, "Employee 7", or null for the system). */
  who: z.string().nullable(),
  /** 'event': the order's timeline; 'audit': the audit log (the order and its work orders). */
  source: z.enum(['event', 'audit']),
  action: z.string(),
  message: z.string(),
});
export type StaffTrailEntry = z.infer<typeof StaffTrailEntrySchema>;

export const StaffOrderPageSchema = z.object({
  order: OrderDetailSchema,
  customer: z.object({ id: z.string(), name: z.string(), type: z.string(), status: z.string() }),
  mailingAddress: z.string().nullable(),
  /** Newest first. */
  trail: z.array(StaffTrailEntrySchema),
  /** The statuses a staff member may move this order to now (mayMoveOrder; cancelling has its own action). */
  nextStatuses: z.array(OrderStatusSchema),
  /** Whether the signed-in staff member may change it (sales, admin). */
  canEdit: z.boolean(),
});
export type StaffOrderPage = z.infer<typeof StaffOrderPageSchema>;

export const StaffOrderNoteRequestSchema = z.object({
  note: cleanText({ error: 'Write a note.' })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, 'Write a note.')
        .max(STAFF_ORDER_NOTE_MAX, `A note is at most ${STAFF_ORDER_NOTE_MAX} characters.`),
    ),
  /** Chosen when writing: an internal note (the default) or an update the customer sees in the order's timeline. */
  visibleToCustomer: z.boolean({ error: 'Choose whether the customer sees this note.' }).default(false),
});
export type StaffOrderNoteRequest = z.input<typeof StaffOrderNoteRequestSchema>;

export const StaffOrderStatusRequestSchema = z.object({
  status: OrderStatusSchema.exclude(['cancelled', 'placed'], { error: 'Choose the status the order moves to.' }),
  reason: cleanLine()
    .transform((s) => s.trim())
    .pipe(z.string().max(200, 'The reason is at most 200 characters.'))
    .optional(),
});
export type StaffOrderStatusRequest = z.input<typeof StaffOrderStatusRequestSchema>;
