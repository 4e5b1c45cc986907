/**
 * The payment of a new order (issue 12, ordering's checkout), through the same gateway adapter and tables as the
 * bill payments: the card is tokenized (the number is forgotten), charged once under a gateway idempotency key (a
 * retry with the same key gets the first charge back, as payment-pipeline.ts relies on), and the Completed payment
 * and the card on file are recorded inside the order's own transaction. Nothing is stored before the charge has
 * succeeded, so a declined card or a gateway that does not answer leaves no row at all; the order's checkout is
 * retried with the same key and resumes at the charge (see ordering.service.ts).
 */
import { cardDigits, cardExpired, formatCents, type NewPaymentMethod, yearMonthOf } from '@strand/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { GatewayUnavailableError, type TokenizedMethod } from '../../integrations/payments/payment-gateway.js';
import { audit } from '../../lib/audit.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import * as repo from './billing.repository.js';
import { usableMethod } from './payment-pipeline.js';
import * as payments from './payments.repository.js';

export interface OrderPaymentSource {
  token: string;
  brand: string;
  last4: string;
  /** The gateway's fingerprint of the card (or account): the same card gives the same one. */
  fingerprint: string | null;
  /** A card typed at checkout (saved on the account with the order), or a card already on file. */
  newCard: (TokenizedMethod & { expMonth: number; expYear: number; holderName: string }) | null;
  paymentMethodId: number | null;
}

/** A card typed at checkout: tokenized now; field messages under `prefix` (e.g. payment.cardNumber). */
export async function tokenizeOrderCard(
  ctx: AppContext,
  card: Extract<NewPaymentMethod, { kind: 'card' }>,
  prefix = 'payment.',
): Promise<OrderPaymentSource> {
  if (cardExpired(card.expMonth, card.expYear, yearMonthOf(ctx.now()))) {
    const message = 'This card has expired. Check the expiry date or use another card.';
    throw badRequest(message, { [`${prefix}expMonth`]: message });
  }
  const result = await ctx.payments.tokenizeCard({
    number: cardDigits(card.cardNumber) ?? '',
    expMonth: card.expMonth,
    expYear: card.expYear,
    cvc: card.cvc,
    postalCode: card.postalCode,
    holderName: card.holderName,
  });
  if (!result.ok) throw badRequest(result.message, { [`${prefix}${result.field}`]: result.message });
  return {
    token: result.method.token,
    brand: result.method.brand,
    last4: result.method.last4,
    fingerprint: result.method.fingerprint,
    newCard: { ...result.method, expMonth: card.expMonth, expYear: card.expYear, holderName: card.holderName },
    paymentMethodId: null,
  };
}

/** A payment method on file of this account (not removed, not expired). */
export async function savedOrderMethod(
  ctx: AppContext,
  customerId: string,
  paymentMethodId: number,
): Promise<OrderPaymentSource> {
  try {
    const method = await usableMethod(ctx, customerId, paymentMethodId);
    return {
      token: method.gateway_token,
      brand: method.brand,
      last4: method.last4,
      fingerprint: method.fingerprint,
      newCard: null,
      paymentMethodId,
    };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 400) {
      throw badRequest(err.message, { 'payment.paymentMethodId': err.message });
    }
    throw err;
  }
}

const UNANSWERED =
  'The payment service did not answer, so no order was placed. You will not be charged twice: place the order again in a minute.';

/** Charges once per key. Declined: 402 naming the card field. No answer: 503 (retry with the same key). */
export async function chargeOrder(
  ctx: AppContext,
  source: OrderPaymentSource,
  input: { amountCents: number; gatewayKey: string; description: string },
): Promise<{ reference: string }> {
  try {
    // A retry (same key) after a lost answer: the charge made then is the answer, even though the card was
    // tokenized again (a new token); nothing is charged twice.
    const outcome =
      (await ctx.payments.findCharge(input.gatewayKey)) ??
      (await ctx.payments.charge({
        token: source.token,
        amountCents: input.amountCents,
        idempotencyKey: input.gatewayKey,
        description: input.description,
      }));
    if (outcome.status === 'succeeded') return { reference: outcome.reference };
    const field = source.newCard ? 'payment.cardNumber' : 'payment.paymentMethodId';
    const message = `${outcome.message} Nothing was charged and no order was placed: use another card or call your bank.`;
    throw new HttpError(402, 'payment_declined', message, { [field]: message });
  } catch (err) {
    if (err instanceof GatewayUnavailableError) throw new HttpError(503, 'payment_gateway_unavailable', UNANSWERED);
    throw err;
  }
}

/** Inside the order's transaction: the card on file (a new card) and the Completed payment. */
export async function recordOrderPayment(
  trx: Transaction<Database>,
  input: {
    customerId: string;
    source: OrderPaymentSource;
    amountCents: number;
    reference: string;
    key: string;
    paidBy: number | null;
    employeeId: number | null;
    orderId: number;
    now: string;
  },
): Promise<{ paymentId: number; paymentMethodId: number }> {
  const { source } = input;
  const paymentMethodId =
    source.paymentMethodId ??
    (await repo.insertPaymentMethod(trx, {
      customerId: input.customerId,
      kind: 'card',
      token: source.token,
      brand: source.brand,
      last4: source.last4,
      expMonth: source.newCard?.expMonth ?? null,
      expYear: source.newCard?.expYear ?? null,
      holderName: source.newCard?.holderName ?? '',
      fingerprint: source.newCard?.fingerprint ?? '',
      now: input.now,
    }));
  const paymentId = await payments.insertCompletedOrderPayment(trx, {
    customerId: input.customerId,
    paymentMethodId,
    amountCents: input.amountCents,
    reference: input.reference,
    paidBy: input.paidBy,
    idempotencyKey: `order-${input.key}`,
    now: input.now,
  });
  await audit(trx, {
    at: input.now,
    userId: input.paidBy,
    employeeId: input.employeeId,
    action: 'customer.payment.completed',
    subject: `${input.customerId}:${paymentId}`,
    detail: {
      source: 'order',
      orderId: input.orderId,
      amount: formatCents(input.amountCents),
      reference: input.reference,
      brand: source.brand,
      last4: source.last4,
    },
  });
  return { paymentId, paymentMethodId };
}

/** In the cancel's transaction: the refund of a cancelled order shows with its payment in the account's history. */
export async function recordOrderRefund(
  trx: Transaction<Database>,
  refund: { customerId: string; reference: string; cents: number; now: string },
): Promise<void> {
  await payments.addOrderRefund(trx, refund);
}
