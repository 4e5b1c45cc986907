/**
 * A charge left without an order: the checkout charged the test card, then its transaction failed (here: the user
 * name is taken by someone else right after the charge). The charge is queued and audited; the refund job gives a
 * retry its grace period, then refunds it through the sandbox gateway once, whatever the number of rounds; a retry
 * after the refund is refused rather than placing the order on a refunded charge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newKey } from '../customer-account/customer-test-helpers.js';
import { orderingSteps } from './ordering-test-helpers.js';
import { refundUnplacedCharges, UNPLACED_CHARGE_GRACE_MINUTES } from './unplaced-charges.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Someone else takes `username` as soon as the gateway has charged (between the checkout's check and its write). */
function takeUsernameAfterCharge(username: string) {
  const gateway = t.ctx.payments;
  const charge = gateway.charge.bind(gateway);
  gateway.charge = async (request) => {
    const outcome = await charge(request);
    const now = new Date().toISOString();
    const taken = await t.db.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (!taken) {
      const someone = await t.db.db.selectFrom('users').selectAll().orderBy('id').executeTakeFirstOrThrow();
      const { id: _id, ...row } = someone;
      await t.db.db
        .insertInto('users')
        .values({ ...row, username, email: `${username}@example.net`, created_at: now })
        .execute();
    }
    return outcome;
  };
  return () => {
    gateway.charge = charge;
  };
}

const refundsOf = (reference: string) =>
  t.db.db.selectFrom('sandbox_gateway_refunds').selectAll().where('charge_id', '=', reference).execute();

describe('a charge left without an order', () => {
  it('is queued and audited, refunded once after the grace period, and a late retry is refused', async () => {
    const steps = orderingSteps(t);
    const cart = await steps.newCart();
    const body = await steps.newCustomerBody(cart);
    const key = newKey('unplaced');
    const restore = takeUsernameAfterCharge(body.account.username as string);
    const orders = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('sales_orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await orders();
    let res: Awaited<ReturnType<typeof steps.anon>>;
    try {
      res = await steps.anon('POST', '/api/ordering/checkout', body, { 'idempotency-key': key });
    } finally {
      restore();
    }
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await orders()).toBe(before);

    const queued = await t.db.db.selectFrom('unplaced_charges').selectAll().execute();
    expect(queued).toHaveLength(1);
    const row = queued[0];
    if (!row) throw new Error('not queued');
    expect(row).toMatchObject({ status: 'pending', amount_cents: cart.dueTodayCents, email: body.account.email });
    const audited = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'ordering.checkout.unplaced-charge%')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['ordering.checkout.unplaced-charge']);

    // Within the grace period nothing is refunded (a retry may still place the order on this charge).
    expect(await refundUnplacedCharges(t.ctx)).toEqual({ refunded: 0, placed: 0, refused: 0, retrying: 0 });
    expect(await refundsOf(row.gateway_reference)).toHaveLength(0);

    t.clock.advanceSeconds(UNPLACED_CHARGE_GRACE_MINUTES * 60 + 1);
    expect((await refundUnplacedCharges(t.ctx)).refunded).toBe(1);
    // A second round (or a second instance) refunds nothing more.
    expect((await refundUnplacedCharges(t.ctx)).refunded).toBe(0);
    const refunds = await refundsOf(row.gateway_reference);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount_cents).toBe(cart.dueTodayCents);
    const done = await t.db.db
      .selectFrom('unplaced_charges')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('refunded');
    expect(done.refund_reference).toBe(refunds[0]?.id);
    expect(done.refunded_at).not.toBeNull();
    const trail = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'ordering.checkout.unplaced-charge-refunded')
      .execute();
    expect(trail).toHaveLength(1);

    // The same checkout retried (the same key finds the same, now refunded, charge) is refused: no order on it. The
    // install day is picked again: past the grace period the first offered day may have moved on (a run at 23:50 UTC).
    const retry = await steps.anon(
      'POST',
      '/api/ordering/checkout',
      {
        ...body,
        ...(await steps.firstWindow(cart.cartId)),
        account: { ...body.account, username: `${body.account.username}-2` },
      },
      { 'idempotency-key': key },
    );
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json().error.code).toBe('charge_refunded');
    expect(await orders()).toBe(before);
  });

  it('is not refunded when a retry placed the order on it within the grace period', async () => {
    const steps = orderingSteps(t);
    const cart = await steps.newCart();
    const body = await steps.newCustomerBody(cart);
    const key = newKey('unplaced-retry');
    const restore = takeUsernameAfterCharge(body.account.username as string);
    try {
      const first = await steps.anon('POST', '/api/ordering/checkout', body, { 'idempotency-key': key });
      expect(first.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      restore();
    }
    // The buyer picks another user name and sends the same checkout again (same key: the same charge).
    const code = await steps.emailCode(body.account.email as string);
    const again = await steps.anon(
      'POST',
      '/api/ordering/checkout',
      { ...body, account: { ...body.account, username: `${body.account.username}-b`, emailCode: code } },
      { 'idempotency-key': key },
    );
    expect(again.statusCode, again.body).toBe(201);
    const placed = await t.db.db
      .selectFrom('unplaced_charges')
      .select(['status', 'gateway_reference'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(placed.status).toBe('placed');
    t.clock.advanceSeconds(UNPLACED_CHARGE_GRACE_MINUTES * 60 + 1);
    await refundUnplacedCharges(t.ctx);
    expect(await refundsOf(placed.gateway_reference)).toHaveLength(0);
  });
});
