/**
 * The customer's order pages and actions (issue 12 steps 5 and 6): the account's orders, one order with what may
 * be done with it, cancel, and a change of packages at a service location (with an ONT-upgrade visit when the
 * location's ONT cannot carry the new speed, else active at once). Staff cancel any order (sales, admin).
 */
import {
  type ChangeOptions,
  type ChangeOrderRequestSchema,
  type CustomerOrderDetail,
  changeNeedsVisit,
  customerTimeline,
  fullAddress,
  INSTALL_WINDOWS,
  isCancellable,
  OrderKindSchema,
  type OrderStatus,
  OrderStatusSchema,
  type OrderSummary,
  ontMaxMbps,
  type StaffChangeOptions,
  type StaffChangeOrderRequestSchema,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { ontAtLocation } from '../assets/assets.service.js';
import { assertOwned, type CustomerActor } from '../customer-account/customer-access.policy.js';
import { auditCustomerWrite } from '../customer-account/customer-access.service.js';
import { installDays, leadDaysFor } from '../ordering/ordering.policy.js';
import { activateOrder, longDay, type OrderProgress, sendOrderMail } from './fulfilment.service.js';
import { type ChangeParty, changeRequestOf, placeNewDropChange } from './new-drop-change.service.js';
import { cancelOrder, installStarted } from './order-cancel.service.js';
import { assertNoOpenOrder, assertOwnOrder } from './orders.policy.js';
import * as repo from './orders.repository.js';
import { dropExistsAt, getOrderDetail, orderOwner, placeOrder, recordOrderEvent } from './orders.service.js';

/** The list shows the newest orders of the account, at most this many. */
export const ORDER_LIST_LIMIT = 100;

export async function listOrders(ctx: AppContext, actor: CustomerActor): Promise<OrderSummary[]> {
  const rows = await repo.ordersOfCustomer(ctx.db, actor.customerId, ORDER_LIST_LIMIT);
  return rows.map((o) => ({
    orderId: o.id,
    vcCustomerID: o.customer_id,
    customerName: o.customer_name,
    status: OrderStatusSchema.catch('placed').parse(o.status),
    kind: OrderKindSchema.catch('new').parse(o.kind),
    serviceLocationId: o.service_location_id,
    fullAddress: o.address === null ? '' : fullAddress({ ...o, address: o.address }),
    installDate: o.install_date,
    installWindow: o.install_window,
    monthlyCents: o.monthly_cents,
    oneTimeCents: o.one_time_cents,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
  }));
}

/** The order with whether it may still be cancelled and its first invoice (staff see the same shape). */
export async function orderPage(ctx: AppContext, orderId: number): Promise<CustomerOrderDetail> {
  const [detail, invoice, work] = await Promise.all([
    getOrderDetail(ctx, orderId),
    repo.firstInvoiceOf(ctx.db, orderId),
    repo.unfinishedWorkOf(ctx.db, orderId),
  ]);
  return {
    ...detail,
    cancellable: isCancellable(detail.status as OrderStatus) && !installStarted(work),
    firstInvoiceId: invoice?.first_invoice_id ?? null,
  };
}

async function ownOrder(ctx: AppContext, actor: CustomerActor, orderId: number) {
  const owner = await orderOwner(ctx, orderId);
  assertOwnOrder(actor, owner === null ? undefined : { customer_id: owner });
}

/** The order as its customer sees it: the staff's internal notes left out. */
async function customerPage(ctx: AppContext, orderId: number): Promise<CustomerOrderDetail> {
  const page = await orderPage(ctx, orderId);
  return { ...page, events: customerTimeline(page.events) };
}

export async function customerOrder(ctx: AppContext, actor: CustomerActor, orderId: number) {
  await ownOrder(ctx, actor, orderId);
  return customerPage(ctx, orderId);
}

export async function customerCancel(ctx: AppContext, actor: CustomerActor, orderId: number, reason: string) {
  await ownOrder(ctx, actor, orderId);
  await cancelOrder(ctx, orderId, { userId: actor.userId, employeeId: actor.employeeId }, reason);
  return customerPage(ctx, orderId);
}

export async function staffCancel(
  ctx: AppContext,
  staff: { userId: number; employeeId: number | null },
  orderId: number,
  reason: string,
) {
  await cancelOrder(ctx, orderId, staff, `${reason} (cancelled by staff)`);
  return orderPage(ctx, orderId);
}

// ---- change of packages ----------------------------------------------------------------------------------------

/** A visit may be booked from this many days ahead, on the next this-many working days. */
const VISIT_LEAD_DAYS = 3;
const VISIT_DAYS_OFFERED = 10;

function visitDates(today: string): string[] {
  const days: string[] = [];
  let t = Date.parse(`${today}T00:00:00Z`) + VISIT_LEAD_DAYS * 86_400_000;
  while (days.length < VISIT_DAYS_OFFERED) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
    t += 86_400_000;
  }
  return days;
}

