/**
 * Orders (issue 12): the rules shared by the ordering flow, the order's work, the customer's order page and the
 * staff back office. Pure functions; the server enforces them and the browser shows them.
 */
import { z } from 'zod';

/**
 * The kinds of area of the map's service-area layers (SPEC §9 layer ids): fiber now (Residential Fiber 10,
 * Business Fiber 14), coming soon (Residential Fiber Construction 11), taking sign-ups (Residential Fiber Sign Up 12),
 * or none of them.
 */
export const AreaKindSchema = z.enum(['fiber', 'business_fiber', 'construction', 'signup', 'outside']);
export type AreaKind = z.infer<typeof AreaKindSchema>;

export const AREA_LAYER: Readonly<Record<Exclude<AreaKind, 'outside'>, number>> = {
  fiber: 10,
  business_fiber: 14,
  construction: 11,
  signup: 12,
};

/** What a visitor at an address can do. */
export type Availability = 'available' | 'coming_soon' | 'taking_signups' | 'not_served';

export function availabilityOf(kind: AreaKind): Availability {
  switch (kind) {
    case 'fiber':
    case 'business_fiber':
      return 'available';
    case 'construction':
      return 'coming_soon';
    case 'signup':
      return 'taking_signups';
    case 'outside':
      return 'not_served';
  }
}

/** An order's states, in the order the work reaches them; `cancelled` ends an order before its install starts. */
export const OrderStatusSchema = z.enum(['placed', 'survey_done', 'drop_built', 'spliced', 'installed', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
export const ORDER_STATUSES: readonly OrderStatus[] = OrderStatusSchema.options;

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  placed: 'Placed',
  survey_done: 'Survey done',
  drop_built: 'Drop built',
  spliced: 'Spliced',
  installed: 'Installed',
  cancelled: 'Cancelled',
};

export const OrderKindSchema = z.enum(['new', 'change']);
export type OrderKind = z.infer<typeof OrderKindSchema>;

/** The timeline's event kinds (sales_order_events.kind). */
export const OrderEventKindSchema = z.enum([
  'placed',
  'paid',
  'work_scheduled',
  'survey_done',
  'drop_built',
  'spliced',
  'install_scheduled',
  'installed',
  'activated',
  'invoiced',
  'changed',
  /** A staff note: inside the office only, never in the customer's timeline. */
  'note',
  /** A staff message the customer sees in the order's timeline. */
  'update',
  'cancelled',
  'refunded',
]);
export type OrderEventKind = z.infer<typeof OrderEventKindSchema>;

/** The timeline a customer sees: every event but the staff's internal notes. */
export function customerTimeline<E extends { kind: OrderEventKind }>(events: readonly E[]): E[] {
  return events.filter((e) => e.kind !== 'note');
}

/** One step of an order's work: a work-order type, and the order status its completion reaches. */
export interface WorkStep {
  /** A work-order type description (work-order-types.ts). */
  type: string;
  /** The status the order reaches when this step's work order is complete. */
  reaches: OrderStatus;
  /** Who does it: a contractor company (construction crews) or the provider's installers. */
  doneBy: 'contractor' | 'installer';
}

/**
 * The work orders an order needs, in order (each waits for the one before): a location without a drop needs a site
 * survey, drop construction and splicing before the install; a location with a drop needs only the install. A change
 * that needs new equipment (an ONT upgrade) is one install visit; a change without new equipment needs no visit; a
 * change at a location the drop does not reach (a cancelled order's) needs the whole plan, as a new address does.
 */
export function workPlanOf(input: { business: boolean; dropExists: boolean; kind: OrderKind; needsVisit: boolean }) {
  const b = input.business;
  const install: WorkStep = {
    type: b ? 'Business Fiber Install' : 'Consumer Fiber Install',
    reaches: 'installed',
    doneBy: 'installer',
  };
  // A change at a location with a drop: an ONT upgrade at most. Without a drop it is planned as a new address.
  if (input.kind === 'change' && input.dropExists) return input.needsVisit ? [install] : [];
  if (input.dropExists) return [install];
  const steps: WorkStep[] = [
    { type: b ? 'Business Site Survey' : 'Consumer Site Survey', reaches: 'survey_done', doneBy: 'contractor' },
    { type: b ? 'Business Construction' : 'Consumer Drop Construction', reaches: 'drop_built', doneBy: 'contractor' },
    { type: b ? 'Business Splicing' : 'Consumer Splicing', reaches: 'spliced', doneBy: 'contractor' },
    install,
  ];
  return steps;
}

/** Whether an order in this status may still be cancelled: until its install has started (is complete). */
export function isCancellable(status: OrderStatus): boolean {
  return status !== 'installed' && status !== 'cancelled';
}

/** Whether `to` may follow `from` (the work moves an order forward only; cancel until installed). */
export function mayMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'cancelled') return isCancellable(from);
  if (from === 'cancelled' || from === 'installed') return false;
  return ORDER_STATUSES.indexOf(to) > ORDER_STATUSES.indexOf(from);
}

/**
 * Who moves an order's status (issue 25, finding 5):
 * - `work`: its work orders completing (fulfilment); the install work order's completion is what installs it;
 * - `sales`: a sales staff member by hand, forward through the construction steps only (never to installed: an
 *   install activates the packages and bills, so only the install, or an admin's override, gets there);
 * - `admin`: an administrator by hand, as sales, and the override to installed, which needs a reason and runs the
 *   same activation and billing as the install's completion.
 * Cancelling is its own action (with its refund), never a status change by hand.
 */
export type OrderMover = 'work' | 'sales' | 'admin';

/** Whether `by` may move an order from `from` to `to` (mayMoveOrder's forward rule, narrowed per mover). */
export function mayMoveOrderAs(by: OrderMover, from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'cancelled' || !mayMoveOrder(from, to)) return false;
  if (to === 'installed') return by === 'work' || by === 'admin';
  return true;
}

/** Whether a move by hand needs a reason: the override to installed (an install without its work order). */
export function manualMoveNeedsReason(to: OrderStatus): boolean {
  return to === 'installed';
}

/** What an admin's override to installed asks for when the reason is missing. */
export const OVERRIDE_REASON_REQUIRED =
  'Give the reason for marking the order installed without its install work order.';

/** Why sales may not mark an order installed by hand. */
export const INSTALL_BY_WORK_ONLY =
  'An order becomes installed when its install work order is completed, which activates the service and bills it. Only an administrator can mark it installed by hand, with a reason.';

/**
 * The prorated charge of a monthly price from `startDate` to the end of its month, inclusive, in cents (rounded
 * half up). A service started on the 1st pays the whole month.
 */
export function proratedCents(monthlyCents: number, startDate: string): number {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const days = daysInMonth - d + 1;
  return Math.round((monthlyCents * days) / daysInMonth);
}

/** Install windows offered each working day (local time), and how many visits one crew does in one. */
export const INSTALL_WINDOWS = ['08:00-12:00', '12:00-17:00'] as const;
export type InstallWindow = (typeof INSTALL_WINDOWS)[number];
