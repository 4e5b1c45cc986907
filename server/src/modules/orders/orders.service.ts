/**
 * The orders core (issue 12): placing an order creates its sales order, lines, timeline and the work orders its
 * product needs, in the caller's transaction; the order's detail is what the customer's order page and the staff back
 * office show. The ordering flow (checkout), the work that drives an order, and the staff pages build on these.
 */
import {
  addDays,
  fullAddress,
  type InstallWindow,
  isWorkOrderComplete,
  type OrderDetail,
  type OrderEventKind,
  OrderEventKindSchema,
  type OrderKind,
  OrderKindSchema,
  type OrderStatus,
  OrderStatusSchema,
  workPlanOf,
} from '@strand/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, Queryable } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './orders.repository.js';

export interface OrderLineInput {
  packageId: number;
  action: 'add' | 'remove';
}

export interface PlaceOrderInput {
  customerId: string;
  serviceLocationId: number;
  mailingLocationId: number | null;
  kind: OrderKind;
  lines: OrderLineInput[];
  /** YYYY-MM-DD: the install work order is due that day, the work before it spread over the days before. */
  installDate: string | null;
  installWindow: InstallWindow | null;
  /** false: a new drop is needed (site survey, drop construction, splicing, then the install). */
  dropExists: boolean;
  /** For a change: whether it needs a visit (new equipment, e.g. an ONT upgrade). */
  needsVisit: boolean;
  placedBy: { userId: number | null; employeeId: number | null };
  notes?: string | null;
}

export interface PricedLine extends OrderLineInput {
  description: string;
  monthlyCents: number;
  installFeeCents: number;
  category: string;
  areaKinds: string[];
  speedMbps: number | null;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** What the order adds to the monthly bill (removed packages subtract). */
  monthlyCents: number;
  /** Install fees of the added packages. */
  oneTimeCents: number;
}

