/**
 * The automated checkout (issue 12 step 3) of a new customer (public), a signed-in customer and staff (sales, on the
 * customer's behalf): one function, the three routes call it with their Buyer.
 *
 * Why nothing is half-created: every check (address served, packages sold there, prices the browser
 * showed, the window's room, the email code, the user name, the password policy) runs first; then the card is
 * charged once under a gateway key derived from the Idempotency-Key; only a succeeded charge opens the one
 * transaction that creates the account, its locations and first user, the payment, the order (orders.placeOrder)
 * and the stored answer. A declined card or a gateway that does not answer stores nothing; a retry with the same key
 * replays the stored answer, or charges under the same gateway key (the gateway returns the first charge) and tries
 * the transaction again. A charge whose transaction can never succeed (someone took the user name between the check
 * and the write) is audited as `ordering.checkout.unplaced-charge` and queued for its automatic refund
 * (unplaced-charges.service.ts).
 */
import { createHash, randomInt } from 'node:crypto';
import { availabilityOf, type CheckoutInput, cardDigits, formatCents, isCustomerAccount } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, HttpError } from '../../lib/errors.js';
import { assertSameRequest, requestHashOf } from '../../lib/idempotency.js';
import { assertPasswordAllowed } from '../../lib/passwords.js';
import {
  chargeOrder,
  type OrderPaymentSource,
  savedOrderMethod,
  tokenizeOrderCard,
} from '../billing/order-payments.service.js';
import { priceLines } from '../orders/orders.service.js';
import { type CartPlace, idsOf, loadCart, windowsFor } from './cart.service.js';
import * as checkoutRepo from './checkout.repository.js';
import { type Buyer, CHECKOUT_ROUTE, type CheckoutAnswer, idempotencyUserOf, newHolderOf } from './checkout-buyer.js';
import {
  type AddressKey,
  assertCardsAccepted,
  assertMayOpenOrder,
  type DeclineKeys,
  type NewOrder,
  recordDecline,
} from './checkout-guards.service.js';
import {
  CHARGE_REFUNDED,
  chargeRefunded,
  runCheckoutTransaction,
  sendConfirmation,
} from './checkout-transaction.service.js';
import { checkEmailCode } from './email-codes.service.js';
import { assertPackagesAllowed, cartProblem, mayOrderIn } from './ordering.policy.js';
import * as unplacedRepo from './unplaced-charges.repository.js';
import { recordUnplacedCharge } from './unplaced-charges.service.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The answer stored under this Idempotency-Key (lib/idempotency.ts's table). A new customer's answer is stored under
 * the user the checkout created (its user name is in the body), so a replay finds it by that name.
 */
async function storedCheckout(ctx: AppContext, buyer: Buyer, key: string) {
  if (buyer.kind !== 'new') return checkoutRepo.storedAnswer(ctx.db, idempotencyUserOf(buyer), key);
  const userId = await checkoutRepo.userIdByName(ctx.db, buyer.account.username);
  return userId === null ? undefined : checkoutRepo.storedAnswer(ctx.db, userId, key);
}

/**
 * What a retry with the same Idempotency-Key must repeat, kept as a hash: the card only by its last four, never the
 * CVC, the password or the emailed code.
 */
function checkoutRequestOf(buyer: Buyer, input: CheckoutInput) {
  const payment =
    input.payment.kind === 'card'
      ? { ...input.payment, cardNumber: (cardDigits(input.payment.cardNumber) ?? '').slice(-4), cvc: undefined }
      : input.payment;
  const holder = newHolderOf(buyer);
  return {
    ...input,
    payment,
    holder: holder && { ...holder, password: undefined, emailCode: undefined },
    customerId: buyer.kind === 'staff' ? buyer.customerId : null,
  };
}

/** The service address of a cart, as its location is written (checkout's open-order guard). */
const addressKeyOf = (p: CartPlace): AddressKey => ({
  address: `${p.standard.number} ${p.standard.street}`,
  address2: p.standard.unit === '' ? null : p.standard.unit,
  zip: p.standard.zip,
});

function newCustomerId(type: 'Residential' | 'Business'): string {
  const prefix = type === 'Business' ? '3000' : '2000';
  const n = randomInt(90_000_000, 100_000_000);
  return `${prefix}-${String(Math.floor(n / 10_000)).padStart(4, '0')}-${String(n % 10_000).padStart(4, '0')}`;
}

