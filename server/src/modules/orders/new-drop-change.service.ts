/**
 * A change of packages at a location the fiber drop does not reach (a cancelled order's location, "No packages at
 * this location" on Services), issue 28: planned as checkout plans a new address — `placeOrder` with no drop, so
 * domain workPlanOf gives survey, drop construction, splicing and the install — and paid when it is placed, as
 * checkout is: the first month and the install fees, charged once under a gateway key derived from the
 * Idempotency-Key; the order is written only after the charge succeeded, in one transaction with its payment; a
 * charge whose order could not be written is queued for its refund (ordering's unplaced charges, the same job).
 */
import { createHash } from 'node:crypto';
import { type ChangeOptions, type ChangeOrderRequestSchema, cardDigits, formatCents } from '@strand/domain';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { runIdempotent, storedResult } from '../../lib/idempotency.js';
import {
  chargeOrder,
  type OrderPaymentSource,
  recordOrderPayment,
  savedOrderMethod,
  tokenizeOrderCard,
} from '../billing/order-payments.service.js';
import { claimChargeForOrder, recordUnplacedCharge } from '../ordering/unplaced-charges.service.js';
import { longDay, type OrderProgress, sendOrderMail } from './fulfilment.service.js';
import { assertNoOpenOrder } from './orders.policy.js';
import * as repo from './orders.repository.js';
import { placeOrder, priceLines, recordOrderEvent, setOrderPaid } from './orders.service.js';

type ChangeRequest = z.output<typeof ChangeOrderRequestSchema>;
type ChangeResult = { orderId: number; needsVisit: boolean; paidCents: number };

/**
 * Who places a change: the customer at their own account's location, or sales staff on the customer's behalf. The
 * change is the same (one rule set, two callers); only the audit row differs.
 */
