/**
 * Payment methods (addPaymentMethod, deletePaymentMethod) and autopay (viewAutopay, activatePaymentMethod,
 * deactivateAutopay). Numbers go to the gateway to be tokenized and are then forgotten: the database keeps the
 * token, brand, last four digits, expiry and the gateway's fingerprint (to refuse saving one card twice).
 * Provider settings: BILLING_REQUIRE_AUTOPAY (autopay cannot be turned off) and BILLING_KEEP_LAST_PAYMENT_METHOD
 * (the last method on file cannot be removed).
 */
import {
  type Autopay,
  cardDigits,
  cardExpired,
  fullAddress,
  type NewPaymentMethod,
  type PaymentMethod,
  yearMonthOf,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import type { TokenizeResult } from '../../integrations/payments/payment-gateway.js';
import { changesBetween } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, tooManyRequests } from '../../lib/errors.js';
import { assertSameRequest, requestHashOf, runIdempotent } from '../../lib/idempotency.js';
import { assertOwned, type CustomerActor } from '../customer-account/customer-access.policy.js';
import { auditCustomerWrite } from '../customer-account/customer-access.service.js';
import * as repo from './billing.repository.js';
import { methodExpired, methodLabel, toPaymentMethod } from './billing-rows.js';
import { storedAnswer } from './payments.repository.js';

/** Saved methods per account: enough for every card and account a household or office uses. */
export const MAX_PAYMENT_METHODS = 10;
/** New methods per account and day: enough for real use, a brake on trying stolen cards. */
export const MAX_NEW_METHODS_PER_DAY = 10;
const ADD_ROUTE = 'addPaymentMethod';

/** What a retry must repeat, kept as a hash: the card or account number only by its last four, never the CVC. */
const addRequestOf = (input: NewPaymentMethod) =>
  input.kind === 'card'
    ? { ...input, cardNumber: (cardDigits(input.cardNumber) ?? '').slice(-4), cvc: undefined }
    : { ...input, accountNumber: input.accountNumber.slice(-4) };

async function autopayUse(ctx: AppContext, customerId: string): Promise<Map<number, number[]>> {
  const locations = await repo.mailingLocationsOf(ctx.db, customerId);
  const use = new Map<number, number[]>();
  for (const l of locations) {
    if (l.autopay_payment_method_id === null) continue;
    use.set(l.autopay_payment_method_id, [...(use.get(l.autopay_payment_method_id) ?? []), l.id]);
  }
  return use;
}

export async function listPaymentMethods(ctx: AppContext, actor: CustomerActor): Promise<PaymentMethod[]> {
  const [rows, use] = await Promise.all([
    repo.activePaymentMethodsOf(ctx.db, actor.customerId),
    autopayUse(ctx, actor.customerId),
  ]);
  return rows.map((r) => toPaymentMethod(r, ctx.now(), use.get(r.id) ?? []));
}

async function oneMethod(ctx: AppContext, actor: CustomerActor, id: number): Promise<PaymentMethod> {
  const row = await repo.findPaymentMethod(ctx.db, id);
  assertOwned(actor, row, 'payment method');
  return toPaymentMethod(row, ctx.now(), (await autopayUse(ctx, actor.customerId)).get(id) ?? []);
}

async function tokenize(ctx: AppContext, input: NewPaymentMethod): Promise<TokenizeResult> {
  if (input.kind === 'card') {
    if (cardExpired(input.expMonth, input.expYear, yearMonthOf(ctx.now()))) {
      const message = 'This card has expired. Check the expiry date or use another card.';
      throw badRequest(message, { expMonth: message });
    }
    return ctx.payments.tokenizeCard({
      number: cardDigits(input.cardNumber) ?? '',
      expMonth: input.expMonth,
      expYear: input.expYear,
      cvc: input.cvc,
      postalCode: input.postalCode,
      holderName: input.holderName,
    });
  }
  return ctx.payments.tokenizeBankAccount(input);
}

