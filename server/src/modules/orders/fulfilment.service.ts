/**
 * The work drives the order (issue 12 step 5) and an order may be cancelled until its install (step 6):
 *
 * - `onWorkOrderComplete` runs inside the transaction that makes a work order of an order complete (the contractor's
 *   checklist save, the installer's completion): the order's status moves to the step's `reaches` (domain
 *   workPlanOf, mayMoveOrder), the timeline gets the step's event, and the work order waiting for this one opens.
 *   When the install is complete the order activates (`activateOrder`): its packages become active at the location,
 *   the ONT at the location is tied to it, and its first invoice is made (prorated, install fees, less what was paid
 *   with the order). Completing twice changes nothing (the step's event is there already; an activated order has
 *   its invoice).
 * - Mail goes out after the transaction commits (`sendOrderMail`), never for a rolled-back change.
 * - `cancelOrder` first records the cancel (`cancel_started_at`) in one transaction that locks the order and checks
 *   that it may be cancelled, then refunds through the gateway (idempotent per order and amount), then records the
 *   refund's outcome in one transaction: refunded, the order and its unfinished work orders are cancelled; refused,
 *   the cancel is withdrawn. While a cancel is recorded the order's work orders do not complete, so an install that
 *   races a cancel never activates an order that is being refunded (issue 25, LOW).
 * - `installByOverride`: an administrator marks an order installed without its install work order, with a reason,
 *   audited; it runs the same `activateOrder` (packages, ONT, first invoice) as the install's completion (issue 25,
 *   finding 5). Sales never move an order to installed by hand (domain mayMoveOrderAs).
 */
import {
  formatCents,
  isCancellable,
  mayMoveOrderAs,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  OrderStatusSchema,
  plainWorkName,
  proratedCents,
  STEP_DONE_MESSAGES,
  type WorkStep,
  workPlanOf,
} from '@strand/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { GatewayUnavailableError, type RefundOutcome } from '../../integrations/payments/payment-gateway.js';
import { audit } from '../../lib/audit.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { againOnConflict } from '../../lib/transactions.js';
import { ontAtLocation } from '../assets/assets.service.js';
import {
  applyAccountCredit,
  applyOrderPayment,
  createInvoice,
  type InvoiceLineInput,
  mailingLocationFor,
} from '../billing/invoicing.service.js';
import { recordOrderRefund } from '../billing/order-payments.service.js';
import * as repo from './orders.repository.js';
import { recordOrderEvent } from './orders.service.js';

type Trx = Transaction<Database>;
/** What fulfilment needs of the app's context (the demo generator gives it its own clock). */
export type OrderCtx = Pick<AppContext, 'now' | 'dialect'>;
export interface Actor {
  userId: number | null;
  employeeId: number | null;
}

/** What a completion changed that the customer is told about once the transaction has committed. */
export interface OrderProgress {
  orderId: number;
  status: OrderStatus;
  mails: MailMessage[];
}

const STEPS: WorkStep[] = [true, false].flatMap((business) =>
  workPlanOf({ business, dropExists: false, kind: 'new', needsVisit: true }),
);
const stepOf = (type: string) => STEPS.find((s) => s.type === type) ?? null;
const statusOf = (s: string): OrderStatus => OrderStatusSchema.catch('placed').parse(s);

/** "Mon, Mar 15, 2027" */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const monthEnd = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * A work order became complete: moves its order (if it has one) inside the caller's transaction. Answers what the
 * customer is to be told (send it with `sendOrderMail` after the commit), or null for a work order of no order.
 */
