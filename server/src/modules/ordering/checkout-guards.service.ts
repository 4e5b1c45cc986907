/**
 * Checkout's guards (issue 25, findings 2 and 7): what a checkout may open, and when it stops taking cards.
 *
 * - **Open orders.** One order in progress per service location (each order takes an install slot and starts its own
 *   survey → drop → splice → install chain), as the change of packages already required; at most
 *   `ORDER_MAX_OPEN_PER_ACCOUNT` orders in progress per account and `ORDER_MAX_OPEN_PER_CARD` per card fingerprint
 *   (a new account each time still pays with a card). Checked before the card is charged and again inside the
 *   order's transaction, where one account's orders queue on a lock (checkout-guards.repository.ts `lockAccount`).
 * - **Declined cards.** Each decline is counted per checkout (the cart), per account (a new account's email), per
 *   card fingerprint and per client address within `CHECKOUT_DECLINE_WINDOW_SECONDS`. At a limit, checkout takes no
 *   card there until the window has passed (429 with a plain message) and sales staff are told once, by mail and in
 *   the audit log. Counted in the database, so the limits hold across instances.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { audit } from '../../lib/audit.js';
import { HttpError, tooManyRequests } from '../../lib/errors.js';
import * as repo from './checkout-guards.repository.js';

export type { AddressKey, DeclineKeys } from './checkout-guards.repository.js';

type Q = Kysely<Database> | Transaction<Database>;
type Scope = keyof AppContext['config']['checkoutGuards']['maxDeclines'];
const SCOPES: readonly Scope[] = ['checkout', 'account', 'card', 'address'];

const SCOPE_WORDS: Record<Scope, string> = {
  checkout: 'this checkout',
  account: 'this account',
  card: 'this card',
  address: 'this client address',
};

export interface NewOrder {
  /** The ordering account, or null for a new account. */
  customerId: string | null;
  address: repo.AddressKey;
  fingerprint: string | null;
}

/** Refuses (409) an order where the account has one in progress, or past the open orders an account or card may have. */
export async function assertMayOpenOrder(ctx: AppContext, db: Q, order: NewOrder): Promise<void> {
  const limits = ctx.config.checkoutGuards;
  const phone = ctx.config.shell.supportPhone;
  if (order.customerId !== null) {
    const open = await repo.openOrderOfAccountAt(db, order.customerId, order.address);
    if (open) {
      const message = `Order ${open.id} for this address is still in progress. Follow it, or change or cancel it, under Orders instead of ordering again.`;
      throw new HttpError(409, 'order_in_progress', message, { cartId: message });
    }
    const n = await repo.openOrdersOfAccount(db, order.customerId);
    if (n >= limits.maxOpenOrdersPerAccount) {
      const message = `This account has ${n} orders in progress, the most it may have at once. Order again when one is installed, or call us at ${phone}.`;
      throw new HttpError(409, 'too_many_open_orders', message, { cartId: message });
    }
  }
  if (order.fingerprint !== null) {
    const n = await repo.openOrdersOfCard(db, order.fingerprint);
    if (n >= limits.maxOpenOrdersPerCard) {
      const message = `This card already pays for ${n} orders in progress, the most one card may. Use another card, or call us at ${phone}.`;
      throw new HttpError(409, 'too_many_open_orders', message, { payment: message });
    }
  }
}

/** Inside the order's transaction: waits for the account's other checkouts, then checks again. */
export async function reassertMayOpenOrder(ctx: AppContext, trx: Transaction<Database>, order: NewOrder) {
  if (order.customerId !== null) await repo.lockAccount(trx, ctx.dialect, order.customerId);
  await assertMayOpenOrder(ctx, trx, order);
}

/** The card of the order that `orderId` is (kept for the per-card cap). */
export async function recordOrderCard(trx: Transaction<Database>, orderId: number, fingerprint: string | null) {
  await repo.setOrderCard(trx, orderId, fingerprint);
}

const sinceOf = (ctx: AppContext) =>
  new Date(ctx.now().getTime() - ctx.config.checkoutGuards.declineWindowSeconds * 1000).toISOString();

/** Refuses (429) a card while this checkout, account, card or client address is past its declines. */
export async function assertCardsAccepted(ctx: AppContext, keys: repo.DeclineKeys): Promise<void> {
  const { maxDeclines, declineWindowSeconds } = ctx.config.checkoutGuards;
  const counts = await repo.declinesSince(ctx.db, keys, sinceOf(ctx));
  if (SCOPES.some((s) => counts[s] >= maxDeclines[s])) {
    throw tooManyRequests(
      `Several cards were declined here, so for your security we are not taking cards for this order for the next hour. Please call us at ${ctx.config.shell.supportPhone} and we will help you place it.`,
      declineWindowSeconds,
    );
  }
}

/**
 * Counts a declined card (committed at once, whatever happens next). The decline that reaches a limit tells sales
 * staff: an audit entry and a mail to SALES_ALERT_EMAIL, once per limit reached.
 */
export async function recordDecline(
  ctx: AppContext,
  keys: repo.DeclineKeys,
  charge: { amountCents: number; message: string; last4: string },
): Promise<void> {
  const now = ctx.now().toISOString();
  await repo.insertDecline(ctx.db, keys, { amountCents: charge.amountCents, message: charge.message, now });
  const { maxDeclines, salesAlertEmail } = ctx.config.checkoutGuards;
  const counts = await repo.declinesSince(ctx.db, keys, sinceOf(ctx));
  const reached = SCOPES.filter((s) => counts[s] === maxDeclines[s]);
  if (reached.length === 0) return;
  const detail = {
    reached,
    cartId: `${keys.cartId.slice(0, 6)}…`,
    account: keys.accountKey,
    cardLast4: charge.last4,
    clientAddress: keys.clientAddress,
  };
  await audit(ctx.db, { at: now, userId: null, employeeId: null, action: 'checkout.cards-paused', detail });
  ctx.log.warn({ ...detail }, 'checkout: cards paused after declines');
  const what = reached.map((s) => SCOPE_WORDS[s]).join(', ');
  await ctx.mailer
    .send({
      to: salesAlertEmail,
      subject: `${ctx.config.shell.providerName}: checkout stopped taking cards (${what})`,
      text: [
        `Checkout stopped taking cards for ${what} after ${reached.map((s) => maxDeclines[s]).join('/')} declined cards within the hour: this may be someone trying stolen cards.`,
        '',
        `Account: ${keys.accountKey}`,
        `Last card tried: ending ${charge.last4}`,
        `Client address: ${keys.clientAddress ?? 'staff checkout'}`,
        `Latest decline: ${charge.message}`,
        '',
        'If it is a real customer, call them back and place the order from the staff desk.',
      ].join('\n'),
    })
    .catch((err) => ctx.log.error({ err }, 'sales alert mail failed'));
}

/** Housekeeping: declines are kept for the retention period. */
export function pruneCheckoutDeclines(ctx: AppContext, before: string): Promise<number> {
  return repo.pruneDeclines(ctx.db, before);
}