/**
 * A new account, the customer's own (public checkout) or the one staff open on the phone: it pays with a new card,
 * and gets an account number no customer has.
 */
async function newAccountId(
  ctx: AppContext,
  type: 'Residential' | 'Business',
  payment: CheckoutInput['payment'],
): Promise<string> {
  if (payment.kind !== 'card') {
    const message = 'A new account pays with a card.';
    throw badRequest(message, { payment: message });
  }
  let id = newCustomerId(type);
  while (await checkoutRepo.customerExists(ctx.db, id)) id = newCustomerId(type);
  return id;
}

/** Checkouts in progress on this instance, per Idempotency-Key: a second click waits for the first one's answer. */
const inFlight = new Map<string, Promise<unknown>>();

export async function checkout(
  ctx: AppContext,
  buyer: Buyer,
  input: CheckoutInput,
  key: string | undefined,
): Promise<CheckoutAnswer> {
  const slot = `${idempotencyUserOf(buyer)}:${key ?? ''}`;
  const before = key ? inFlight.get(slot) : undefined;
  if (before) await before.catch(() => undefined);
  const run = checkoutOnce(ctx, buyer, input, key);
  if (key) inFlight.set(slot, run);
  try {
    return await run;
  } finally {
    if (inFlight.get(slot) === run) inFlight.delete(slot);
  }
}