export async function onWorkOrderComplete(
  ctx: OrderCtx,
  trx: Trx,
  workOrderId: number,
  by: Actor,
): Promise<OrderProgress | null> {
  const wo = await repo.workOrderForOrder(trx, workOrderId);
  if (!wo || wo.order_id === null) return null;
  const order = await repo.lockOrder(trx, ctx.dialect, wo.order_id);
  const step = stepOf(wo.type);
  if (!order || !step || order.status === 'cancelled') return null;
  const progress: OrderProgress = { orderId: order.id, status: statusOf(order.status), mails: [] };
  // Completed before (a second save of a complete checklist, a retried completion): nothing moves twice.
  if (await repo.hasEvent(trx, order.id, step.reaches, workOrderId)) return progress;
  // A cancel is recorded and its refund under way: the work does not complete (the caller's transaction rolls back),
  // so an install never activates and bills an order that is being refunded.
  if (order.cancel_started_at !== null) throw conflict(CANCEL_IN_PROGRESS);

  const now = ctx.now().toISOString();
  const actor = { ...by, workOrderId };
  if (step.reaches !== 'installed' && mayMoveOrderAs('work', progress.status, step.reaches)) {
    await repo.setOrderStatus(trx, order.id, { status: step.reaches, updated_at: now });
    progress.status = step.reaches;
  }
  await recordOrderEvent(
    trx,
    order.id,
    step.reaches,
    `${STEP_DONE_MESSAGES[step.reaches as keyof typeof STEP_DONE_MESSAGES] ?? plainWorkName(wo.type)}.`,
    actor,
    now,
  );

  for (const next of await repo.waitingOn(trx, workOrderId)) {
    await repo.setWorkOrdersStatus(trx, [next.id], 'Open', now);
    const nextStep = stepOf(next.type);
    const when = next.due_date ? longDay(next.due_date) : 'a day we will confirm';
    if (nextStep?.reaches === 'installed') {
      const window = order.install_window ? `, ${order.install_window}` : '';
      await recordOrderEvent(
        trx,
        order.id,
        'install_scheduled',
        `Install scheduled for ${when}${window}.`,
        {
          ...by,
          workOrderId: next.id,
        },
        now,
      );
    } else {
      await recordOrderEvent(
        trx,
        order.id,
        'work_scheduled',
        `${plainWorkName(next.type)} is next, planned by ${when}.`,
        { ...by, workOrderId: next.id },
        now,
      );
    }
  }

  if (step.reaches === 'installed') {
    const activated = await activateOrder(ctx, trx, order, now.slice(0, 10), actor);
    progress.status = 'installed';
    progress.mails = activated.mails;
  }
  return progress;
}

/**
 * Activates an order at its location from `day`: its added packages active (StartDate `day`, the order's id), its
 * removed ones stopped, the ONT at the location tied to it (named in the timeline), its first invoice made
 * (prorated from `day`, install fees; what was paid with the order applied to it, the rest a credit), status 'installed'. Does nothing for an
 * order already activated.
 */