export async function addPaymentMethod(
  ctx: AppContext,
  actor: CustomerActor,
  input: NewPaymentMethod,
  key: string | undefined,
): Promise<{ statusCode: number; method: PaymentMethod }> {
  // A retry of an answered request must not tokenize again: answer it from the stored result.
  const request = addRequestOf(input);
  const earlier = key ? await storedAnswer(ctx.db, actor.userId, key) : undefined;
  if (earlier) assertSameRequest(earlier, ADD_ROUTE, requestHashOf(request));
  if (earlier) {
    const { PaymentMethodID } = JSON.parse(earlier.response) as { PaymentMethodID: number };
    return { statusCode: earlier.status_code, method: await oneMethod(ctx, actor, PaymentMethodID) };
  }
  const since = new Date(ctx.now().getTime() - 86_400_000).toISOString();
  if ((await repo.methodsAddedSince(ctx.db, actor.customerId, since)) >= MAX_NEW_METHODS_PER_DAY) {
    throw tooManyRequests(
      `This account added ${MAX_NEW_METHODS_PER_DAY} payment methods in the last 24 hours. Please try again tomorrow.`,
      3600,
    );
  }
  const active = await repo.activePaymentMethodsOf(ctx.db, actor.customerId);
  if (active.length >= MAX_PAYMENT_METHODS) {
    throw conflict(`You can keep up to ${MAX_PAYMENT_METHODS} payment methods. Remove one first.`);
  }
  const tokenized = await tokenize(ctx, input);
  if (!tokenized.ok) throw badRequest(tokenized.message, { [tokenized.field]: tokenized.message });
  const { method } = tokenized;
  const duplicate = active.find((m) => m.fingerprint === method.fingerprint);
  if (duplicate) {
    const message = `This ${input.kind === 'card' ? 'card' : 'account'} is already saved as ${methodLabel(duplicate)}.`;
    throw conflict(message, { [input.kind === 'card' ? 'cardNumber' : 'accountNumber']: message });
  }
  const result = await runIdempotent(
    ctx.db,
    { userId: actor.userId, key, route: ADD_ROUTE, request, now: ctx.now() },
    async (trx) => {
      const now = ctx.now().toISOString();
      const id = await repo.insertPaymentMethod(trx, {
        customerId: actor.customerId,
        kind: input.kind === 'card' ? 'card' : 'ach',
        token: method.token,
        brand: method.brand,
        last4: method.last4,
        expMonth: input.kind === 'card' ? input.expMonth : null,
        expYear: input.kind === 'card' ? input.expYear : null,
        holderName: input.holderName,
        fingerprint: method.fingerprint,
        now,
      });
      await auditCustomerWrite(
        trx,
        actor,
        now,
        'payment-method.add',
        id,
        { brand: method.brand, last4: method.last4 },
        changesBetween(null, { 'Payment method': `${method.brand} ending in ${method.last4}` }),
      );
      return { statusCode: 201, body: { PaymentMethodID: id } };
    },
  );
  return { statusCode: result.statusCode, method: await oneMethod(ctx, actor, result.body.PaymentMethodID) };
}

export async function deletePaymentMethod(ctx: AppContext, actor: CustomerActor, paymentMethodId: number) {
  const row = await repo.findPaymentMethod(ctx.db, paymentMethodId);
  assertOwned(actor, row, 'payment method');
  if (row.deleted_at !== null) throw new HttpError(404, 'not_found', 'That payment method was already removed.');
  await ctx.db.transaction().execute(async (trx) => {
    const locations = (await repo.mailingLocationsOf(trx, actor.customerId)).filter(
      (l) => l.autopay_payment_method_id === paymentMethodId,
    );
    if (locations.length > 0) {
      const where = locations.map(fullAddress).join('; ');
      throw conflict(
        ctx.config.billing.requireAutopay
          ? `${methodLabel(row)} pays ${where} automatically. Choose another autopay payment method first.`
          : `${methodLabel(row)} pays ${where} automatically. Choose another autopay payment method or turn autopay off first.`,
      );
    }
    const active = await repo.activePaymentMethodsOf(trx, actor.customerId, ctx.dialect === 'postgres');
    if (ctx.config.billing.keepLastPaymentMethod && active.length <= 1) {
      throw conflict('Your provider asks that you keep at least one payment method on file. Add another one first.');
    }
    const now = ctx.now().toISOString();
    await repo.markPaymentMethodDeleted(trx, paymentMethodId, now);
    await auditCustomerWrite(
      trx,
      actor,
      now,
      'payment-method.delete',
      paymentMethodId,
      { brand: row.brand, last4: row.last4 },
      changesBetween({ 'Payment method': methodLabel(row) }, { 'Payment method': null }),
    );
  });
}

