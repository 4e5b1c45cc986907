/**
 * Sales orders for staff (issue 13 part 2): the paged search over every order, one order's page (the orders core's
 * getOrderDetail with the customer, the mailing address and the audit trail: the order's timeline and the audit
 * rows of the order and its work orders), staff notes (a 'note' event) and status changes as domain mayMoveOrderAs
 * allows (forward only; cancelling, with its refund, is the orders module's own action). Sales move an order through
 * the construction steps only; installed is reached by the install work order's completion, or by an administrator's
 * override with a reason, which runs the same activation and billing (orders' installByOverride; issue 25, finding 5).
 */
import {
  fullAddress,
  INSTALL_BY_WORK_ONLY,
  manualMoveNeedsReason,
  mayMoveOrderAs,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  OrderKindSchema,
  type OrderMover,
  type OrderStatus,
  OrderStatusSchema,
  OVERRIDE_REASON_REQUIRED,
  STAFF_ORDERS_PAGE_SIZE,
  type StaffOrderList,
  type StaffOrderNoteRequest,
  type StaffOrderPage,
  type StaffOrderStatusRequest,
  type StaffTrailEntry,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';
import { installByOverride, type OrderProgress, sendOrderMail } from '../orders/fulfilment.service.js';
import { getOrderDetail, recordOrderEvent } from '../orders/orders.service.js';
import { stuckCutoff } from './staff-attention.service.js';
import { mayEditOrders } from './staff-orders.policy.js';
import * as repo from './staff-orders.repository.js';

const statusOf = (s: string): OrderStatus => OrderStatusSchema.catch('placed').parse(s);
/** Who a staff member moves orders as: an administrator, or sales (domain mayMoveOrderAs). */
const moverOf = (user: Viewer): OrderMover => (hasRole(user, 'staff:admin') ? 'admin' : 'sales');

export async function listOrders(
  ctx: AppContext,
  query: Omit<repo.OrderSearch, 'stuckBefore'> & { stuck?: boolean },
): Promise<StaffOrderList> {
  const { stuck, ...search } = query;
  const rows = await repo.searchOrders(ctx.db, ctx.dialect, {
    ...search,
    stuckBefore: stuck ? stuckCutoff(ctx.now()) : undefined,
  });
  return {
    orders: rows.map((r) => ({
      orderId: r.id,
      vcCustomerID: r.customer_id,
      customerName: r.customer_name,
      fullAddress:
        r.address === null
          ? ''
          : fullAddress({ address: r.address, address2: r.address2, city: r.city, state: r.state, zip: r.zip }),
      status: statusOf(r.status),
      kind: OrderKindSchema.catch('new').parse(r.kind),
      createdAt: r.created_at,
      installDate: r.install_date,
      monthlyCents: r.monthly_cents,
      oneTimeCents: r.one_time_cents,
      paidCents: r.paid_cents,
      refundedCents: r.refunded_cents,
    })),
    page: query.page,
    pageSize: STAFF_ORDERS_PAGE_SIZE,
    // Past the last page there is no row to carry the count; the total is then unknown here and reported as 0 rows.
    total: rows[0] ? Number(rows[0].total) : 0,
  };
}

const whoOf = (r: { first_name: string | null; last_name: string | null; employee_id: number | null }) =>
  r.first_name !== null
    ? `${r.first_name} ${r.last_name ?? ''}`.trim()
    : r.employee_id !== null
      ? `Employee ${r.employee_id}`
      : null;

/** An audit row in words: the action and what its detail says, never more than the row holds. */
function auditMessage(subject: string | null, detail: string | null): string {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = detail ? (JSON.parse(detail) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  const parts = Object.entries(parsed)
    .filter(([, v]) => v !== null && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`);
  const [kind, id] = (subject ?? '').split(':');
  const on =
    kind === 'work_order' ? `Work order ${id}` : kind === 'sales_order' || kind === 'order' ? `Order ${id}` : '';
  return [on, parts.join(', ')].filter(Boolean).join(' — ');
}

export async function orderPage(ctx: AppContext, user: Viewer, orderId: number): Promise<StaffOrderPage> {
  const header = await repo.orderHeader(ctx.db, orderId);
  if (!header) throw notFound('There is no such order.');
  const order = await getOrderDetail(ctx, orderId);
  const subjects = [
    `sales_order:${orderId}`,
    `order:${orderId}`,
    ...order.workOrders.map((w) => `work_order:${w.WOId}`),
  ];
  const [events, audits] = await Promise.all([repo.eventsWithWho(ctx.db, orderId), repo.auditRows(ctx.db, subjects)]);
  const trail: StaffTrailEntry[] = [
    ...events.map((e) => ({ at: e.at, who: whoOf(e), source: 'event' as const, action: e.kind, message: e.message })),
    ...audits.map((a) => ({
      at: a.at,
      who: whoOf(a),
      source: 'audit' as const,
      action: a.action,
      message: auditMessage(a.subject, a.detail),
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const status = statusOf(header.status);
  return {
    order,
    customer: {
      id: header.customer_id,
      name: header.customer_name,
      type: header.customer_type,
      status: header.customer_status,
    },
    mailingAddress:
      header.mail_address === null
        ? null
        : fullAddress({
            address: header.mail_address,
            address2: header.mail_address2,
            city: header.mail_city,
            state: header.mail_state,
            zip: header.mail_zip,
          }),
    trail,
    nextStatuses: ORDER_STATUSES.filter((s) => mayMoveOrderAs(moverOf(user), status, s)),
    canEdit: mayEditOrders(user),
  };
}

export async function addNote(
  ctx: AppContext,
  user: Viewer,
  orderId: number,
  body: StaffOrderNoteRequest,
  key: string | undefined,
): Promise<StaffOrderPage> {
  const now = ctx.now();
  await runIdempotent(
    ctx.db,
    { userId: user.userId, key, route: `POST /api/staff/orders/${orderId}/notes`, request: body, now },
    async (trx) => {
      const header = await repo.orderHeader(trx, orderId);
      if (!header) throw notFound('There is no such order.');
      const at = now.toISOString();
      await recordOrderEvent(
        trx,
        orderId,
        body.visibleToCustomer ? 'update' : 'note',
        body.note,
        { userId: user.userId, employeeId: user.employeeId },
        at,
      );
      await audit(trx, {
        at,
        userId: user.userId,
        employeeId: user.employeeId,
        action: 'staff.order.note',
        subject: `sales_order:${orderId}`,
        detail: { length: body.note.length, visibleToCustomer: body.visibleToCustomer ?? false },
      });
      return { statusCode: 201, body: { orderId } };
    },
  );
  return orderPage(ctx, user, orderId);
}

export async function changeStatus(
  ctx: AppContext,
  user: Viewer,
  orderId: number,
  body: StaffOrderStatusRequest,
  key: string | undefined,
): Promise<StaffOrderPage> {
  const now = ctx.now();
  const to = body.status;
  const mover = moverOf(user);
  const overrideReason = body.reason?.trim() ?? '';
  if (manualMoveNeedsReason(to)) {
    // Installed activates the service and bills it: the install work order's completion does that, or an admin.
    if (!mayMoveOrderAs(mover, 'placed', to)) throw forbidden(INSTALL_BY_WORK_ONLY);
    if (!overrideReason) throw badRequest(OVERRIDE_REASON_REQUIRED, { reason: OVERRIDE_REASON_REQUIRED });
  }
  let progress: OrderProgress | null = null;
  await runIdempotent(
    ctx.db,
    { userId: user.userId, key, route: `POST /api/staff/orders/${orderId}/status`, request: body, now },
    async (trx) => {
      const header = await repo.orderHeader(trx, orderId);
      if (!header) throw notFound('There is no such order.');
      if (manualMoveNeedsReason(to)) {
        progress = await installByOverride(
          ctx,
          trx,
          orderId,
          { userId: user.userId, employeeId: user.employeeId },
          overrideReason,
        );
        return { statusCode: 200, body: { orderId } };
      }
      const from = statusOf(header.status);
      if (!mayMoveOrderAs(mover, from, to)) {
        throw conflict(
          `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot move to ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
          {
            status: `From ${ORDER_STATUS_LABELS[from]} an order moves only forward.`,
          },
        );
      }
      const at = now.toISOString();
      if (!(await repo.moveStatus(trx, orderId, from, to, at))) {
        throw conflict('The order changed meanwhile; reload it and try again.', {
          status: 'The order changed meanwhile.',
        });
      }
      const reason = body.reason ? ` (${body.reason})` : '';
      await recordOrderEvent(
        trx,
        orderId,
        'changed',
        `Status changed from ${ORDER_STATUS_LABELS[from]} to ${ORDER_STATUS_LABELS[to]}${reason}.`,
        { userId: user.userId, employeeId: user.employeeId },
        at,
      );
      await audit(trx, {
        at,
        userId: user.userId,
        employeeId: user.employeeId,
        action: 'staff.order.status',
        subject: `sales_order:${orderId}`,
        detail: { from, to, reason: body.reason ?? null },
      });
      return { statusCode: 200, body: { orderId } };
    },
  );
  await sendOrderMail(ctx, progress);
  return orderPage(ctx, user, orderId);
}
