/**
 * The loose ends of payments: Pending payments whose request never came back are settled from the gateway's own
 * record, and autopay pays the invoices that are due.
 */
import { type PayBillsRequest, paymentTotals } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { type ChargeOutcome, GatewayUnavailableError } from '../../integrations/payments/payment-gateway.js';
import { HttpError } from '../../lib/errors.js';
import * as billing from './billing.repository.js';
import { dayOf, kindOf, methodExpired } from './billing-rows.js';
import {
  auditPayment,
  chargeAndSettle,
  gatewayKey,
  type Payer,
  requestHash,
  STALE_PENDING_SECONDS,
  settle,
  startPayment,
} from './payment-pipeline.js';
import * as repo from './payments.repository.js';

/**
 * Settles Pending payments whose request ended without an answer, from the gateway's own record: charged ones are
 * completed, declined ones declined, and those the gateway never saw are marked Failed (nothing was charged).
 * Runs before the bills are shown and with autopay. A gateway that does not answer leaves them for the next run.
 */
export async function resolveStalePayments(ctx: AppContext, customerId?: string): Promise<number> {
  const before = new Date(ctx.now().getTime() - STALE_PENDING_SECONDS * 1000).toISOString();
  const stale = await repo.stalePendingPayments(ctx.db, before, customerId);
  let resolved = 0;
  for (const payment of stale) {
    let outcome: ChargeOutcome | null;
    try {
      outcome = await ctx.payments.findCharge(gatewayKey(payment.id));
    } catch (err) {
      if (err instanceof GatewayUnavailableError) continue;
      throw err;
    }
    const payer: Payer = {
      customerId: payment.customer_id,
      userId: null,
      employeeId: null,
      source: payment.source === 'autopay' ? 'autopay' : 'portal',
    };
    if (outcome) {
      await settle(ctx, payer, payment, outcome, undefined);
    } else {
      await ctx.db.transaction().execute(async (trx) => {
        const now = ctx.now().toISOString();
        const reason = 'The payment service never received this payment; nothing was charged.';
        if (await repo.finishPayment(trx, payment.id, { status: 'Failed', reference: null, reason, now })) {
          await auditPayment(trx, payer, now, 'failed', payment.id, {});
        }
      });
    }
    resolved += 1;
  }
  return resolved;
}

/**
 * Autopay: charges every invoice that is due (or past due) at a mailing location with autopay on, once per invoice
 * and due date (the payment's key is `autopay-<invoice>-<due date>`, so a rerun or a second server charges once).
 */
export async function runAutopay(ctx: AppContext, limit = 200) {
  await resolveStalePayments(ctx);
  const due = await repo.autopayDueInvoices(ctx.db, dayOf(ctx.now()), limit);
  const outcomes = { completed: 0, declined: 0, skipped: 0, unanswered: 0 };
  for (const invoice of due) {
    const key = `autopay-${invoice.id}-${invoice.due_date}`;
    const payer: Payer = { customerId: invoice.customer_id, userId: null, employeeId: null, source: 'autopay' };
    let payment = await repo.paymentByKey(ctx.db, invoice.customer_id, key);
    if (!payment) {
      const claimed = (await repo.pendingClaims(ctx.db, [invoice.id])).get(invoice.id) ?? 0;
      const amountCents = invoice.balance_cents - claimed;
      const method = await billing.findPaymentMethod(ctx.db, invoice.payment_method_id);
      if (amountCents <= 0 || !method || methodExpired(method, ctx.now())) {
        outcomes.skipped += 1;
        continue;
      }
      const { feeCents } = paymentTotals(amountCents, kindOf(method.kind), ctx.config.billing.cardFeeBasisPoints);
      const input: PayBillsRequest = {
        PaymentMethodID: method.id,
        invoices: [{ InvoiceID: invoice.id, amountCents }],
        expectedFeeCents: feeCents,
      };
      try {
        payment = await startPayment(ctx, payer, input, key, requestHash(input));
      } catch (err) {
        // The balance changed under us (paid meanwhile, fee changed): the next run looks again.
        if (!(err instanceof HttpError)) throw err;
        outcomes.skipped += 1;
        continue;
      }
    }
    if (payment.status !== 'Pending') {
      outcomes.skipped += 1;
      continue;
    }
    try {
      const answer = await chargeAndSettle(ctx, payer, payment, undefined);
      if (answer.statusCode === 201) outcomes.completed += 1;
      else outcomes.declined += 1;
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 503) throw err;
      outcomes.unanswered += 1;
    }
  }
  return outcomes;
}
