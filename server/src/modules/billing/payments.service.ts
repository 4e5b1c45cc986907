/**
 * Paying bills (payBills) and the card fee (processCreditCardFees). The steps that keep the gateway and the database
 * in agreement, and a payment from being charged twice, are in payment-pipeline.ts.
 */
import { type PayBillsRequest, paymentTotals } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError, tooManyRequests } from '../../lib/errors.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { kindOf } from './billing-rows.js';
import {
  answerOf,
  chargeAndSettle,
  MAX_DECLINES_PER_DAY,
  PAY_ROUTE,
  type PayAnswer,
  payerOf,
  requestHash,
  startPayment,
  usableMethod,
} from './payment-pipeline.js';
import { sendPaymentReceipt } from './payment-receipt.js';
import * as repo from './payments.repository.js';

/** processCreditCardFees: what paying `amountCents` with this method costs, fee included. */
export async function feeQuote(ctx: AppContext, actor: CustomerActor, paymentMethodId: number, amountCents: number) {
  const method = await usableMethod(ctx, actor.customerId, paymentMethodId);
  const bps = ctx.config.billing.cardFeeBasisPoints;
  return {
    ...paymentTotals(amountCents, kindOf(method.kind), bps),
    feeBasisPoints: kindOf(method.kind) === 'card' ? bps : 0,
  };
}

export async function payBills(
  ctx: AppContext,
  actor: CustomerActor,
  input: PayBillsRequest,
  key: string | undefined,
): Promise<PayAnswer> {
  if (!key) {
    throw badRequest('A payment needs an Idempotency-Key header, so that a retried request charges once.', {
      'Idempotency-Key': 'Required for payments (a UUID is fine).',
    });
  }
  const hash = requestHash(input);
  let payment = await repo.paymentByKey(ctx.db, actor.customerId, key);
  if (payment && payment.request_hash !== hash) {
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different payment.',
    );
  }
  const stored = await repo.storedAnswer(ctx.db, actor.userId, key);
  if (stored) {
    if (stored.route !== PAY_ROUTE) {
      throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for another request.');
    }
    return { statusCode: stored.status_code, body: JSON.parse(stored.response), replayed: true };
  }
  const payer = payerOf(actor);
  if (!payment) {
    // Someone trying stolen cards makes many declined payments: stop after a few a day.
    const since = new Date(ctx.now().getTime() - 86_400_000).toISOString();
    if ((await repo.declinedSince(ctx.db, actor.customerId, since)) >= MAX_DECLINES_PER_DAY) {
      throw tooManyRequests(
        `${MAX_DECLINES_PER_DAY} payments of this account were declined in the last 24 hours. Please call us, or try again tomorrow.`,
        3600,
      );
    }
    payment = await startPayment(ctx, payer, input, key, hash);
  }
  if (payment.status !== 'Pending') return answerOf(ctx, payment);
  const answer = await chargeAndSettle(ctx, payer, payment, key);
  // The receipt goes once: with the answer that completed the payment, never with a replay.
  if (answer.statusCode === 201 && !answer.replayed) await sendPaymentReceipt(ctx, payment.id);
  return answer;
}
