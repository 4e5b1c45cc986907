/**
 * The payment pipeline shared by payBills and autopay, so that the gateway and the database cannot disagree and
 * nothing is charged twice:
 *   1. A request already answered under its Idempotency-Key gets the stored answer (no new charge).
 *   2. The payment is recorded as Pending, with its invoice allocations, in one transaction; the pending claims
 *      keep two payments from paying the same balance. A retried request finds this payment by its key.
 *   3. The gateway is asked to charge under the gateway key `pay-<payment id>`: asking again (a retry, or the
 *      reconciler) returns the first charge instead of making another.
 *   4. One transaction settles the payment (Completed, invoices reduced; or Declined) and stores the answer.
 * If the gateway does not answer, or the database fails after the charge, the payment stays Pending: the payer's
 * retry with the same key resumes at step 3, and `resolveStalePayments` (payment-recovery.ts) settles abandoned
 * ones from the gateway's record, or marks them Failed when the gateway has none (nothing was charged).
 */
import { createHash } from 'node:crypto';
import {
  ErrorCodes,
  formatCents,
  MAX_PAYMENT_CENTS,
  type PayBillsRequest,
  type PaymentResult,
  paymentTotals,
} from '@strand/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, Queryable } from '../../db/database.js';
import { type ChargeOutcome, GatewayUnavailableError } from '../../integrations/payments/payment-gateway.js';
import { audit, changesBetween } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { againOnConflict } from '../../lib/transactions.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { notify } from '../notifications/notifications.service.js';
import * as billing from './billing.repository.js';
import { dayOf, kindOf, methodExpired, methodLabel } from './billing-rows.js';
import * as repo from './payments.repository.js';

export const PAY_ROUTE = 'payBills';
/** A pending payment older than this had its request end without an answer. */
export const STALE_PENDING_SECONDS = 120;
/** Declined payments per account and day before the portal stops taking new ones. */
export const MAX_DECLINES_PER_DAY = 5;

export const gatewayKey = (paymentId: number) => `pay-${paymentId}`;

export interface PayAnswer {
  statusCode: number;
  body: PaymentResult | { error: { code: string; message: string; fields?: Record<string, string> } };
  replayed: boolean;
}

/** Who pays: a person in the portal, or autopay on the account's behalf. */
export interface Payer {
  customerId: string;
  userId: number | null;
  employeeId: number | null;
  source: 'portal' | 'autopay';
}

export const payerOf = (actor: CustomerActor): Payer => ({
  customerId: actor.customerId,
  userId: actor.userId,
  employeeId: actor.employeeId,
  source: 'portal',
});

export function auditPayment(
  trx: Transaction<Database>,
  payer: Payer,
  at: string,
  action: string,
  paymentId: number,
  detail: Record<string, unknown>,
) {
  return audit(trx, {
    at,
    userId: payer.userId,
    employeeId: payer.employeeId,
    action: `customer.payment.${action}`,
    subject: `${payer.customerId}:${paymentId}`,
    detail: { ...detail, source: payer.source },
    changes: PAYMENT_STATUS[action]
      ? changesBetween({ Status: action === 'started' ? null : 'Pending' }, { Status: PAYMENT_STATUS[action] })
      : [],
  });
}

/** The payment's status after each step the log records (before it: Pending, or nothing for a new payment). */
const PAYMENT_STATUS: Record<string, string> = {
  started: 'Pending',
  declined: 'Declined',
  completed: 'Completed',
  failed: 'Failed',
};

export async function usableMethod(ctx: AppContext, customerId: string, paymentMethodId: number) {
  const method = await billing.findPaymentMethod(ctx.db, paymentMethodId);
  if (!method) throw notFound('No payment method with that id.');
  if (method.customer_id !== customerId) throw forbidden('That payment method belongs to another account.');
  const field = { PaymentMethodID: '' };
  if (method.deleted_at !== null) {
    field.PaymentMethodID = 'This payment method was removed. Choose another one.';
    throw badRequest(field.PaymentMethodID, field);
  }
  if (methodExpired(method, ctx.now())) {
    const until = `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`;
    field.PaymentMethodID = `This card expired at the end of ${until}. Add a new card.`;
    throw badRequest(field.PaymentMethodID, field);
  }
  return method;
}

// ---- paying ----------------------------------------------------------------------------------------------------

export function requestHash(input: PayBillsRequest): string {
  const invoices = [...input.invoices].sort((a, b) => a.InvoiceID - b.InvoiceID);
  return createHash('sha256')
    .update(JSON.stringify({ m: input.PaymentMethodID, i: invoices.map((i) => [i.InvoiceID, i.amountCents]) }))
    .digest('hex');
}

class SameKeyRaced extends Error {}