type OrderLocation = NonNullable<Awaited<ReturnType<typeof repo.locationForOrder>>>;

/** What may change at a location, whoever asks (the callers check whose it is first). */
async function optionsAt(ctx: AppContext, location: OrderLocation): Promise<ChangeOptions> {
  const serviceLocationId = location.id;
  const areaKind = location.customer_type === 'Business' ? 'business_fiber' : 'fiber';
  const [packages, active, ont, open, dropExists] = await Promise.all([
    repo.packagesSold(ctx.db),
    repo.activePackageIds(ctx.db, serviceLocationId),
    ontAtLocation(ctx.db, serviceLocationId),
    repo.openOrderAt(ctx.db, serviceLocationId),
    dropExistsAt(ctx.db, location, serviceLocationId),
  ]);
  const ontMax = ont ? ontMaxMbps(ont) : null;
  const today = ctx.now().toISOString().slice(0, 10);
  return {
    serviceLocationId,
    fullAddress: fullAddress(location),
    ontModel: ont ? `${ont.description} (${ont.model})` : null,
    ontMaxMbps: ontMax,
    packages: packages
      .filter((p) => p.area_kinds.split(',').includes(areaKind) || active.has(p.id))
      .map((p) => ({
        packageId: p.id,
        name: p.name,
        description: p.description,
        category: p.category,
        monthlyCents: p.price_cents,
        installFeeCents: p.install_fee_cents,
        speedMbps: p.speed_mbps,
        active: active.has(p.id),
        // Without a drop anything added is a new install (the whole plan, as checkout's).
        needsVisit: !active.has(p.id) && (!dropExists || changeNeedsVisit([p.speed_mbps], ontMax)),
      })),
    openOrderId: open?.id ?? null,
    // A new drop's install is offered from the day checkout offers it (ordering's lead days), an upgrade's sooner.
    visitDates: dropExists ? visitDates(today) : installDays(today, leadDaysFor(false)),
    dropExists,
  };
}

export async function changeOptions(
  ctx: AppContext,
  actor: CustomerActor,
  serviceLocationId: number,
): Promise<ChangeOptions> {
  const location = await repo.locationForOrder(ctx.db, serviceLocationId);
  assertOwned(actor, location, 'service location');
  return optionsAt(ctx, location);
}

/** Staff (sales) see the options of any location, with the account it belongs to. */
export async function staffChangeOptions(ctx: AppContext, serviceLocationId: number): Promise<StaffChangeOptions> {
  const location = await repo.locationForOrder(ctx.db, serviceLocationId);
  if (!location) throw notFound('No service location with that id.');
  return { ...(await optionsAt(ctx, location)), vcCustomerID: location.customer_id, customerName: location.name };
}

type ChangeRequest = z.output<typeof ChangeOrderRequestSchema>;
type StaffChangeRequest = z.output<typeof StaffChangeOrderRequestSchema>;

