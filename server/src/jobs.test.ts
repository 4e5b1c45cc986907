import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOldRecords } from './jobs.js';
import { createTestApp, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RETENTION_DAYS: '30', ORDERING_CHECK_RETENTION_DAYS: '30' });
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('housekeeping (pruneOldRecords)', () => {
  it('deletes what is older than RETENTION_DAYS from every table that grows forever, and keeps the rest', async () => {
    const db = t.db.db;
    const now = t.clock.now.getTime();
    const old = new Date(now - 31 * DAY).toISOString();
    const recent = new Date(now - 29 * DAY).toISOString();
    const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const [at, tag] of [
      [old, 'old'],
      [recent, 'recent'],
    ] as const) {
      await db
        .insertInto('login_failures')
        .values({ username_key: `prune-${tag}`, ip: '192.0.2.1', failed_at: at })
        .execute();
      await db
        .insertInto('idempotency_keys')
        .values({ user_id: user.id, key: `prune-${tag}`, route: 'x', status_code: 201, response: '{}', created_at: at })
        .execute();
      await db
        .insertInto('password_resets')
        .values({ user_id: user.id, token_hash: `prune-${tag}`, created_at: at, expires_at: at })
        .execute();
      await db
        .insertInto('email_changes')
        .values({
          user_id: user.id,
          new_email: `${tag}@example.test`,
          token_hash: `prune-${tag}`,
          requested_by: null,
          created_at: at,
          expires_at: at,
        })
        .execute();
      await db
        .insertInto('mail_requests')
        .values({ kind: 'password-reset', identifier: `prune-${tag}`, requested_at: at, processed_at: at })
        .execute();
      await db
        .insertInto('checkout_declines')
        .values({
          created_at: at,
          cart_id: `prune-${tag}`,
          account_key: 'email:prune@example.test',
          fingerprint: null,
          client_address: '192.0.2.1',
          amount_cents: 100,
          message: 'The card was declined.',
        })
        .execute();
      // Ordering's visitors (the next test looks at what is kept there).
      await db
        .insertInto('checkout_email_codes')
        .values({ email: `every-${tag}@example.test`, code_hash: tag, created_at: at, expires_at: at, used_at: null })
        .execute();
      await db
        .insertInto('temp_service_locations')
        .values({
          address_key: `EVERY-${tag}`,
          number: '1',
          street: 'EVERY',
          city: 'Columbia',
          state: 'MO',
          zip: '65202',
          county: null,
          latitude: null,
          longitude: null,
          precision: null,
          created_at: at,
          confirmed_at: null,
          confirmed_by_employee_id: null,
          address_id: null,
        })
        .execute();
      const check = await db
        .insertInto('availability_checks')
        .values({
          public_id: `every-${tag}`,
          at,
          address_id: null,
          temp_location_id: null,
          query: 'x',
          status: 'unknown',
          area_kind: 'outside',
          order_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('carts')
        .values({
          id: `every-${tag}`,
          check_id: check.id,
          address_id: null,
          temp_location_id: null,
          created_at: at,
          updated_at: at,
          order_id: null,
        })
        .execute();
    }

    const pruned = await pruneOldRecords(t.ctx);
    expect(pruned).toMatchObject({
      loginFailures: expect.any(Number),
      idempotencyKeys: expect.any(Number),
      passwordResets: expect.any(Number),
      emailChanges: expect.any(Number),
      mailRequests: expect.any(Number),
    });
    for (const n of Object.values(pruned)) expect(n).toBeGreaterThanOrEqual(1);

    const left = {
      loginFailures: await db
        .selectFrom('login_failures')
        .select('username_key as k')
        .where('username_key', 'like', 'prune-%')
        .execute(),
      idempotencyKeys: await db
        .selectFrom('idempotency_keys')
        .select('key as k')
        .where('key', 'like', 'prune-%')
        .execute(),
      passwordResets: await db
        .selectFrom('password_resets')
        .select('token_hash as k')
        .where('token_hash', 'like', 'prune-%')
        .execute(),
      emailChanges: await db
        .selectFrom('email_changes')
        .select('token_hash as k')
        .where('token_hash', 'like', 'prune-%')
        .execute(),
      mailRequests: await db
        .selectFrom('mail_requests')
        .select('identifier as k')
        .where('identifier', 'like', 'prune-%')
        .execute(),
      checkoutDeclines: await db
        .selectFrom('checkout_declines')
        .select('cart_id as k')
        .where('cart_id', 'like', 'prune-%')
        .execute(),
    };
    for (const rows of Object.values(left)) expect(rows.map((r) => r.k)).toEqual(['prune-recent']);
  });

  it('keeps availability checks and carts the conversion report counts for ORDERING_CHECK_RETENTION_DAYS', async () => {
    const keeping = await createTestApp({ RETENTION_DAYS: '30' });
    try {
      const at = new Date(keeping.clock.now.getTime() - 90 * DAY).toISOString();
      await keeping.db.db
        .insertInto('availability_checks')
        .values({
          public_id: 'kept-for-report',
          at,
          address_id: null,
          temp_location_id: null,
          query: 'x',
          status: 'unknown',
          area_kind: 'outside',
          order_id: null,
        })
        .execute();
      await pruneOldRecords(keeping.ctx);
      const kept = await keeping.db.db
        .selectFrom('availability_checks')
        .select('public_id')
        .where('public_id', '=', 'kept-for-report')
        .execute();
      expect(kept).toHaveLength(1);
    } finally {
      await keeping.close();
    }
  });

  it('deletes what ordering visitors left that never led to a lead or an order, and keeps what did', async () => {
    const db = t.db.db;
    const now = t.clock.now.getTime();
    const old = new Date(now - 31 * DAY).toISOString();
    const recent = new Date(now - 29 * DAY).toISOString();
    const order = await db.selectFrom('sales_orders').select('id').orderBy('id').executeTakeFirstOrThrow();
    const temp = async (tag: string, at: string, status = 'unconfirmed') =>
      (
        await db
          .insertInto('temp_service_locations')
          .values({
            address_key: `PRUNE-${tag}`,
            number: '1',
            street: `PRUNE ${tag}`,
            unit: '',
            city: 'Columbia',
            state: 'MO',
            zip: '65202',
            county: 'Boone',
            latitude: null,
            longitude: null,
            precision: null,
            status,
            created_at: at,
            confirmed_at: null,
            confirmed_by_employee_id: null,
            address_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const check = async (tag: string, at: string, tempId: number | null, orderId: number | null = null) =>
      (
        await db
          .insertInto('availability_checks')
          .values({
            public_id: `prune-check-${tag}`,
            at,
            address_id: null,
            temp_location_id: tempId,
            query: `1 Prune ${tag}`,
            status: tempId === null ? 'unknown' : 'temporary',
            area_kind: 'outside',
            order_id: orderId,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const cart = async (tag: string, at: string, checkId: number, tempId: number | null, orderId: number | null) =>
      db
        .insertInto('carts')
        .values({
          id: `prune-cart-${tag}`,
          check_id: checkId,
          address_id: null,
          temp_location_id: tempId,
          created_at: at,
          updated_at: at,
          order_id: orderId,
        })
        .execute();
    const lead = async (tag: string, at: string, checkId: number, key: string) =>
      db
        .insertInto('availability_leads')
        .values({
          created_at: at,
          check_id: checkId,
          email: `${tag}@example.test`,
          name: '',
          kind: 'notify',
          area_kind: 'outside',
          address_key: key,
          notified_at: null,
        })
        .execute();
    const code = async (tag: string, at: string) =>
      db
        .insertInto('checkout_email_codes')
        .values({ email: `prune-${tag}@example.test`, code_hash: tag, created_at: at, expires_at: at, used_at: null })
        .execute();

    // Junk: an old temporary location with an old check and an old cart, nothing more; an old check alone.
    const junkTemp = await temp('junk', old);
    await cart('junk', old, await check('junk', old, junkTemp), junkTemp, null);
    await check('alone', old, null);
    await code('old', old);
    // Kept: recent ones; an old check with a lead (and its temporary location); an old ordered cart and its check;
    // an old check with an order; a temporary location staff confirmed.
    const recentTemp = await temp('recent', recent);
    await cart('recent', recent, await check('recent', recent, recentTemp), recentTemp, null);
    await code('recent', recent);
    const leadTemp = await temp('lead', old);
    await lead('prune-lead', old, await check('lead', old, leadTemp), 'PRUNE-lead');
    const orderedTemp = await temp('ordered', old);
    await cart('ordered', old, await check('ordered-cart', old, orderedTemp), orderedTemp, order.id);
    await check('ordered', old, null, order.id);
    await temp('confirmed', old, 'confirmed');

    const pruned = await pruneOldRecords(t.ctx);
    expect(pruned.tempLocations).toBeGreaterThanOrEqual(1);
    expect(pruned.availabilityChecks).toBeGreaterThanOrEqual(2);
    expect(pruned.carts).toBeGreaterThanOrEqual(1);
    expect(pruned.checkoutEmailCodes).toBeGreaterThanOrEqual(1);

    const left = async (table: 'availability_checks' | 'carts', column: 'public_id' | 'id', prefix: string) =>
      (await db.selectFrom(table).select(`${column} as k`).where(column, 'like', `${prefix}%`).execute())
        .map((r) => r.k)
        .sort();
    expect(await left('availability_checks', 'public_id', 'prune-check-')).toEqual(
      ['prune-check-lead', 'prune-check-ordered', 'prune-check-ordered-cart', 'prune-check-recent'].sort(),
    );
    expect(await left('carts', 'id', 'prune-cart-')).toEqual(['prune-cart-ordered', 'prune-cart-recent']);
    const temps = await db
      .selectFrom('temp_service_locations')
      .select('address_key as k')
      .where('address_key', 'like', 'PRUNE-%')
      .execute();
    expect(temps.map((r) => r.k).sort()).toEqual(['PRUNE-confirmed', 'PRUNE-lead', 'PRUNE-ordered', 'PRUNE-recent']);
    const codes = await db
      .selectFrom('checkout_email_codes')
      .select('email as k')
      .where('email', 'like', 'prune-%')
      .execute();
    expect(codes.map((r) => r.k)).toEqual(['prune-recent@example.test']);
  });

  it('keeps failed sign-ins for the whole window the limits count them in', async () => {
    const short = await createTestApp({ RETENTION_DAYS: '1', LOGIN_FAILURE_WINDOW_SECONDS: String(3 * 86_400) });
    try {
      const at = new Date(short.clock.now.getTime() - 2 * DAY).toISOString();
      await short.db.db
        .insertInto('login_failures')
        .values({ username_key: 'in-window', ip: '192.0.2.2', failed_at: at })
        .execute();
      await pruneOldRecords(short.ctx);
      const row = await short.db.db
        .selectFrom('login_failures')
        .select('id')
        .where('username_key', '=', 'in-window')
        .executeTakeFirst();
      expect(row).toBeDefined();
    } finally {
      await short.close();
    }
  });
});
