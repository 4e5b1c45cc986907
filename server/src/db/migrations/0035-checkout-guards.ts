/**
 * Checkout guards (issue 25, findings 2 and 7, and the LOW on reused Idempotency-Keys):
 * - `idempotency_keys.request_hash`: the hash of the request a key was first used with; the same key with another
 *   body is refused (422) instead of replaying the first answer.
 * - `sales_orders.card_fingerprint`: the gateway's fingerprint of the card that paid an order, so open orders are
 *   capped per card (`sales_orders_card_open_idx`).
 * - `checkout_declines`: one row per declined card at checkout, counted per checkout (cart), account (or the new
 *   account's email), card fingerprint and client address within a window; past a small number cards are paused.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn, index } = kit;
  await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
  await db.schema.alterTable('sales_orders').addColumn('card_fingerprint', 'text').execute();
  await index('sales_orders_card_open_idx', 'sales_orders', ['card_fingerprint', 'status']);

  await id(db.schema.createTable('checkout_declines'))
    .addColumn('created_at', 'text', nn)
    .addColumn('cart_id', 'text', nn)
    .addColumn('account_key', 'text', nn)
    .addColumn('fingerprint', 'text')
    .addColumn('client_address', 'text')
    .addColumn('amount_cents', 'integer', nn)
    .addColumn('message', 'text', nn)
    .execute();
  await index('checkout_declines_cart_idx', 'checkout_declines', ['cart_id', 'created_at']);
  await index('checkout_declines_account_idx', 'checkout_declines', ['account_key', 'created_at']);
  await index('checkout_declines_card_idx', 'checkout_declines', ['fingerprint', 'created_at']);
  await index('checkout_declines_address_idx', 'checkout_declines', ['client_address', 'created_at']);
  await index('checkout_declines_created_idx', 'checkout_declines', ['created_at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropTable('checkout_declines').execute();
  await db.schema.dropIndex('sales_orders_card_open_idx').execute();
  await db.schema.alterTable('sales_orders').dropColumn('card_fingerprint').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('request_hash').execute();
}