/** Step 2: validates the request against the account's invoices and records the Pending payment. */
export async function startPayment(
  ctx: AppContext,
  payer: Payer,
  input: PayBillsRequest,
  key: string,
  hash: string,
): Promise<repo.PaymentRow> {
  const method = await usableMethod(ctx, payer.customerId, input.PaymentMethodID);
  const ids = input.invoices.map((i) => i.InvoiceID);
  try {
    const paymentId = await againOnConflict(() =>
      ctx.db.transaction().execute(async (trx) => {
        const rows = new Map((await repo.invoicesForPayment(trx, ctx.dialect, ids)).map((r) => [r.id, r]));
        // The same key raced in twice and the other request's payment is in now (seen once the invoices are ours):
        // join it instead of inserting the key again, which would wait on that payment's settling while holding the
        // invoices it needs (a deadlock on PostgreSQL).
        if (await repo.paymentByKey(trx, payer.customerId, key)) throw new SameKeyRaced();
        const claims = await repo.pendingClaims(trx, ids);
        const fields: Record<string, string> = {};
        input.invoices.forEach((line, i) => {
          const row = rows.get(line.InvoiceID);
          if (!row) throw new HttpError(404, ErrorCodes.notFound, `No invoice ${line.InvoiceID}.`);
          if (row.customer_id !== payer.customerId) {
            throw new HttpError(403, ErrorCodes.forbidden, `Invoice ${line.InvoiceID} belongs to another account.`);
          }
          const open = row.balance_cents - (claims.get(row.id) ?? 0);
          if (open <= 0) fields[`invoices.${i}.amountCents`] = `Invoice ${row.id} is already paid.`;
          else if (line.amountCents > open) {
            fields[`invoices.${i}.amountCents`] =
              `Invoice ${row.id} has ${formatCents(open)} left to pay; pay at most that.`;
          }
        });
        const problems = Object.values(fields);
        if (problems.length > 0)
          throw badRequest(problems.length === 1 ? (problems[0] ?? '') : 'Check the amounts.', fields);
        const amountCents = input.invoices.reduce((sum, i) => sum + i.amountCents, 0);
        if (amountCents > MAX_PAYMENT_CENTS) {
          throw badRequest('One payment can be at most $100,000.00.', { invoices: 'Pay in smaller parts.' });
        }
        const { feeCents } = paymentTotals(amountCents, kindOf(method.kind), ctx.config.billing.cardFeeBasisPoints);
        if (feeCents !== input.expectedFeeCents) {
          throw conflict(
            `The card fee is ${formatCents(feeCents)}, not ${formatCents(input.expectedFeeCents)}. Check the total and pay again.`,
            { expectedFeeCents: `The fee is ${formatCents(feeCents)}.` },
          );
        }
        const now = ctx.now().toISOString();
        const id = await repo.insertPendingPayment(trx, {
          customerId: payer.customerId,
          paymentMethodId: method.id,
          amountCents,
          feeCents,
          paidBy: payer.userId,
          idempotencyKey: key,
          requestHash: hash,
          source: payer.source,
          now,
          allocations: input.invoices.map((i) => ({ invoiceId: i.InvoiceID, amountCents: i.amountCents })),
        });
        await auditPayment(trx, payer, now, 'started', id, { amountCents, feeCents, paymentMethodId: method.id });
        return id;
      }),
    );
    const created = await repo.findPayment(ctx.db, paymentId);
    if (!created) throw new Error(`payment ${paymentId} vanished`);
    return created;
  } catch (err) {
    // The same key raced in twice (a double click): the unique key lets one insert win; the other joins it.
    const winner = await repo.paymentByKey(ctx.db, payer.customerId, key);
    if (winner) return winner;
    throw err;
  }
}

class AlreadySettled extends Error {}

/** What a completed payment answers: its amounts, confirmation number, method and the invoices it paid. */
async function completedResult(
  db: Queryable,
  payment: repo.PaymentRow,
  reference: string,
  paidAt: string,
): Promise<PaymentResult> {
  const allocations = await repo.allocationsOfPayment(db, payment.id);
  const [balances, method] = await Promise.all([
    billing.balancesOf(
      db,
      allocations.map((a) => a.invoice_id),
    ),
    billing.findPaymentMethod(db, payment.payment_method_id),
  ]);
  return {
    PaymentID: payment.id,
    status: 'Completed',
    amountCents: payment.amount_cents,
    feeCents: payment.fee_cents,
    totalCents: payment.amount_cents + payment.fee_cents,
    reference,
    confirmationNumber: payment.confirmation_number ?? '',
    method: method ? methodLabel(method) : '',
    paidAt,
    invoices: allocations.map((a) => ({
      InvoiceID: a.invoice_id,
      amountCents: a.amount_cents,
      balanceCents: balances.get(a.invoice_id) ?? 0,
    })),
  };
}