async function checkoutOnce(
  ctx: AppContext,
  buyer: Buyer,
  input: CheckoutInput,
  key: string | undefined,
): Promise<CheckoutAnswer> {
  if (!key) {
    throw badRequest('Placing an order needs an Idempotency-Key header, so that a double click orders once.', {
      'Idempotency-Key': 'Required (a UUID is fine).',
    });
  }
  const idemUser = idempotencyUserOf(buyer);
  const requestHash = requestHashOf(checkoutRequestOf(buyer, input));
  const earlier = await storedCheckout(ctx, buyer, key);
  if (earlier) {
    assertSameRequest(earlier, CHECKOUT_ROUTE, requestHash);
    return { statusCode: earlier.status_code, body: JSON.parse(earlier.response), replayed: true };
  }

  // 1. The cart, its address and what the area sells now.
  const p = await loadCart(ctx, input.cartId);
  if (!mayOrderIn(p.kind)) {
    const message = `Fiber cannot be ordered at ${p.standard.line} (${availabilityOf(p.kind).replace('_', ' ')}).`;
    throw badRequest(message, { cartId: message });
  }
  const ids = idsOf(p.cart.package_ids);
  assertPackagesAllowed(ids, p.allowed, p.all, 'cartId');
  const lines = ids.flatMap((id) => p.allowed.filter((a) => a.id === id));
  const problem = cartProblem(lines);
  if (problem) throw badRequest(problem, { cartId: problem });

  // 2. Prices, recomputed: never charge a total the buyer was not shown.
  const { monthlyCents, oneTimeCents } = await priceLines(
    ctx.db,
    lines.map((l) => ({ packageId: l.id, action: 'add' as const })),
  );
  const totalCents = monthlyCents + oneTimeCents;
  if (totalCents !== input.expectedTotalCents) {
    const message = `Prices changed: the total due today is now ${formatCents(totalCents)}, not ${formatCents(
      input.expectedTotalCents,
    )}. Check your cart and place the order again.`;
    throw new HttpError(409, 'prices_changed', message, { expectedTotalCents: message });
  }

  // 3. The install window still has room.
  const windows = await windowsFor(ctx, p);
  const day = windows.days.find((d) => d.date === input.installDate);
  if (!day) {
    const message = `Choose an install day from ${windows.earliest} on (Monday to Friday, as offered).`;
    throw badRequest(message, { installDate: message });
  }
  const window = day.windows.find((w) => w.window === input.installWindow);
  if (!window || window.free <= 0) {
    const message = `The ${input.installWindow} window on ${input.installDate} is full now. Choose another one.`;
    throw conflict(message, { installWindow: message });
  }

  // 4. Who orders: a new account's checks, or the existing account.
  let customerId: string;
  let emailCodeId: number | null = null;
  if (buyer.kind === 'new') {
    const a = buyer.account;
    if (await checkoutRepo.usernameTaken(ctx.db, a.username)) {
      const message = `The username ${a.username} is taken. Choose another one.`;
      throw conflict(message, { 'account.username': message });
    }
    assertPasswordAllowed(a.password, a.username, 'account.password');
    customerId = await newAccountId(ctx, a.customerType, input.payment);
    emailCodeId = await checkEmailCode(ctx, a.email, a.emailCode);
  } else if (buyer.kind === 'customer') {
    customerId = buyer.actor.customerId;
  } else if (buyer.newCustomer) {
    customerId = await newAccountId(ctx, buyer.newCustomer.customerType, input.payment);
  } else {
    const customer = buyer.customerId === null ? undefined : await checkoutRepo.findCustomer(ctx.db, buyer.customerId);
    if (!customer || !isCustomerAccount(customer.customer_type)) {
      const message = `No customer account ${buyer.customerId}.`;
      throw new HttpError(404, 'not_found', message, { vcCustomerID: message });
    }
    customerId = customer.id;
  }

  // 5. The payment: one charge per Idempotency-Key; none while declines here are past their limits, and none for an
  // order that may not be opened (one in progress at the address, or the account's or card's open orders).
  const holder = newHolderOf(buyer);
  const declineKeys: DeclineKeys = {
    cartId: p.cart.id,
    accountKey: holder ? `email:${holder.email.toLowerCase()}` : customerId,
    fingerprint: null,
    clientAddress: buyer.kind === 'staff' ? null : buyer.clientAddress,
  };
  await assertCardsAccepted(ctx, declineKeys);
  const source: OrderPaymentSource =
    input.payment.kind === 'card'
      ? await tokenizeOrderCard(ctx, input.payment)
      : await savedOrderMethod(ctx, customerId, input.payment.paymentMethodId);
  declineKeys.fingerprint = source.fingerprint;
  await assertCardsAccepted(ctx, declineKeys);
  const newOrder: NewOrder = {
    customerId: holder ? null : customerId,
    address: addressKeyOf(p),
    fingerprint: source.fingerprint,
  };
  await assertMayOpenOrder(ctx, ctx.db, newOrder);
  const gatewayKey = `order-${sha256(`${idemUser}:${key}`).slice(0, 32)}`;
  const { reference } = await chargeOrder(ctx, source, {
    amountCents: totalCents,
    gatewayKey,
    description: `First month and install at ${p.standard.line}`,
  }).catch(async (err) => {
    if (err instanceof HttpError && err.code === 'payment_declined') {
      await recordDecline(ctx, declineKeys, { amountCents: totalCents, message: err.message, last4: source.last4 });
    }
    throw err;
  });

  // A retry whose charge was refunded meanwhile (its first attempt failed) must not place the order on it.
  const queued = await unplacedRepo.findUnplacedCharge(ctx.db, reference);
  if (queued && queued.status !== 'pending' && queued.status !== 'placed') throw chargeRefunded();

  // 6. One transaction: account, locations, payment, order, stored answer.
  try {
    const result = await runCheckoutTransaction(ctx, {
      buyer,
      input,
      key,
      requestHash,
      newOrder,
      idemUser,
      p,
      lines,
      customerId,
      emailCodeId,
      source,
      reference,
      totalCents,
      monthlyCents,
      oneTimeCents,
    });
    await sendConfirmation(ctx, buyer, result.body);
    return result;
  } catch (err) {
    const stored = await storedCheckout(ctx, buyer, key).catch(() => undefined);
    if (stored) {
      assertSameRequest(stored, CHECKOUT_ROUTE, requestHash);
      return { statusCode: stored.status_code, body: JSON.parse(stored.response), replayed: true };
    }
    if (err instanceof HttpError && err.code === CHARGE_REFUNDED) throw err;
    // Queued for its refund (unplaced-charges.service.ts: the job gives a retry the grace period first).
    await recordUnplacedCharge(ctx, {
      reference,
      gatewayKey,
      amountCents: totalCents,
      email: newHolderOf(buyer)?.email ?? null,
      customerId,
      userId: buyer.kind === 'new' ? null : idemUser,
      employeeId: buyer.kind === 'staff' ? buyer.employeeId : null,
      error: (err as Error).message,
    });
    ctx.log.error({ err, reference, gatewayKey }, 'checkout charged but the order was not placed');
    throw err;
  }
}
