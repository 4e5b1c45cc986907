/**
 * Contract of the customer's order pages and the order actions (issue 12 steps 5 and 6): the customer's orders,
 * one order with what may be done with it, cancel (customer and staff), and a change of packages from /services.
 */
import { z } from 'zod';
import { cleanText } from '../clean-text.js';
import { INSTALL_WINDOWS } from '../orders.js';
import { calendarDate } from './calendar-date.js';
import { CheckoutPaymentSchema } from './ordering.js';
import { OrderDetailSchema, OrderSummarySchema } from './orders.js';

export const OrderSummaryListSchema = z.array(OrderSummarySchema);

/** One order as its customer sees it: the detail, whether it may still be cancelled, and its first invoice. */
export const CustomerOrderDetailSchema = OrderDetailSchema.extend({
  cancellable: z.boolean(),
  firstInvoiceId: z.number().int().nullable(),
});
export type CustomerOrderDetail = z.infer<typeof CustomerOrderDetailSchema>;

export const CANCEL_REASON_MAX = 500;

export const CancelOrderRequestSchema = z.object({
  reason: cleanText()
    .trim()
    .max(CANCEL_REASON_MAX, `The reason must be at most ${CANCEL_REASON_MAX} characters.`)
    .optional()
    .default(''),
});
export type CancelOrderRequest = z.input<typeof CancelOrderRequestSchema>;

/** The staff must say why (the customer asked on the phone, a duplicate, …). */
export const StaffCancelOrderRequestSchema = z.object({
  reason: cleanText()
    .trim()
    .min(1, 'Say why the order is cancelled.')
    .max(CANCEL_REASON_MAX, `The reason must be at most ${CANCEL_REASON_MAX} characters.`),
});

export const ChangePackageSchema = z.object({
  packageId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  monthlyCents: z.number().int(),
  installFeeCents: z.number().int(),
  speedMbps: z.number().int().nullable(),
  /** Active at this location now. */
  active: z.boolean(),
  /** Adding it needs an installer's visit (an ONT upgrade). */
  needsVisit: z.boolean(),
});
export type ChangePackage = z.infer<typeof ChangePackageSchema>;

/** What a change of packages at one location may be: the packages sold there, which are active, the ONT. */
export const ChangeOptionsSchema = z.object({
  serviceLocationId: z.number().int(),
  fullAddress: z.string(),
  ontModel: z.string().nullable(),
  ontMaxMbps: z.number().int().nullable(),
  packages: z.array(ChangePackageSchema),
  /** An order of this location still in progress (a change waits until it is done or cancelled). */
  openOrderId: z.number().int().nullable(),
  /** Days a visit may be booked on (YYYY-MM-DD, working days). */
  visitDates: z.array(z.string()),
  /**
   * Whether the fiber drop reaches the location. Without one (a cancelled order's location) a change is planned as
   * checkout plans a new address (survey, drop, splicing, install, the install on one of `visitDates`) and is paid
   * when it is placed: the first month and the install fees.
   */
  dropExists: z.boolean(),
});
export type ChangeOptions = z.infer<typeof ChangeOptionsSchema>;

export const CHANGE_MAX_PACKAGES = 10;

const changeFields = {
  serviceLocationId: z.number().int().positive(),
  add: z
    .array(z.number().int().positive())
    .max(CHANGE_MAX_PACKAGES, `At most ${CHANGE_MAX_PACKAGES} packages at once.`)
    .default([]),
  remove: z
    .array(z.number().int().positive())
    .max(CHANGE_MAX_PACKAGES, `At most ${CHANGE_MAX_PACKAGES} packages at once.`)
    .default([]),
  installDate: calendarDate('Install date').nullable().optional(),
  installWindow: z
    .enum(INSTALL_WINDOWS, { error: 'Choose a window: 08:00-12:00 or 12:00-17:00.' })
    .nullable()
    .optional(),
  /** A change at a location without a drop is paid when placed, as checkout is (a new card or one on file). */
  payment: CheckoutPaymentSchema.optional(),
  /** The total the browser showed for such a change (first month + install fees): another total is "prices changed". */
  expectedTotalCents: z.number().int().min(0).max(100_000_000).optional(),
};

const somethingChanges = (r: { add: number[]; remove: number[] }) => r.add.length + r.remove.length > 0;
const NOTHING_CHANGES = { message: 'Choose a package to add or remove.', path: ['add'] };

export const ChangeOrderRequestSchema = z.object(changeFields).refine(somethingChanges, NOTHING_CHANGES);
export type ChangeOrderRequest = z.input<typeof ChangeOrderRequestSchema>;

export const ChangeOrderResultSchema = z.object({
  orderId: z.number().int(),
  /** True when the change waits for an installer's visit; false when it is active already. */
  needsVisit: z.boolean(),
  /** What was charged when the change was placed (a location without a drop); 0 when it is billed later. */
  paidCents: z.number().int(),
});
export type ChangeOrderResult = z.infer<typeof ChangeOrderResultSchema>;

/**
 * Sales staff change packages on a customer's behalf (phone sales): the same change, naming the account the location
 * must belong to (a location of another account is refused, so a stale screen cannot change the wrong customer's).
 */
export const StaffChangeOrderRequestSchema = z
  .object({
    vcCustomerID: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{4}-\d{4}$/, 'Account number looks like 1000-2000-0001.'),
    ...changeFields,
  })
  .refine(somethingChanges, NOTHING_CHANGES);
export type StaffChangeOrderRequest = z.input<typeof StaffChangeOrderRequestSchema>;

/** The change options as staff see them: with the account the location belongs to. */
export const StaffChangeOptionsSchema = ChangeOptionsSchema.extend({
  vcCustomerID: z.string(),
  customerName: z.string(),
});
export type StaffChangeOptions = z.infer<typeof StaffChangeOptionsSchema>;

/** The installer completes an install work order from the installer's checklist view. */
export const CompleteInstallRequestSchema = z.object({
  /** The answer Yes to 'Are you sure all assets are moved properly?' (SPEC §4's question before completing). */
  assetsMovedConfirmed: z.literal(true, { error: 'Confirm that all assets are moved properly.' }),
  notes: cleanText().trim().max(2000, 'Notes must be at most 2,000 characters.').optional(),
});
export type CompleteInstallRequest = z.input<typeof CompleteInstallRequestSchema>;
export const ONT_REQUIRED_MESSAGE =
  'Scan or add the ONT at this service location before completing the install: the order is tied to it.';