/** The answer a finished payment gives (a retry that finds it already settled). */
export async function answerOf(ctx: AppContext, payment: repo.PaymentRow): Promise<PayAnswer> {
  if (payment.status === 'Completed') {
    return {
      statusCode: 201,
      replayed: true,
      body: await completedResult(
        ctx.db,
        payment,
        payment.gateway_reference ?? '',
        payment.updated_at ?? payment.created_at,
      ),
    };
  }
  const failed = payment.status === 'Failed';
  const message = failed
    ? 'This payment did not go through and nothing was charged. Start a new payment.'
    : declinedMessage(payment.failure_reason);
  return {
    statusCode: failed ? 502 : 402,
    replayed: true,
    body: {
      error: { code: failed ? 'payment_failed' : 'payment_declined', message, fields: { PaymentMethodID: message } },
    },
  };
}

const declinedMessage = (reason: string | null) =>
  `${reason ?? 'The payment was declined.'} Nothing was charged: use another payment method or call your bank.`;

/** Step 4: records the gateway's outcome and (for a person's request) the answer to replay. */
export async function settle(
  ctx: AppContext,
  payer: Payer,
  payment: repo.PaymentRow,
  outcome: ChargeOutcome,
  key: string | undefined,
): Promise<PayAnswer> {
  try {
    const result = await againOnConflict(() =>
      runIdempotent<PayAnswer['body']>(
        ctx.db,
        {
          userId: payer.userId ?? 0,
          key: payer.userId === null ? undefined : key,
          route: PAY_ROUTE,
          request: payment.request_hash,
          now: ctx.now(),
        },
        async (trx) => {
          const now = ctx.now().toISOString();
          if (outcome.status === 'declined') {
            if (
              !(await repo.finishPayment(trx, payment.id, {
                status: 'Declined',
                reference: null,
                reason: outcome.message,
                now,
              }))
            ) {
              throw new AlreadySettled();
            }
            await auditPayment(trx, payer, now, 'declined', payment.id, { code: outcome.code });
            await notify(trx, ctx.now(), {
              type: payer.source === 'autopay' ? 'autopay.failed' : 'payment.failed',
              key: `payment:${payment.id}`,
              customerId: payer.customerId,
              data: { amount: formatCents(payment.amount_cents), reason: outcome.message ?? 'the card was declined.' },
            });
            const message = declinedMessage(outcome.message);
            return {
              statusCode: 402,
              body: { error: { code: 'payment_declined', message, fields: { PaymentMethodID: message } } },
            };
          }
          if (
            !(await repo.finishPayment(trx, payment.id, {
              status: 'Completed',
              reference: outcome.reference,
              reason: null,
              now,
            }))
          ) {
            throw new AlreadySettled();
          }
          for (const a of await repo.allocationsOfPayment(trx, payment.id))
            await repo.reduceBalance(trx, ctx.dialect, a.invoice_id, a.amount_cents, dayOf(ctx.now()));
          await auditPayment(trx, payer, now, 'completed', payment.id, { reference: outcome.reference });
          await notify(trx, ctx.now(), {
            type: 'payment.received',
            key: `payment:${payment.id}`,
            customerId: payer.customerId,
            data: { amount: formatCents(payment.amount_cents + payment.fee_cents) },
          });
          const body = await completedResult(trx, payment, outcome.reference, now);
          return { statusCode: 201, body };
        },
      ),
    );
    return result;
  } catch (err) {
    if (!(err instanceof AlreadySettled)) throw err;
    const now = await repo.findPayment(ctx.db, payment.id);
    if (!now) throw err;
    return answerOf(ctx, now);
  }
}

const UNANSWERED =
  'The payment service did not answer. You will not be charged twice: try again with the same payment in a minute, or check your payment history.';

/** Steps 3 and 4 for a Pending payment. */
export async function chargeAndSettle(
  ctx: AppContext,
  payer: Payer,
  payment: repo.PaymentRow,
  key: string | undefined,
): Promise<PayAnswer> {
  const method = await billing.findPaymentMethod(ctx.db, payment.payment_method_id);
  if (!method) throw new Error(`payment method ${payment.payment_method_id} vanished`);
  let outcome: ChargeOutcome;
  try {
    outcome = await ctx.payments.charge({
      token: method.gateway_token,
      amountCents: payment.amount_cents + payment.fee_cents,
      idempotencyKey: gatewayKey(payment.id),
      description: `Payment ${payment.id} for account ${payment.customer_id}`,
    });
  } catch (err) {
    if (err instanceof GatewayUnavailableError) {
      throw new HttpError(503, 'payment_gateway_unavailable', UNANSWERED);
    }
    throw err;
  }
  return settle(ctx, payer, payment, outcome, key);
}

/** payBills: pays some or all of the account's open invoices with a saved payment method. */