export async function activateOrder(
  ctx: OrderCtx,
  trx: Trx,
  order: repo.LockedOrder,
  day: string,
  by: Actor & { workOrderId?: number | null },
): Promise<{ invoiceId: number | null; mails: MailMessage[] }> {
  if (order.status === 'installed' || order.first_invoice_id !== null) return { invoiceId: null, mails: [] };
  const locationId = order.service_location_id;
  if (locationId === null) throw new Error(`order ${order.id} has no service location`);
  const now = ctx.now().toISOString();
  const lines = await repo.linesOf(trx, order.id);
  const invoiceLines: InvoiceLineInput[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  const through = monthEnd(day);
  for (const line of lines) {
    if (line.action === 'add') {
      const id = await repo.insertLocationPackage(trx, {
        service_location_id: locationId,
        package_id: line.package_id,
        order_id: order.id,
        start_date: day,
        last_invoiced: day,
        active: 1,
      });
      await repo.setLineLocationPackage(trx, line.id, id);
      added.push(line.description);
      invoiceLines.push({
        description: `${line.description}, ${day} to ${through} (prorated)`,
        amountCents: proratedCents(line.monthly_cents, day),
        serviceLocationId: locationId,
      });
      if (line.install_fee_cents > 0) {
        invoiceLines.push({
          description: `Install fee: ${line.description}`,
          amountCents: line.install_fee_cents,
          serviceLocationId: locationId,
        });
      }
    } else {
      const stopped = await repo.deactivateLocationPackage(trx, locationId, line.package_id);
      if (stopped.length > 0) {
        removed.push(line.description);
        invoiceLines.push({
          description: `${line.description} removed ${day}: credit to ${through}`,
          amountCents: -proratedCents(line.monthly_cents, day),
          serviceLocationId: locationId,
        });
      }
    }
  }
  const paid = order.paid_cents - order.refunded_cents;
  let creditCents = 0;

  const ont = await ontAtLocation(trx, locationId);
  const parts = [
    added.length > 0 ? `Active since ${longDay(day)}: ${added.join(', ')}.` : '',
    removed.length > 0 ? `Stopped: ${removed.join(', ')}.` : '',
    ont ? `ONT ${ont.assetTag} (${ont.model}) tied to the order.` : '',
  ].filter(Boolean);
  await recordOrderEvent(trx, order.id, 'activated', parts.join(' ') || 'Nothing to activate.', by, now);

  let invoice: Awaited<ReturnType<typeof createInvoice>> | null = null;
  if (invoiceLines.length > 0) {
    const mailingLocationId = await mailingLocationFor(trx, order.customer_id, order.mailing_location_id, {
      address: order.address ?? '',
      address2: order.address2,
      city: order.city ?? '',
      state: order.state ?? '',
      zip: order.zip ?? '',
    });
    invoice = await createInvoice(trx, {
      customerId: order.customer_id,
      mailingLocationId,
      invoiceDate: day,
      lines: invoiceLines,
    });
    // What was paid with the order pays the invoice (History lists that payment); the rest stays as a credit.
    const applied = await applyOrderPayment(trx, {
      customerId: order.customer_id,
      gatewayChargeId: order.gateway_charge_id,
      invoiceId: invoice.invoiceId,
      maxCents: paid,
      today: day,
    });
    // Then the account's credit (what earlier orders' payments left over) pays what is still due.
    const fromCredit = await applyAccountCredit(trx, ctx.dialect, {
      customerId: order.customer_id,
      invoiceId: invoice.invoiceId,
      today: day,
    });
    invoice = { ...invoice, balanceCents: invoice.balanceCents - applied.appliedCents - fromCredit.appliedCents };
    creditCents = applied.creditCents;
    const usedCredit =
      fromCredit.appliedCents > 0 ? `; ${formatCents(fromCredit.appliedCents)} of the account's credit applied` : '';
    const credit = `${usedCredit}${creditCents > 0 ? `; ${formatCents(creditCents)} of the order's payment stays as a credit` : ''}`;
    const due = `${invoice.balanceCents > 0 ? `; ${formatCents(invoice.balanceCents)} due` : '; nothing due'}${credit}`;
    await recordOrderEvent(
      trx,
      order.id,
      'invoiced',
      `First invoice #${invoice.invoiceId}: ${formatCents(invoice.amountCents)}, prorated from ${longDay(day)}${due}.`,
      by,
      now,
    );
  }
  await repo.setOrderStatus(trx, order.id, {
    status: 'installed',
    updated_at: now,
    installed_at: now,
    ...(invoice ? { first_invoice_id: invoice.invoiceId } : {}),
  });
  await audit(trx, {
    at: now,
    userId: by.userId,
    employeeId: by.employeeId,
    action: 'order.activate',
    subject: `${order.customer_id}:${order.id}`,
    detail: {
      day,
      added,
      removed,
      ontAssetId: ont?.assetId ?? null,
      ontAssetTag: ont?.assetTag ?? null,
      invoiceId: invoice?.invoiceId ?? null,
      workOrderId: by.workOrderId ?? null,
    },
  });

  const recipients = await repo.orderRecipients(trx, order.customer_id, order.placed_by_user_id);
  const text = [
    ...parts.filter((p) => !p.startsWith('ONT')),
    invoice
      ? `Your first invoice (#${invoice.invoiceId}) is ${formatCents(invoice.amountCents)}, prorated from ${longDay(day)}; ${
          invoice.balanceCents > 0
            ? `${formatCents(invoice.balanceCents)} is due.`
            : 'paid with your order, nothing is due.'
        }${creditCents > 0 ? ` The rest of what you paid, ${formatCents(creditCents)}, is a credit on your account.` : ''} See it in the Billing Center.`
      : '',
    `Follow the order at /orders/${order.id}.`,
  ].filter(Boolean);
  const mails = recipients.map((r) => ({
    to: r.email,
    subject: `Your service is active (order ${order.id})`,
    text: `Hello ${r.first_name},\n\n${text.join('\n')}\n`,
  }));
  return { invoiceId: invoice?.invoiceId ?? null, mails };
}

/**
 * An administrator's override (issue 25, finding 5): the order is installed without its install work order, for the
 * reason given, in the caller's transaction. The same `activateOrder` as the install's completion activates the
 * packages, ties the ONT and makes the first invoice; the 'changed' and 'installed' events and the audit row
 * (`staff.order.override`) name the administrator and the reason. Answers the mail to send after the commit.
 */
export async function installByOverride(
  ctx: OrderCtx,
  trx: Trx,
  orderId: number,
  by: Actor,
  reason: string,
): Promise<OrderProgress> {
  const order = await repo.lockOrder(trx, ctx.dialect, orderId);
  if (!order) throw notFound('There is no such order.');
  if (order.cancel_started_at !== null) {
    throw conflict('This order is being cancelled, so it cannot be marked installed.', {
      status: 'The order is being cancelled.',
    });
  }
  const from = statusOf(order.status);
  if (!mayMoveOrderAs('admin', from, 'installed')) {
    throw conflict(`An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be marked installed.`, {
      status: `From ${ORDER_STATUS_LABELS[from]} an order does not move to Installed.`,
    });
  }
  if (order.service_location_id === null) {
    throw conflict('This order has no service location, so there is nothing to activate.', {
      status: 'The order has no service location.',
    });
  }
  const now = ctx.now().toISOString();
  await recordOrderEvent(
    trx,
    order.id,
    'changed',
    `Status changed from ${ORDER_STATUS_LABELS[from]} to Installed by an administrator, without the install work order (${reason}).`,
    by,
    now,
  );
  await recordOrderEvent(trx, order.id, 'installed', `${STEP_DONE_MESSAGES.installed}.`, by, now);
  const activated = await activateOrder(ctx, trx, order, now.slice(0, 10), by);
  await audit(trx, {
    at: now,
    userId: by.userId,
    employeeId: by.employeeId,
    action: 'staff.order.override',
    subject: `sales_order:${order.id}`,
    detail: { from, to: 'installed', reason, invoiceId: activated.invoiceId },
  });
  return { orderId: order.id, status: 'installed', mails: activated.mails };
}

/** Sends what a completion told the customer, after the commit; a mail failure is logged, never undoes the work. */
export async function sendOrderMail(ctx: AppContext, progress: OrderProgress | null | undefined): Promise<void> {
  for (const mail of progress?.mails ?? []) {
    try {
      await ctx.mailer.send(mail);
    } catch (err) {
      ctx.log.error({ err, orderId: progress?.orderId }, 'order mail failed');
    }
  }
}

/**
 * The database part of a cancel, in the caller's transaction, once the refund (if any) is made: the order
 * 'cancelled', its unfinished work orders 'Cancelled' and off the schedule and the calendars, the 'cancelled' and
 * 'refunded' events, the audit row.
 */
export async function cancelInTransaction(
  ctx: OrderCtx,
  trx: Trx,
  orderId: number,
  by: Actor,
  reason: string,
  refund: { cents: number; reference: string | null },
): Promise<void> {
  const now = ctx.now().toISOString();
  const cleanReason = reason.trim() || null;
  const order = await repo.lockOrder(trx, ctx.dialect, orderId);
  if (!order) throw notFound('There is no such order.');
  const work = await repo.unfinishedWorkOf(trx, orderId);
  // A recorded cancel was checked when it was recorded: an arrival on site since then does not undo it.
  assertCancellable(order.status, order.cancel_started_at === null ? work : []);
  const ids = work.map((w) => w.id);
  await repo.setWorkOrdersStatus(trx, ids, 'Cancelled', now, true);
  await repo.deleteCalendarEventsOf(trx, ids);
  await repo.setOrderStatus(trx, orderId, {
    status: 'cancelled',
    updated_at: now,
    cancelled_at: now,
    cancel_reason: cleanReason,
    refunded_cents: order.refunded_cents + refund.cents,
    cancel_started_at: null,
  });
  await recordOrderEvent(
    trx,
    orderId,
    'cancelled',
    cleanReason ? `Order cancelled: ${cleanReason}` : 'Order cancelled.',
    by,
    now,
  );
  if (refund.cents > 0 && order.gateway_charge_id) {
    await recordOrderRefund(trx, {
      customerId: order.customer_id,
      reference: order.gateway_charge_id,
      cents: refund.cents,
      now,
    });
  }
  if (refund.cents > 0) {
    await recordOrderEvent(
      trx,
      orderId,
      'refunded',
      `Refunded ${formatCents(refund.cents)} to the card it was paid with.`,
      by,
      now,
    );
  }
  await audit(trx, {
    at: now,
    userId: by.userId,
    employeeId: by.employeeId,
    action: 'order.cancel',
    subject: `${order.customer_id}:${orderId}`,
    detail: {
      reason: cleanReason,
      refundCents: refund.cents,
      refundReference: refund.reference,
      cancelledWorkOrders: ids,
    },
  });
}

export const NOT_CANCELLABLE = 'This order can no longer be cancelled: its install is done.';
export const ALREADY_CANCELLED = 'This order is cancelled already.';
export const INSTALL_STARTED = 'This order can no longer be cancelled: the installer has started the install.';
export const CANCEL_IN_PROGRESS =
  'This order is being cancelled and its payment refunded, so its work cannot be completed now. Ask the office about it.';

/** The install has started once its installer recorded an arrival on site. */
export function installStarted(work: { arrival_onsite: string | null; type: string }[]): boolean {
  return work.some((w) => stepOf(w.type)?.reaches === 'installed' && w.arrival_onsite !== null);
}

function assertCancellable(status: string, work: { arrival_onsite: string | null; type: string }[]) {
  if (status === 'cancelled') throw conflict(ALREADY_CANCELLED);
  if (!isCancellable(statusOf(status))) throw conflict(NOT_CANCELLABLE);
  if (installStarted(work)) throw conflict(INSTALL_STARTED);
}

/**
 * Cancels an order until its install starts (domain isCancellable; an install with an arrival time has started),
 * as the payment pipeline pays (payment-pipeline.ts): the decision is recorded before the gateway is asked, and the
 * gateway's outcome is recorded after it.
 *   1. One transaction locks the order, checks that it may be cancelled and records the cancel (`cancel_started_at`,
 *      audited `order.cancel.started`). From then on its work orders do not complete (onWorkOrderComplete refuses),
 *      so an install racing the cancel cannot activate it; an install that came first makes this step refuse (409).
 *   2. What was paid is refunded through the gateway under the key `refund-order-<id>-<refunded so far>`: asking
 *      again (a retry) gives back the first refund, never a second one.
 *   3. One transaction records the outcome: refunded, the order becomes 'cancelled', its unfinished work orders
 *      'Cancelled' (off the schedule and the calendars), the timeline gets 'cancelled' and 'refunded'; refused, the
 *      cancel is withdrawn (audited `order.cancel.refused`) and the order is as it was (409).
 * A gateway that does not answer (503) leaves the cancel recorded and the work on hold: the cancel's retry resumes at
 * step 2 and refunds at most once; left alone, `finishStaleCancels` (a job) resumes it after STALE_CANCEL_MINUTES.
 */
export async function cancelOrder(ctx: AppContext, orderId: number, by: Actor, reason: string): Promise<void> {
  const before = await ctx.db.transaction().execute(async (trx) => {
    const order = await repo.lockOrder(trx, ctx.dialect, orderId);
    if (!order) throw notFound('There is no such order.');
    // A cancel recorded before (a retry after the gateway did not answer) resumes at the refund.
    const resumed = order.cancel_started_at !== null;
    assertCancellable(order.status, resumed ? [] : await repo.unfinishedWorkOf(trx, orderId));
    const refundCents = order.paid_cents - order.refunded_cents;
    if (refundCents > 0 && !order.gateway_charge_id) {
      throw conflict(
        'The payment of this order is not on file at the payment gateway, so it cannot be refunded here; the order is not cancelled. Call us and we will sort it out.',
      );
    }
    if (!resumed) {
      const now = ctx.now().toISOString();
      await repo.setCancelStarted(trx, orderId, { at: now, reason: reason.trim() || null });
      await audit(trx, {
        at: now,
        userId: by.userId,
        employeeId: by.employeeId,
        action: 'order.cancel.started',
        subject: `${order.customer_id}:${orderId}`,
        detail: { reason: reason.trim() || null, refundCents: Math.max(0, refundCents) },
      });
    }
    return order;
  });

  const refundCents = before.paid_cents - before.refunded_cents;
  let refundReference: string | null = null;
  if (refundCents > 0 && before.gateway_charge_id) {
    let outcome: RefundOutcome;
    try {
      outcome = await ctx.payments.refund({
        chargeReference: before.gateway_charge_id,
        amountCents: refundCents,
        idempotencyKey: `refund-order-${orderId}-${before.refunded_cents}`,
      });
    } catch (err) {
      if (err instanceof GatewayUnavailableError) {
        throw new HttpError(
          503,
          'payment_gateway_unavailable',
          'The payment gateway did not answer, so the order is not cancelled yet and its work is on hold. Try again in a few minutes: the payment is never refunded twice.',
        );
      }
      throw err;
    }
    if (outcome.status !== 'refunded') {
      const message = outcome.message;
      await ctx.db.transaction().execute(async (trx) => {
        const order = await repo.lockOrder(trx, ctx.dialect, orderId);
        if (!order || order.status === 'cancelled') return;
        await repo.setCancelStarted(trx, orderId, null);
        await audit(trx, {
          at: ctx.now().toISOString(),
          userId: by.userId,
          employeeId: by.employeeId,
          action: 'order.cancel.refused',
          subject: `${order.customer_id}:${orderId}`,
          detail: { refundCents, message },
        });
      });
      throw conflict(`The refund was refused by the payment gateway (${message}); the order is not cancelled.`);
    }
    refundReference = outcome.reference;
  }

  try {
    await againOnConflict(() =>
      ctx.db.transaction().execute((trx) =>
        cancelInTransaction(ctx, trx, orderId, by, reason, {
          cents: Math.max(0, refundCents),
          reference: refundReference,
        }),
      ),
    );
  } catch (err) {
    // The cancel stays recorded (its retry resumes at the refund, which the gateway gives back, never twice); or a
    // concurrent cancel of the same order finished it with the same refund.
    if (refundReference) ctx.log.error({ err, orderId, refundReference }, 'order refunded but not cancelled here');
    throw err;
  }

  const recipients = await repo.orderRecipients(ctx.db, before.customer_id, before.placed_by_user_id);
  await sendOrderMail(ctx, {
    orderId,
    status: 'cancelled',
    mails: recipients.map((r) => ({
      to: r.email,
      subject: `Your order ${orderId} is cancelled`,
      text: `Hello ${r.first_name},\n\nYour order ${orderId} is cancelled.${
        refundCents > 0 ? ` ${formatCents(refundCents)} was refunded to the card it was paid with.` : ''
      }\n`,
    })),
  });
}

/** Minutes a recorded cancel without an outcome waits for its own retry before the job resumes it. */
export const STALE_CANCEL_MINUTES = 10;
/** Cancels one round resumes at most. */
const STALE_CANCEL_ROUND = 50;

/**
 * The job's round over cancels left recorded without an outcome (the gateway did not answer, or the request ended
 * between recording the cancel and the refund): each is resumed at the refund by `cancelOrder`, under the same
 * gateway key (the refund is never made twice), so an order's work is never held for good. Answers how many were
 * cancelled, refused (the refund refused: the cancel withdrawn) and are still waiting (the gateway again silent).
 */
export async function finishStaleCancels(ctx: AppContext) {
  const before = new Date(ctx.now().getTime() - STALE_CANCEL_MINUTES * 60_000).toISOString();
  const round = { cancelled: 0, refused: 0, waiting: 0 };
  for (const order of await repo.staleCancels(ctx.db, before, STALE_CANCEL_ROUND)) {
    try {
      await cancelOrder(ctx, order.id, { userId: null, employeeId: null }, order.cancel_reason ?? '');
      round.cancelled += 1;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 409) round.refused += 1;
      else {
        round.waiting += 1;
        ctx.log.warn({ err, orderId: order.id }, 'a recorded cancel is still waiting for its refund');
      }
    }
  }
  return round;
}
