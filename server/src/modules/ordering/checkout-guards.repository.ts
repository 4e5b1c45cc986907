/** The queries of checkout's guards (checkout-guards.service.ts): open orders and declined cards. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database> | Transaction<Database>;

/** An order still in progress: neither installed nor cancelled. */
const SETTLED = ['installed', 'cancelled'];

export interface AddressKey {
  address: string;
  address2: string | null;
  zip: string;
}

/** The account's order in progress at this address (its service location there), if any. */
export function openOrderOfAccountAt(db: Q, customerId: string, a: AddressKey) {
  let q = db
    .selectFrom('sales_orders as o')
    .innerJoin('service_locations as l', 'l.id', 'o.service_location_id')
    .select('o.id')
    .where('o.customer_id', '=', customerId)
    .where('o.status', 'not in', SETTLED)
    .where('l.zip', '=', a.zip)
    .where(sql<string>`upper(l.address)`, '=', a.address.toUpperCase());
  q = a.address2 === null ? q.where('l.address2', 'is', null) : q.where('l.address2', '=', a.address2);
  return q.orderBy('o.id').executeTakeFirst();
}

export async function openOrdersOfAccount(db: Q, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('sales_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('status', 'not in', SETTLED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function openOrdersOfCard(db: Q, fingerprint: string): Promise<number> {
  const row = await db
    .selectFrom('sales_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('card_fingerprint', '=', fingerprint)
    .where('status', 'not in', SETTLED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Inside the order's transaction: an account's orders queue here on PostgreSQL (a transaction-scoped advisory lock
 * on the account), so two checkouts at once cannot both find room. SQLite runs one writer at a time.
 */
export async function lockAccount(trx: Transaction<Database>, dialect: DialectName, customerId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  const key = `order-account|${customerId}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 25))`.execute(trx);
}

export function setOrderCard(db: Q, orderId: number, fingerprint: string | null) {
  return db.updateTable('sales_orders').set({ card_fingerprint: fingerprint }).where('id', '=', orderId).execute();
}

export interface DeclineKeys {
  cartId: string;
  accountKey: string;
  fingerprint: string | null;
  clientAddress: string | null;
}

export function insertDecline(db: Q, keys: DeclineKeys, values: { amountCents: number; message: string; now: string }) {
  return db
    .insertInto('checkout_declines')
    .values({
      created_at: values.now,
      cart_id: keys.cartId,
      account_key: keys.accountKey,
      fingerprint: keys.fingerprint,
      client_address: keys.clientAddress,
      amount_cents: values.amountCents,
      message: values.message,
    })
    .execute();
}

/** Declines since `since` per key, in one statement (each count reads its own index). */
export async function declinesSince(db: Q, keys: DeclineKeys, since: string) {
  const count = (column: 'cart_id' | 'account_key' | 'fingerprint' | 'client_address', value: string | null) =>
    value === null
      ? sql<number>`0`
      : sql<number>`(select count(*) from checkout_declines where ${sql.ref(column)} = ${value} and created_at >= ${since})`;
  const { rows } = await sql<{ checkout: number; account: number; card: number; address: number }>`select
      ${count('cart_id', keys.cartId)} as checkout,
      ${count('account_key', keys.accountKey)} as account,
      ${count('fingerprint', keys.fingerprint)} as card,
      ${count('client_address', keys.clientAddress)} as address`.execute(db);
  const r = rows[0];
  return {
    checkout: Number(r?.checkout ?? 0),
    account: Number(r?.account ?? 0),
    card: Number(r?.card ?? 0),
    address: Number(r?.address ?? 0),
  };
}

/** Housekeeping: declines older than `before`. */
export async function pruneDeclines(db: Q, before: string): Promise<number> {
  const result = await db.deleteFrom('checkout_declines').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
