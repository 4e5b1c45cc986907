/**
 * Checkout's guards (checkout-guards.service.ts, issue 25 findings 2 and 7, and the LOW on reused keys): one order in
 * progress per location, caps on open orders per account and per card, declined cards counted until checkout stops
 * taking cards (staff told), and an Idempotency-Key never replays an answer for another body.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { AVAILABILITY_ADDRESSES } from '../../demo/ordering.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, newKey, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';
import { orderingSteps, TEST_CARD } from './ordering-test-helpers.js';

const DECLINING_CARD = { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' };
const SALES_ALERTS = 'sales-alerts@provider.test';

let t: TestApp;
let steps: ReturnType<typeof orderingSteps>;
beforeAll(async () => {
  t = await createTestApp({
    ORDER_MAX_OPEN_PER_ACCOUNT: '2',
    ORDER_MAX_OPEN_PER_CARD: '2',
    CHECKOUT_MAX_DECLINES_PER_CHECKOUT: '3',
    CHECKOUT_MAX_DECLINES_PER_ACCOUNT: '5',
    CHECKOUT_MAX_DECLINES_PER_CARD: '4',
    CHECKOUT_MAX_DECLINES_PER_ADDRESS: '6',
    SALES_ALERT_EMAIL: SALES_ALERTS,
  });
  steps = orderingSteps(t);
});
afterAll(() => t.close());

/** A cart at its own address: a house number our address data does not list, kept as typed (a temporary location). */
const houses = new Map<string, number>();
async function cartAt(name: string, packageIds = [2]) {
  houses.set(name, houses.get(name) ?? 2301 + houses.size);
  const typed = { ...AVAILABILITY_ADDRESSES.fiber, line1: `${houses.get(name)} Clark Ln` };
  const c = await steps.check(typed, { acceptUnverified: true });
  const created = await steps.anon('POST', '/api/ordering/carts', { checkId: c.checkId });
  expect(created.statusCode, created.body).toBe(201);
  const cart = await steps.anon('PUT', `/api/ordering/carts/${created.json().cartId}`, { packageIds });
  expect(cart.json().temporary).toBe(true);
  return cart.json();
}
const count = (table: keyof Database) => t.rows(table);

/** A new customer's checkout from `address` (a client address), with `card`. */
async function visitorCheckout(
  cart: { cartId: string; dueTodayCents: number },
  options: { card?: object; address?: string; key?: string } = {},
) {
  const body = await steps.newCustomerBody(cart, { payment: options.card ?? TEST_CARD });
  return t.request({
    method: 'POST',
    url: '/api/ordering/checkout',
    payload: body,
    headers: { 'idempotency-key': options.key ?? newKey('visitor') },
    remoteAddress: options.address ?? '198.51.100.1',
  });
}

