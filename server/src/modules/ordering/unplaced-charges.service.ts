/**
 * A charge left without an order (issue 12): the checkout charged the card, then its transaction failed (the user
 * name was taken between the check and the write, the database refused). The charge is queued in `unplaced_charges`
 * and audited; after a grace period (a retry with the same Idempotency-Key may still place the order with the same
 * charge) the job refunds it through the gateway adapter under a key derived from the charge, so a second round, a
 * second instance or a crash between the refund and the write never refunds twice. A retry that comes after the
 * refund is refused (the order must not be placed on a refunded charge); one that places the order first takes the
 * charge off the queue in its own transaction (unplaced-charges.repository claimUnplacedForOrder).
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { GatewayUnavailableError } from '../../integrations/payments/payment-gateway.js';
import { audit } from '../../lib/audit.js';
import * as repo from './unplaced-charges.repository.js';

/** Minutes a charge waits for a retry to place its order before it is refunded. */
export const UNPLACED_CHARGE_GRACE_MINUTES = 10;
/** Charges one round refunds at most. */
const ROUND = 50;

export const refundKeyOf = (gatewayKey: string) => `refund-unplaced-${gatewayKey}`;

/**
 * Inside the transaction that places the order on a charge: takes the charge back from the refund queue (true when
 * it was pending or never queued), or false when the refund job has claimed or refunded it (no order on it then).
 * Checkout and a paid change of packages (orders' new-drop-change.service.ts) both call it.
 */
export const claimChargeForOrder = (trx: Transaction<Database>, reference: string, now: string) =>
  repo.claimUnplacedForOrder(trx, reference, now);

export interface UnplacedCharge {
  reference: string;
  gatewayKey: string;
  amountCents: number;
  email: string | null;
  customerId: string | null;
  userId: number | null;
  employeeId: number | null;
  error: string;
}

/** Queues a charge whose order was not placed (once per charge) and audits it. Never throws. */
export async function recordUnplacedCharge(ctx: AppContext, c: UnplacedCharge): Promise<void> {
  const now = ctx.now().toISOString();
  try {
    await repo.insertUnplacedCharge(ctx.db, {
      created_at: now,
      updated_at: now,
      gateway_reference: c.reference,
      gateway_key: c.gatewayKey,
      amount_cents: c.amountCents,
      email: c.email,
      customer_id: c.customerId,
      employee_id: c.employeeId,
      last_error: c.error.slice(0, 500),
    });
    await audit(ctx.db, {
      at: now,
      userId: c.userId,
      employeeId: c.employeeId,
      action: 'ordering.checkout.unplaced-charge',
      subject: c.customerId ?? c.reference,
      detail: { reference: c.reference, amountCents: c.amountCents, gatewayKey: c.gatewayKey, error: c.error },
    });
  } catch (err) {
    ctx.log.error({ err, reference: c.reference }, 'could not queue the unplaced charge for its refund');
  }
}

export interface RefundRound {
  refunded: number;
  placed: number;
  refused: number;
  retrying: number;
}

/**
 * One round of the refund job: every pending charge older than the grace period (and any a round claimed but did not
 * finish) is refunded in full, or marked placed when a retry placed its order after all.
 */
export async function refundUnplacedCharges(
  ctx: AppContext,
  graceMinutes = UNPLACED_CHARGE_GRACE_MINUTES,
): Promise<RefundRound> {
  const round: RefundRound = { refunded: 0, placed: 0, refused: 0, retrying: 0 };
  const before = new Date(ctx.now().getTime() - graceMinutes * 60_000).toISOString();
  for (const row of await repo.unplacedChargesDue(ctx.db, before, ROUND)) {
    const now = () => ctx.now().toISOString();
    if (await repo.orderWithCharge(ctx.db, row.gateway_reference)) {
      if (await repo.moveUnplacedCharge(ctx.db, row.id, ['pending'], { status: 'placed', updated_at: now() })) {
        round.placed++;
      }
      continue;
    }
    // Claimed: a retry of the checkout now refuses this charge instead of placing its order on it.
    if (
      !(await repo.moveUnplacedCharge(ctx.db, row.id, ['pending', 'refunding'], {
        status: 'refunding',
        updated_at: now(),
      }))
    ) {
      continue;
    }
    try {
      const outcome = await ctx.payments.refund({
        chargeReference: row.gateway_reference,
        amountCents: row.amount_cents,
        idempotencyKey: refundKeyOf(row.gateway_key),
      });
      const done = outcome.status === 'refunded';
      await repo.moveUnplacedCharge(ctx.db, row.id, ['refunding'], {
        status: done ? 'refunded' : 'refused',
        updated_at: now(),
        attempts: row.attempts + 1,
        refund_reference: done ? outcome.reference : null,
        refunded_at: done ? now() : null,
        last_error: done ? row.last_error : outcome.message,
      });
      await audit(ctx.db, {
        at: now(),
        userId: null,
        employeeId: null,
        action: done
          ? 'ordering.checkout.unplaced-charge-refunded'
          : 'ordering.checkout.unplaced-charge-refund-refused',
        subject: row.customer_id ?? row.gateway_reference,
        detail: {
          reference: row.gateway_reference,
          amountCents: row.amount_cents,
          ...(done ? { refund: outcome.reference } : { message: outcome.message }),
        },
      });
      if (done) round.refunded++;
      else round.refused++;
    } catch (err) {
      if (!(err instanceof GatewayUnavailableError)) throw err;
      // No answer: stays claimed and is asked again next round under the same key.
      await repo.moveUnplacedCharge(ctx.db, row.id, ['refunding'], {
        status: 'refunding',
        updated_at: now(),
        attempts: row.attempts + 1,
        last_error: err.message,
      });
      round.retrying++;
    }
  }
  return round;
}