/** The amounts an order of these lines costs, from the packages table; an unknown package is a 400 on `lines`. */
export async function priceLines(db: Queryable, lines: OrderLineInput[]): Promise<PricedOrder> {
  const rows = await repo.packagesByIds(db, [...new Set(lines.map((l) => l.packageId))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const priced = lines.map((l): PricedLine => {
    const p = byId.get(l.packageId);
    if (!p) throw badRequest(`Package ${l.packageId} does not exist.`, { lines: 'Choose packages from the list.' });
    return {
      ...l,
      description: p.name,
      monthlyCents: p.price_cents,
      installFeeCents: l.action === 'add' ? p.install_fee_cents : 0,
      category: p.category,
      areaKinds: p.area_kinds.split(',').filter(Boolean),
      speedMbps: p.speed_mbps,
    };
  });
  const monthlyCents = priced.reduce((sum, l) => sum + (l.action === 'add' ? l.monthlyCents : -l.monthlyCents), 0);
  const oneTimeCents = priced.reduce((sum, l) => sum + l.installFeeCents, 0);
  return { lines: priced, monthlyCents, oneTimeCents };
}

/**
 * Places an order inside the caller's transaction: the sales order with its lines and 'placed' event, and its work
 * orders (domain workPlanOf), the first 'Open' and each later one 'Waiting' for the one before it. The install is due
 * on the install date; the work before it a week apart before that (never before today).
 */
export async function placeOrder(ctx: AppContext, trx: Transaction<Database>, input: PlaceOrderInput) {
  if (input.lines.length === 0) throw badRequest('An order needs at least one package.', { lines: 'Add a package.' });
  const location = await repo.locationForOrder(trx, input.serviceLocationId);
  if (!location || location.customer_id !== input.customerId) {
    throw badRequest('The service location is not this customer’s.', { serviceLocationId: 'Choose a location.' });
  }
  const priced = await priceLines(trx, input.lines);
  const now = ctx.now().toISOString();
  const today = now.slice(0, 10);
  const orderId = await repo.insertSalesOrder(trx, {
    customer_id: input.customerId,
    service_location_id: input.serviceLocationId,
    mailing_location_id: input.mailingLocationId,
    notes: input.notes ?? null,
    html: null,
    created_at: now,
    updated_at: now,
    status: 'placed',
    kind: input.kind,
    install_date: input.installDate,
    install_window: input.installWindow,
    monthly_cents: priced.monthlyCents,
    one_time_cents: priced.oneTimeCents,
    placed_by_user_id: input.placedBy.userId,
    placed_by_employee_id: input.placedBy.employeeId,
  });
  await repo.insertLines(
    trx,
    priced.lines.map((l) => ({
      sales_order_id: orderId,
      package_id: l.packageId,
      action: l.action,
      description: l.description,
      monthly_cents: l.monthlyCents,
      install_fee_cents: l.installFeeCents,
      service_location_package_id: null,
    })),
  );
  const by = { userId: input.placedBy.userId, employeeId: input.placedBy.employeeId };
  const what = priced.lines.map((l) => (l.action === 'add' ? l.description : `remove ${l.description}`)).join(', ');
  await recordOrderEvent(trx, orderId, 'placed', `Order placed: ${what}.`, by, now);
  await notify(trx, ctx.now(), {
    type: input.kind === 'change' ? 'order.changed' : 'order.placed',
    key: `order:${orderId}`,
    customerId: input.customerId,
    data: { order: `#${orderId}`, detail: `${what}.` },
  });

  const plan = workPlanOf({
    business: location.customer_type === 'Business',
    dropExists: input.dropExists,
    kind: input.kind,
    needsVisit: input.needsVisit,
  });
  const typeIds = await repo.workOrderTypeIds(
    trx,
    plan.map((s) => s.type),
  );
  const workOrderIds: number[] = [];
  const installDate = input.installDate ?? addDays(today, 14);
  for (const [i, step] of plan.entries()) {
    const typeId = typeIds.get(step.type);
    if (typeId === undefined) throw new Error(`work order type ${step.type} is missing`);
    const weeksBefore = plan.length - 1 - i;
    const due = addDays(installDate, -7 * weeksBefore);
    const previous = workOrderIds[i - 1] ?? null;
    const id = await repo.insertWorkOrder(trx, {
      type_id: typeId,
      customer_id: input.customerId,
      service_location_id: input.serviceLocationId,
      order_id: orderId,
      detail_id: null,
      contractor_id: null,
      status: previous === null ? 'Open' : 'Waiting',
      colo_area: location.colo_area,
      summary: `${step.type} for order ${orderId}: ${what}`,
      next_scheduled_name: `${step.type} - ${location.name}`,
      next_scheduled_at: null,
      due_date: due < today ? today : due,
      gis_object_id: null,
      acknowledged_at: null,
      acknowledged_by: null,
      created_at: now,
      last_updated: now,
      depends_on_work_order_id: previous,
    });
    // A work order the portal makes is its own detail record: the GIS link finds it by order id and this id.
    await repo.setDetailId(trx, id, id);
    workOrderIds.push(id);
  }
  return { orderId, workOrderIds, monthlyCents: priced.monthlyCents, oneTimeCents: priced.oneTimeCents };
}

/**
 * The plant an order at an address needs (the one answer checkout and a change of packages plan with, domain
 * workPlanOf): true when a drop is there already (a package active at any location of the address, whichever
 * account's, or a drop built for an order there), so the order needs the install alone.
 */
export function dropExistsAt(db: Queryable, address: repo.LocationAddress, linkedLocationId: number | null = null) {
  return repo.plantAt(db, address, linkedLocationId);
}

/** Records the charge a paid order was placed on (checkout's, a paid change's): what a cancel refunds. */
export function setOrderPaid(trx: Queryable, orderId: number, paidCents: number, reference: string, now: string) {
  return repo.setOrderPaid(trx, orderId, paidCents, reference, now);
}

/** One timeline event of an order (sales_order_events). */
export async function recordOrderEvent(
  trx: Queryable,
  orderId: number,
  kind: OrderEventKind,
  message: string,
  by: { workOrderId?: number | null; userId?: number | null; employeeId?: number | null } = {},
  at: string = new Date().toISOString(),
): Promise<void> {
  await repo.insertEvent(trx, {
    sales_order_id: orderId,
    at,
    kind,
    message,
    work_order_id: by.workOrderId ?? null,
    user_id: by.userId ?? null,
    employee_id: by.employeeId ?? null,
  });
}

/** The customer an order belongs to, or null for an unknown order (the callers' policies decide who may see it). */
export async function orderOwner(ctx: AppContext, orderId: number): Promise<string | null> {
  return (await repo.orderCustomer(ctx.db, orderId))?.customer_id ?? null;
}

/** The order as the customer and staff see it; 404 for an unknown order. Four queries, whatever its size. */
export async function getOrderDetail(ctx: AppContext, orderId: number, db: Queryable = ctx.db): Promise<OrderDetail> {
  const order = await repo.salesOrderRow(db, orderId);
  if (!order) throw notFound('There is no such order.');
  const [lines, events, workOrders] = await Promise.all([
    repo.linesOf(db, orderId),
    repo.eventsOf(db, orderId),
    repo.workOrdersOf(db, orderId),
  ]);
  const assignees = await repo.assigneesOf(
    db,
    workOrders.map((w) => w.id),
  );
  return {
    orderId: order.id,
    vcCustomerID: order.customer_id,
    customerName: order.customer_name,
    status: OrderStatusSchema.catch('placed').parse(order.status) as OrderStatus,
    kind: OrderKindSchema.catch('new').parse(order.kind),
    serviceLocationId: order.service_location_id,
    fullAddress:
      order.address === null
        ? ''
        : fullAddress({
            address: order.address,
            address2: order.address2,
            city: order.city,
            state: order.state,
            zip: order.zip,
          }),
    installDate: order.install_date,
    installWindow: order.install_window,
    monthlyCents: order.monthly_cents,
    oneTimeCents: order.one_time_cents,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    mailingLocationId: order.mailing_location_id,
    paidCents: order.paid_cents,
    refundedCents: order.refunded_cents,
    placedByEmployeeId: order.placed_by_employee_id,
    notes: order.notes,
    installedAt: order.installed_at,
    cancelledAt: order.cancelled_at,
    // Kept from when a cancel is recorded (for the job that resumes it); shown once the order is cancelled.
    cancelReason: order.status === 'cancelled' ? order.cancel_reason : null,
    lines: lines.map((l) => ({
      lineId: l.id,
      packageId: l.package_id,
      action: l.action === 'remove' ? 'remove' : 'add',
      description: l.description,
      monthlyCents: l.monthly_cents,
      installFeeCents: l.install_fee_cents,
    })),
    workOrders: workOrders.map((w) => ({
      WOId: w.id,
      type: w.type,
      status: w.status,
      dueDate: w.due_date,
      scheduledAt: w.next_scheduled_at,
      dependsOn: w.depends_on_work_order_id,
      contractorId: w.contractor_id,
      contractorName: w.contractor_name,
      assignees: assignees.filter((a) => a.work_order_id === w.id).map((a) => `${a.first_name} ${a.last_name}`),
      isComplete: isWorkOrderComplete({
        status: w.status,
        viewFile: w.view_file,
        isBusiness: w.is_business === 1,
        templateType: w.template_type,
        checklistJson: w.checklist_data,
      }),
    })),
    events: events.map((e) => ({
      at: e.at,
      kind: OrderEventKindSchema.catch('note').parse(e.kind),
      message: e.message,
      WOId: e.work_order_id,
    })),
  };
}

/** Who is told by mail about an order: the user who placed it, else the account's administrators. */
export function orderRecipients(db: Queryable, customerId: string, placedByUserId: number | null) {
  return repo.orderRecipients(db, customerId, placedByUserId);
}