/** A customer's change of packages at one of the account's locations. */
export async function placeChange(
  ctx: AppContext,
  actor: CustomerActor,
  input: ChangeRequest,
  idempotencyKey: string | undefined,
): Promise<{ orderId: number; needsVisit: boolean; paidCents: number }> {
  const options = await changeOptions(ctx, actor, input.serviceLocationId);
  const party: ChangeParty = {
    customerId: actor.customerId,
    userId: actor.userId,
    employeeId: actor.employeeId,
    route: 'orders.change',
    audit: (trx, at, orderId, detail) => auditCustomerWrite(trx, actor, at, 'order.change', orderId, detail),
  };
  return changePackages(ctx, party, options, input, idempotencyKey);
}

/**
 * Sales staff change packages on the customer's behalf (phone sales): the location must be the named account's
 * (unknown account or location, or a location of another account: 404); an Idempotency-Key is required, so a retried
 * click on a phone call places one change. Audited as `staff.order.change` with the staff member.
 */
export async function staffPlaceChange(
  ctx: AppContext,
  staff: { userId: number; employeeId: number | null },
  input: StaffChangeRequest,
  idempotencyKey: string | undefined,
): Promise<{ orderId: number; needsVisit: boolean; paidCents: number }> {
  if (!idempotencyKey) {
    throw badRequest('A change of packages needs an Idempotency-Key header, so that a double click changes once.', {
      'Idempotency-Key': 'Required (a UUID is fine).',
    });
  }
  const { vcCustomerID, ...change } = input;
  const [customer, location] = await Promise.all([
    repo.customerName(ctx.db, vcCustomerID),
    repo.locationForOrder(ctx.db, change.serviceLocationId),
  ]);
  if (customer === undefined) throw notFound(`There is no account ${vcCustomerID}.`);
  if (!location || location.customer_id !== vcCustomerID) {
    throw notFound(`Account ${vcCustomerID} has no service location ${change.serviceLocationId}.`);
  }
  const party: ChangeParty = {
    customerId: vcCustomerID,
    userId: staff.userId,
    employeeId: staff.employeeId,
    route: 'staff.orders.change',
    audit: (trx, at, orderId, detail) =>
      audit(trx, {
        at,
        userId: staff.userId,
        employeeId: staff.employeeId,
        action: 'staff.order.change',
        subject: `${vcCustomerID}:${orderId}`,
        detail,
      }),
  };
  return changePackages(ctx, party, await optionsAt(ctx, location), change, idempotencyKey);
}

/**
 * The change's rules against the location's options: added packages must be sold at the location and not active
 * there, removed ones active there. Answers what is added and whether it needs a visit (domain changeNeedsVisit).
 */
function checkChange(options: ChangeOptions, input: ChangeRequest) {
  assertNoOpenOrder(options.openOrderId);
  const byId = new Map(options.packages.map((p) => [p.packageId, p]));
  const bad = input.add.filter((id) => !byId.get(id) || byId.get(id)?.active);
  if (bad.length > 0) {
    throw badRequest(`Package ${bad.join(', ')} cannot be added here.`, {
      add: 'Choose packages sold at this location that are not active there yet.',
    });
  }
  const notActive = input.remove.filter((id) => !byId.get(id)?.active);
  if (notActive.length > 0) {
    throw badRequest(`Package ${notActive.join(', ')} is not active here.`, {
      remove: 'Choose packages that are active at this location.',
    });
  }
  const added = input.add.map((id) => byId.get(id)).filter((p) => p !== undefined);
  const needsVisit =
    !options.dropExists ||
    changeNeedsVisit(
      added.map((p) => p.speedMbps),
      options.ontMaxMbps,
    );
  if (needsVisit) {
    if (!input.installDate || !options.visitDates.includes(input.installDate)) {
      const why = options.dropExists ? 'to upgrade the ONT' : 'to connect the new drop';
      throw badRequest(`This change needs an installer ${why}: choose a day for the visit.`, {
        installDate: `Choose one of the offered days (${options.visitDates[0]} to ${options.visitDates.at(-1)}).`,
      });
    }
    if (!input.installWindow) {
      throw badRequest('Choose a window for the visit.', { installWindow: `Choose ${INSTALL_WINDOWS.join(' or ')}.` });
    }
  }
  return { added, needsVisit };
}