export interface ChangeParty {
  customerId: string;
  userId: number;
  employeeId: number | null;
  /** Idempotency-Key stores are per user; the route name keeps a customer's and a staff member's apart. */
  route: string;
  audit: (trx: Transaction<Database>, at: string, orderId: number, detail: Record<string, unknown>) => Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** What a retry with the same Idempotency-Key must repeat: a card only by its last four, never the CVC. */
export function changeRequestOf(input: ChangeRequest) {
  const p = input.payment;
  return {
    ...input,
    payment: p?.kind === 'card' ? { ...p, cardNumber: (cardDigits(p.cardNumber) ?? '').slice(-4), cvc: undefined } : p,
  };
}

const CHARGE_REFUNDED =
  'This change could not be placed the first time and its payment was refunded. Place the change again.';

export async function placeNewDropChange(
  ctx: AppContext,
  party: ChangeParty,
  options: ChangeOptions,
  input: ChangeRequest,
  key: string | undefined,
  /** The change's rules (customer-orders.service checkChange), run unless the key replays an answer. */
  check: () => void,
): Promise<ChangeResult> {
  if (!key) {
    throw badRequest('A change that is paid now needs an Idempotency-Key header, so that a double click pays once.', {
      'Idempotency-Key': 'Required (a UUID is fine).',
    });
  }
  if (!input.payment) {
    const message = 'This location has no fiber drop yet, so the change is a new install, paid now: choose a card.';
    throw badRequest(message, { payment: 'Choose a card on file or enter a new card.' });
  }
  const route = `${party.route}:${input.serviceLocationId}`;
  const request = changeRequestOf(input);
  const earlier = await storedResult<ChangeResult>(ctx.db, { userId: party.userId, key, route, request });
  if (earlier) return earlier.body;
  // Checked after the Idempotency-Key's stored answer: a retried change replays its answer.
  check();

  // Prices, recomputed: never charge a total the customer was not shown.
  const lines = input.add.map((packageId) => ({ packageId, action: 'add' as const }));
  const priced = await priceLines(ctx.db, lines);
  const totalCents = priced.monthlyCents + priced.oneTimeCents;
  if (input.expectedTotalCents !== totalCents) {
    const message = `Prices changed: the total due now is ${formatCents(totalCents)}. Check the change and place it again.`;
    throw new HttpError(409, 'prices_changed', message, { expectedTotalCents: message });
  }

  const source: OrderPaymentSource =
    input.payment.kind === 'card'
      ? await tokenizeOrderCard(ctx, input.payment)
      : await savedOrderMethod(ctx, party.customerId, input.payment.paymentMethodId);
  const gatewayKey = `change-${sha256(`${party.userId}:${key}`).slice(0, 32)}`;
  const { reference } = await chargeOrder(ctx, source, {
    amountCents: totalCents,
    gatewayKey,
    description: `First month and install at ${options.fullAddress}`,
  });

  const now = ctx.now();
  const at = now.toISOString();
  const by = { userId: party.userId, employeeId: party.employeeId };
  let progress: OrderProgress | null = null;
  try {
    const result = await runIdempotent(ctx.db, { userId: party.userId, key, route, request, now }, async (trx) => {
      // A retry whose first attempt failed and whose charge the refund job took must not place the order on it.
      if (!(await claimChargeForOrder(trx, reference, at))) {
        throw new HttpError(409, 'charge_refunded', CHARGE_REFUNDED);
      }
      assertNoOpenOrder((await repo.openOrderAt(trx, input.serviceLocationId))?.id ?? null);
      const placed = await placeOrder(ctx, trx, {
        customerId: party.customerId,
        serviceLocationId: input.serviceLocationId,
        mailingLocationId: null,
        kind: 'change',
        lines,
        installDate: input.installDate ?? null,
        installWindow: input.installWindow ?? null,
        dropExists: false,
        needsVisit: true,
        placedBy: by,
        notes: 'No fiber drop at this location yet: planned as a new install (survey, drop, splicing, install).',
      });
      if (placed.monthlyCents + placed.oneTimeCents !== totalCents) {
        throw new HttpError(409, 'prices_changed', 'Prices changed while the change was placed. Place it again.', {
          expectedTotalCents: 'Prices changed.',
        });
      }
      await recordOrderPayment(trx, {
        customerId: party.customerId,
        source,
        amountCents: totalCents,
        reference,
        key,
        paidBy: party.userId,
        employeeId: party.employeeId,
        orderId: placed.orderId,
        now: at,
      });
      await setOrderPaid(trx, placed.orderId, totalCents, reference, at);
      await recordOrderEvent(
        trx,
        placed.orderId,
        'paid',
        `Paid ${formatCents(totalCents)} (first month and install) with ${source.brand} ending ${source.last4}.`,
        by,
        at,
      );
      await party.audit(trx, at, placed.orderId, {
        add: input.add,
        remove: input.remove,
        needsVisit: true,
        newDrop: true,
        paidCents: totalCents,
      });
      // The confirmation, sent after the commit (a rolled-back change mails nothing).
      const when = `${longDay(input.installDate ?? '')}, ${input.installWindow ?? ''}`;
      const recipients = await repo.orderRecipients(trx, party.customerId, party.userId);
      progress = {
        orderId: placed.orderId,
        status: 'placed',
        mails: recipients.map((r) => ({
          to: r.email,
          subject: `Order ${placed.orderId} is placed and paid`,
          text: [
            `Hello ${r.first_name},`,
            '',
            `Your order ${placed.orderId} at ${options.fullAddress} is placed.`,
            `Paid now: ${formatCents(totalCents)} (first month and install), reference ${reference}.`,
            'A crew surveys the property, builds the fiber drop and splices it; then an installer comes on',
            `${when} to connect the service. Your monthly bill starts on the day it is installed.`,
            `Follow the order at /orders/${placed.orderId}.`,
          ].join('\n'),
        })),
      };
      return { statusCode: 201, body: { orderId: placed.orderId, needsVisit: true, paidCents: totalCents } };
    });
    await sendOrderMail(ctx, result.replayed ? null : progress);
    return result.body;
  } catch (err) {
    if (!(err instanceof HttpError && err.code === 'charge_refunded')) {
      // Queued for its refund (the job gives a retry with the same key its grace period first).
      await recordUnplacedCharge(ctx, {
        reference,
        gatewayKey,
        amountCents: totalCents,
        email: null,
        customerId: party.customerId,
        userId: party.userId,
        employeeId: party.employeeId,
        error: (err as Error).message,
      });
    }
    throw err;
  }
}