// ---- autopay ---------------------------------------------------------------------------------------------------

export async function viewAutopay(ctx: AppContext, actor: CustomerActor): Promise<Autopay> {
  const [locations, methods] = await Promise.all([
    repo.mailingLocationsOf(ctx.db, actor.customerId),
    listPaymentMethods(ctx, actor),
  ]);
  const byId = new Map(methods.map((m) => [m.PaymentMethodID, m]));
  return {
    requireAutopay: ctx.config.billing.requireAutopay,
    locations: locations.map((l) => ({
      MailingLocationID: l.id,
      fullAddress: fullAddress(l),
      paymentMethod: l.autopay_payment_method_id === null ? null : (byId.get(l.autopay_payment_method_id) ?? null),
    })),
  };
}

/** Autopay as a timeline shows it: off, or the method it charges ("Visa ending in 4242"). */
async function autopayShown(db: Queryable, methodId: number | null): Promise<string> {
  const method = methodId === null ? undefined : await repo.findPaymentMethod(db, methodId);
  return method ? methodLabel(method) : 'Off';
}

/** activatePaymentMethod (nPaymentID, nLocationID): autopay at a mailing location with this method. */
export async function activateAutopay(
  ctx: AppContext,
  actor: CustomerActor,
  mailingLocationId: number,
  paymentMethodId: number,
): Promise<Autopay> {
  const location = await repo.findMailingLocation(ctx.db, mailingLocationId);
  assertOwned(actor, location, 'mailing location');
  const method = await repo.findPaymentMethod(ctx.db, paymentMethodId);
  assertOwned(actor, method, 'payment method');
  if (method.deleted_at !== null) {
    throw badRequest('That payment method was removed.', { PaymentMethodID: 'Choose a saved payment method.' });
  }
  if (methodExpired(method, ctx.now())) {
    throw badRequest('That card has expired.', { PaymentMethodID: 'This card has expired. Choose another one.' });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setAutopay(trx, mailingLocationId, paymentMethodId);
    const before = await autopayShown(trx, location.autopay_payment_method_id);
    await auditCustomerWrite(
      trx,
      actor,
      ctx.now().toISOString(),
      'autopay.activate',
      mailingLocationId,
      { paymentMethodId },
      changesBetween({ Autopay: before }, { Autopay: methodLabel(method) }),
    );
  });
  return viewAutopay(ctx, actor);
}

export async function deactivateAutopay(ctx: AppContext, actor: CustomerActor, mailingLocationId: number) {
  const location = await repo.findMailingLocation(ctx.db, mailingLocationId);
  assertOwned(actor, location, 'mailing location');
  if (ctx.config.billing.requireAutopay) {
    throw conflict(
      'Your provider requires automatic payments, so autopay cannot be turned off. You can choose another payment method for it.',
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setAutopay(trx, mailingLocationId, null);
    const before = await autopayShown(trx, location.autopay_payment_method_id);
    await auditCustomerWrite(
      trx,
      actor,
      ctx.now().toISOString(),
      'autopay.deactivate',
      mailingLocationId,
      { paymentMethodId: location.autopay_payment_method_id },
      changesBetween({ Autopay: before }, { Autopay: 'Off' }),
    );
  });
  return viewAutopay(ctx, actor);
}