describe('open orders', () => {
  let residential: Awaited<ReturnType<typeof as>>;
  const customerBody = async (unit: string) => {
    const cart = await cartAt(unit, [1]);
    return {
      cartId: cart.cartId,
      ...(await steps.firstWindow(cart.cartId)),
      acceptTerms: true,
      expectedTotalCents: cart.dueTodayCents,
      mailing: null,
      payment: { ...TEST_CARD, cardNumber: '5555 5555 5555 4444' },
    };
  };
  beforeAll(async () => {
    residential = await as(t, 'residential');
  });

  it('lets only one of two simultaneous checkouts at one location through', async () => {
    const residentialToo = await as(t, 'residential');
    const orders = await count('sales_orders');
    const [a, b] = await Promise.all([
      residentialToo.call('POST', '/api/customer/orders/checkout', await customerBody('J1'), {
        'idempotency-key': newKey('race-a'),
      }),
      residential.call('POST', '/api/customer/orders/checkout', await customerBody('J1'), {
        'idempotency-key': newKey('race-b'),
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await count('sales_orders')).toBe(orders + 1);
  });

  it('refuses a second order at a location whose order is in progress (409), charging and storing nothing', async () => {
    const first = await residential.call('POST', '/api/customer/orders/checkout', await customerBody('G1'), {
      'idempotency-key': newKey('first'),
    });
    expect(first.statusCode, first.body).toBe(201);
    const [orders, payments] = [await count('sales_orders'), await count('payments')];
    const again = await residential.call('POST', '/api/customer/orders/checkout', await customerBody('G1'), {
      'idempotency-key': newKey('again'),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'order_in_progress',
      message: `Order ${first.json().orderId} for this address is still in progress. Follow it, or change or cancel it, under Orders instead of ordering again.`,
    });
    expect([await count('sales_orders'), await count('payments')]).toEqual([orders, payments]);
  });

  it('caps the open orders of an account (ORDER_MAX_OPEN_PER_ACCOUNT)', async () => {
    const open = await t.db.db
      .selectFrom('sales_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', RESIDENTIAL)
      .where('status', 'not in', ['installed', 'cancelled'])
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(2);
    const third = await residential.call('POST', '/api/customer/orders/checkout', await customerBody('G2'), {
      'idempotency-key': newKey('third'),
    });
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json().error.code).toBe('too_many_open_orders');
    expect(third.json().error.message).toMatch(
      /^This account has 2 orders in progress, the most it may have at once\./,
    );
  });

  it('caps the open orders one card pays for, across new accounts (ORDER_MAX_OPEN_PER_CARD)', async () => {
    const card = { ...TEST_CARD, cardNumber: '6011 1111 1111 1117' };
    for (const unit of ['H1', 'H2']) {
      const res = await visitorCheckout(await cartAt(unit), { card });
      expect(res.statusCode, res.body).toBe(201);
    }
    const orders = await count('sales_orders');
    const third = await visitorCheckout(await cartAt('H3'), { card });
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json().error).toMatchObject({
      code: 'too_many_open_orders',
      fields: { payment: expect.stringMatching(/^This card already pays for 2 orders in progress/) },
    });
    expect(await count('sales_orders')).toBe(orders);
  });
});

describe('declined cards', () => {
  it('stops taking cards for a checkout after 3 declines, even a good one, and tells sales staff once', async () => {
    const cart = await cartAt('K1');
    const address = '198.51.100.20';
    for (let i = 0; i < 3; i++) {
      const res = await visitorCheckout(cart, { card: DECLINING_CARD, address });
      expect(res.statusCode, res.body).toBe(402);
    }
    const orders = await count('sales_orders');
    const good = await visitorCheckout(cart, { address });
    expect(good.statusCode, good.body).toBe(429);
    expect(good.json().error.message).toBe(
      'Several cards were declined here, so for your security we are not taking cards for this order for the next hour. Please call us at (573)555-0100 and we will help you place it.',
    );
    expect(good.headers['retry-after']).toBe('3600');
    expect(await count('sales_orders')).toBe(orders);

    const alerts = t.mail.filter((m) => m.to === SALES_ALERTS);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('Last card tried: ending 0002');
    expect(alerts[0]?.text).not.toContain('4000000000000002');
    const audited = await t.db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'checkout.cards-paused')
      .execute();
    expect(audited).toHaveLength(1);

    // An hour later the checkout takes cards again.
    t.clock.advanceSeconds(3601);
    const later = await visitorCheckout(cart, { address });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('counts one card across checkouts, and one client address across cards', async () => {
    const card = await (async () => {
      for (let i = 0; i < 4; i++) {
        const res = await visitorCheckout(await cartAt(`L${i}`), {
          card: DECLINING_CARD,
          address: `198.51.100.${30 + i}`,
        });
        expect(res.statusCode, res.body).toBe(402);
      }
      return visitorCheckout(await cartAt('L9'), {
        card: DECLINING_CARD,
        address: '198.51.100.39',
      });
    })();
    expect(card.statusCode, card.body).toBe(429);

    t.clock.advanceSeconds(3601);
    const address = '198.51.100.50';
    const cards = ['4000 0000 0000 9995', '4000 0000 0000 0002'];
    for (let i = 0; i < 6; i++) {
      const res = await visitorCheckout(await cartAt(`M${i}`), {
        card: { ...TEST_CARD, cardNumber: cards[i % 2] },
        address,
      });
      expect(res.statusCode, res.body).toBe(402);
    }
    const fromThere = await visitorCheckout(await cartAt('M9'), { address });
    expect(fromThere.statusCode, fromThere.body).toBe(429);
    const elsewhere = await visitorCheckout(await cartAt('M9'), { address: '198.51.100.51' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });
});

describe('Idempotency-Key at checkout', () => {
  it('replays the same request and refuses the key with another body (422), placing nothing', async () => {
    const cart = await cartAt('N1');
    const body = await steps.newCustomerBody(cart, {
      payment: { ...TEST_CARD, cardNumber: '3782 822463 10005', cvc: '1234' },
    });
    const key = newKey('same');
    const send = (payload: object) =>
      t.request({ method: 'POST', url: '/api/ordering/checkout', payload, headers: { 'idempotency-key': key } });
    const first = await send(body);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await send(body);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const orders = await count('sales_orders');
    const changed = await send({
      ...body,
      installWindow: body.installWindow === '08:00-12:00' ? '12:00-17:00' : '08:00-12:00',
    });
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json().error.code).toBe('idempotency_key_reused');
    expect(await count('sales_orders')).toBe(orders);
  });
});