/**
 * Places a change of packages for either caller. At a location without a drop it is planned and paid as checkout
 * would (new-drop-change.service.ts); else a change that needs a visit books an ONT upgrade on one of the offered
 * days, and any other change activates at once (prorated from today on a new invoice).
 */
async function changePackages(
  ctx: AppContext,
  party: ChangeParty,
  options: ChangeOptions,
  input: ChangeRequest,
  idempotencyKey: string | undefined,
): Promise<{ orderId: number; needsVisit: boolean; paidCents: number }> {
  if (!options.dropExists) {
    return placeNewDropChange(ctx, party, options, input, idempotencyKey, () => checkChange(options, input));
  }
  const now = ctx.now();
  const at = now.toISOString();
  let progress: OrderProgress | null = null;
  const result = await runIdempotent(
    ctx.db,
    {
      userId: party.userId,
      key: idempotencyKey,
      route: `${party.route}:${input.serviceLocationId}`,
      request: changeRequestOf(input),
      now,
    },
    async (trx) => {
      // Checked in the write, after the Idempotency-Key's stored answer: a retried change replays its answer.
      const { added, needsVisit } = checkChange(options, input);
      // Re-checked inside the write: two changes at once cannot both start.
      assertNoOpenOrder((await repo.openOrderAt(trx, input.serviceLocationId))?.id ?? null);
      const by = { userId: party.userId, employeeId: party.employeeId };
      const placed = await placeOrder(ctx, trx, {
        customerId: party.customerId,
        serviceLocationId: input.serviceLocationId,
        mailingLocationId: null,
        kind: 'change',
        lines: [
          ...input.add.map((packageId) => ({ packageId, action: 'add' as const })),
          ...input.remove.map((packageId) => ({ packageId, action: 'remove' as const })),
        ],
        installDate: needsVisit ? (input.installDate ?? null) : null,
        installWindow: needsVisit ? (input.installWindow ?? null) : null,
        dropExists: true,
        needsVisit,
        placedBy: by,
        notes: needsVisit ? 'ONT upgrade: the new speed needs a 10G ONT.' : null,
      });
      if (needsVisit) {
        const [visit] = placed.workOrderIds;
        if (visit !== undefined) {
          const speeds = added.map((p) => p.name).join(', ');
          await repo.setWorkOrderSummary(
            trx,
            visit,
            `ONT upgrade for order ${placed.orderId}: replace ${options.ontModel ?? 'the ONT'} with a 10G ONT for ${speeds}`,
          );
          await recordOrderEvent(
            trx,
            placed.orderId,
            'install_scheduled',
            `ONT upgrade visit scheduled for ${longDay(input.installDate ?? '')}, ${input.installWindow}.`,
            { ...by, workOrderId: visit },
            at,
          );
        }
      } else {
        const order = await repo.lockOrder(trx, ctx.dialect, placed.orderId);
        if (!order) throw new Error('the order just placed is missing');
        await recordOrderEvent(trx, placed.orderId, 'changed', 'Changed at once: no visit needed.', by, at);
        const activated = await activateOrder(ctx, trx, order, at.slice(0, 10), by);
        progress = { orderId: placed.orderId, status: 'installed', mails: activated.mails };
      }
      await party.audit(trx, at, placed.orderId, {
        add: input.add,
        remove: input.remove,
        needsVisit,
      });
      return { statusCode: 201, body: { orderId: placed.orderId, needsVisit, paidCents: 0 } };
    },
  );
  await sendOrderMail(ctx, progress);
  return result.body;
}
