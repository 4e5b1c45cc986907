/**
 * Contract of an order as the customer and staff see it (issue 12): the sales order with its lines, money, work
 * orders and timeline. The ordering flow (availability, cart, checkout), the customer's order pages and the staff
 * back office all answer these shapes.
 */
import { z } from 'zod';
import { OrderEventKindSchema, OrderKindSchema, OrderStatusSchema } from '../orders.js';

export const OrderLineSchema = z.object({
  lineId: z.number().int(),
  packageId: z.number().int(),
  action: z.enum(['add', 'remove']),
  description: z.string(),
  monthlyCents: z.number().int(),
  installFeeCents: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderWorkOrderSchema = z.object({
  WOId: z.number().int(),
  type: z.string(),
  status: z.string(),
  dueDate: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  dependsOn: z.number().int().nullable(),
  /** The contractor company doing it (null: the provider's installers). */
  contractorId: z.number().int().nullable(),
  contractorName: z.string().nullable(),
  /** Installers assigned, by name. */
  assignees: z.array(z.string()),
  isComplete: z.boolean(),
});
export type OrderWorkOrder = z.infer<typeof OrderWorkOrderSchema>;

export const OrderEventSchema = z.object({
  at: z.string(),
  kind: OrderEventKindSchema,
  message: z.string(),
  WOId: z.number().int().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const OrderSummarySchema = z.object({
  orderId: z.number().int(),
  vcCustomerID: z.string(),
  customerName: z.string(),
  status: OrderStatusSchema,
  kind: OrderKindSchema,
  serviceLocationId: z.number().int().nullable(),
  fullAddress: z.string(),
  installDate: z.string().nullable(),
  installWindow: z.string().nullable(),
  monthlyCents: z.number().int(),
  oneTimeCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  mailingLocationId: z.number().int().nullable(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  placedByEmployeeId: z.number().int().nullable(),
  notes: z.string().nullable(),
  installedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  workOrders: z.array(OrderWorkOrderSchema),
  events: z.array(OrderEventSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderIdParamsSchema = z.object({ orderId: z.coerce.number().int().positive() });
