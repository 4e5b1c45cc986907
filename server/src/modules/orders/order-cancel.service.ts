/** Cancelling an order until its install starts: recorded, refunded, then cancelled; the job for stale cancels. */
import { formatCents, isCancellable } from '@strand/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { GatewayUnavailableError, type RefundOutcome } from '../../integrations/payments/payment-gateway.js';
import { audit } from '../../lib/audit.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { againOnConflict } from '../../lib/transactions.js';
import { recordOrderRefund } from '../billing/order-payments.service.js';
import { notify } from '../notifications/notifications.service.js';
import { type Actor, type OrderCtx, sendOrderMail, statusOf, stepOf } from './fulfilment.service.js';
import * as repo from './orders.repository.js';
import { recordOrderEvent } from './orders.service.js';

type Trx = Transaction<Database>;

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
  const said = { order: `#${orderId}`, amount: formatCents(refund.cents) };
  await notify(trx, ctx.now(), {
    type: 'order.cancelled',
    key: `order:${orderId}`,
    customerId: order.customer_id,
    data: said,
  });
  if (refund.cents > 0) {
    await notify(trx, ctx.now(), {
      type: 'order.refunded',
      key: `order:${orderId}:${order.refunded_cents}`,
      customerId: order.customer_id,
      data: said,
    });
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
