// The checkout's API tests, its three routes (new customer, signed-in customer, staff); the steps before it are in
// ordering.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { AVAILABILITY_ADDRESSES } from '../../demo/ordering.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, newKey, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';
import { cartIdOf } from './cart.service.js';
import { orderingSteps, TEST_CARD } from './ordering-test-helpers.js';

let t: TestApp;
let steps: ReturnType<typeof orderingSteps>;
beforeAll(async () => {
  t = await createTestApp();
  steps = orderingSteps(t);
});
const anon: ReturnType<typeof orderingSteps>['anon'] = (...a) => steps.anon(...a);
const check: ReturnType<typeof orderingSteps>['check'] = (...a) => steps.check(...a);
const newCart: ReturnType<typeof orderingSteps>['newCart'] = (...a) => steps.newCart(...a);
const firstWindow: ReturnType<typeof orderingSteps>['firstWindow'] = (...a) => steps.firstWindow(...a);
const newCustomerBody: ReturnType<typeof orderingSteps>['newCustomerBody'] = (...a) => steps.newCustomerBody(...a);
const CARD = TEST_CARD;
afterAll(() => t.close());

const A = AVAILABILITY_ADDRESSES;
const count = (table: keyof Database) => t.rows(table);

describe('POST /api/ordering/checkout (a new customer)', () => {
  it('creates the account, locations, first user, payment and order in one step; a double click orders once', async () => {
    const cart = await newCart(A.fiber, [2, 11]);
    const body = await newCustomerBody(cart);
    const key = newKey('checkout');
    const before = { customers: await count('customers'), orders: await count('sales_orders') };
    const res = await anon('POST', '/api/ordering/checkout', body, { 'idempotency-key': key });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    expect(r.vcCustomerID).toMatch(/^2000-\d{4}-\d{4}$/);
    expect(r.username).toBe(body.account.username);
    expect(r.paidCents).toBe(cart.dueTodayCents);
    expect(r.lines.map((l: { name: string }) => l.name)).toEqual(['Fiber 1 Gig Internet', 'Whole-Home Wi-Fi']);
    expect(r.nextSteps.join(' ')).toContain(body.installDate);

    const again = await anon('POST', '/api/ordering/checkout', body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().orderId).toBe(r.orderId);
    expect(await count('customers')).toBe(before.customers + 1);
    expect(await count('sales_orders')).toBe(before.orders + 1);

    const order = await t.db.db
      .selectFrom('sales_orders')
      .selectAll()
      .where('id', '=', r.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      customer_id: r.vcCustomerID,
      status: 'placed',
      install_date: body.installDate,
      install_window: body.installWindow,
      paid_cents: cart.dueTodayCents,
      placed_by_employee_id: null,
    });
    const user = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', body.account.username)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ customer_id: r.vcCustomerID, is_admin: 1, email: body.account.email });
    expect(order.placed_by_user_id).toBe(user.id);
    const works = await t.db.db
      .selectFrom('work_orders')
      .select(['status'])
      .where('order_id', '=', r.orderId)
      .execute();
    expect(works.length).toBeGreaterThan(0);
    const payment = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('customer_id', '=', r.vcCustomerID)
      .execute();
    expect(payment).toHaveLength(1);
    expect(payment[0]).toMatchObject({ status: 'Completed', amount_cents: cart.dueTodayCents, source: 'order' });
    const checkRow = await t.db.db
      .selectFrom('availability_checks')
      .select('order_id')
      .where('public_id', '=', cart.checkId)
      .executeTakeFirst();
    expect(checkRow?.order_id).toBe(r.orderId);
    const confirmation = t.mail.find((m) => m.to === body.account.email && m.subject.includes(`order ${r.orderId}`));
    expect(confirmation?.text).toContain('Fiber 1 Gig Internet');
    // The cart is spent.
    expect((await anon('GET', `/api/ordering/carts/${cart.cartId}`)).statusCode).toBe(409);
    // The new user can sign in.
    const login = await anon('POST', '/api/auth/login', {
      username: body.account.username,
      password: 'fiber-at-last-2026',
    });
    expect(login.statusCode).toBe(200);
  });

  it('a declined card or a payment service that does not answer leaves nothing behind', async () => {
    for (const [cardNumber, status, field] of [
      ['4000000000000002', 402, 'payment.cardNumber'],
      ['4000000000009995', 402, 'payment.cardNumber'],
      ['4000000000000119', 503, null],
    ] as const) {
      const cart = await newCart();
      const body = await newCustomerBody(cart, { payment: { ...CARD, cardNumber } });
      const before = [
        await count('customers'),
        await count('sales_orders'),
        await count('users'),
        await count('payments'),
      ];
      const res = await anon('POST', '/api/ordering/checkout', body, { 'idempotency-key': newKey('declined') });
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json().error.fields[field]).toContain('Nothing was charged');
      else expect(res.json().error.message).toContain('will not be charged twice');
      expect([
        await count('customers'),
        await count('sales_orders'),
        await count('users'),
        await count('payments'),
      ]).toEqual(before);
      expect((await anon('GET', `/api/ordering/carts/${cart.cartId}`)).statusCode).toBe(200);
    }
  });

  it('a stale price is "prices changed" with the new total, never charged', async () => {
    const cart = await newCart();
    const body = await newCustomerBody(cart, { expectedTotalCents: cart.dueTodayCents - 1000 });
    const payments = await count('payments');
    const res = await anon('POST', '/api/ordering/checkout', body, { 'idempotency-key': newKey('stale') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('prices_changed');
    expect(res.json().error.fields.expectedTotalCents).toContain('$174.00');
    expect(await count('payments')).toBe(payments);
  });

  it('refuses a package the area does not sell and an address where fiber is not available', async () => {
    const cart = await newCart();
    await t.db.db
      .updateTable('carts')
      .set({ package_ids: '7' })
      .where('package_ids', '=', '2')
      .where('order_id', 'is', null)
      .execute();
    const body = await newCustomerBody(cart);
    const res = await anon('POST', '/api/ordering/checkout', body, { 'idempotency-key': newKey('biz') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.cartId).toContain('not offered at this address');

    // A cart whose address left the fiber area (the polygons changed): refused at checkout.
    const other = await newCart();
    const addressId = (
      await t.db.db
        .selectFrom('carts')
        .select('address_id')
        .where('id', '=', cartIdOf(other.cartId))
        .executeTakeFirstOrThrow()
    ).address_id;
    const outside = await t.db.db
      .selectFrom('addresses')
      .select('id')
      .where('city', '=', 'Boonville')
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('carts')
      .set({ address_id: outside.id })
      .where('id', '=', cartIdOf(other.cartId))
      .execute();
    const b2 = await newCustomerBody(other);
    const r2 = await anon('POST', '/api/ordering/checkout', b2, { 'idempotency-key': newKey('outside') });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error.fields.cartId).toContain('cannot be ordered');
    void addressId;
  });

  it('checks the email code, the user name, the password policy, the terms and the window', async () => {
    const cart = await newCart();
    const body = await newCustomerBody(cart);
    const call = (b: object) => anon('POST', '/api/ordering/checkout', b, { 'idempotency-key': newKey('bad') });
    const wrongCode = await call({
      ...body,
      account: { ...body.account, emailCode: body.account.emailCode === '000000' ? '111111' : '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.fields['account.emailCode']).toContain('not the one we emailed');
    const taken = await call({ ...body, account: { ...body.account, username: 'residential' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields['account.username']).toContain('taken');
    const common = await call({ ...body, account: { ...body.account, password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields['account.password']).toBeDefined();
    const terms = await call({ ...body, acceptTerms: false });
    expect(terms.statusCode).toBe(400);
    expect(terms.json().error.fields.acceptTerms).toContain('Accept the terms');
    const sunday = await call({ ...body, installDate: '2020-01-05' });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().error.fields.installDate).toContain('Choose an install day');
    const noKey = await anon('POST', '/api/ordering/checkout', body);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.fields['Idempotency-Key']).toBeDefined();

    // A full window: every installer already has an install due in it.
    await t.db.db.updateTable('users').set({ disabled: 1 }).where('installer', '=', 1).execute();
    try {
      const full = await call(body);
      expect(full.statusCode).toBe(409);
      expect(full.json().error.fields.installWindow).toContain('full');
    } finally {
      await t.db.db.updateTable('users').set({ disabled: 0 }).where('installer', '=', 1).execute();
    }
  });

  it('two customers ordering the same temporary address share one temporary location', async () => {
    const typed = { ...A.fiber, line1: '2297 Clark Ln' };
    const orders: number[] = [];
    for (const _ of [1, 2]) {
      const c = await check(typed, { acceptUnverified: true });
      const created = (await anon('POST', '/api/ordering/carts', { checkId: c.checkId })).json();
      const cart = (await anon('PUT', `/api/ordering/carts/${created.cartId}`, { packageIds: [1] })).json();
      expect(cart.temporary).toBe(true);
      const res = await anon('POST', '/api/ordering/checkout', await newCustomerBody(cart), {
        'idempotency-key': newKey('temp'),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().temporary).toBe(true);
      orders.push(res.json().orderId);
    }
    const temps = await t.db.db
      .selectFrom('temp_service_locations')
      .select('id')
      .where('number', '=', '2297')
      .execute();
    expect(temps).toHaveLength(1);
    const notes = await t.db.db.selectFrom('sales_orders').select('notes').where('id', 'in', orders).execute();
    expect(notes.every((n) => n.notes?.includes(`Temporary service location ${temps[0]?.id}`))).toBe(true);
  });
});

describe('POST /api/ordering/email-code', () => {
  it('mails a 6-digit code and stops after 5 an hour for one address', async () => {
    const email = 'limit@example.com';
    for (let i = 0; i < 5; i++)
      expect((await anon('POST', '/api/ordering/email-code', { email })).statusCode).toBe(201);
    const sixth = await anon('POST', '/api/ordering/email-code', { email });
    expect(sixth.statusCode).toBe(429);
    expect((await anon('POST', '/api/ordering/email-code', { email: 'nope' })).statusCode).toBe(400);
  });
});

describe('POST /api/customer/orders/checkout (a signed-in customer, a new location)', () => {
  const savedMethod = async (customerId: string) =>
    (
      await t.db.db
        .selectFrom('payment_methods')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('deleted_at', 'is', null)
        .where('kind', '=', 'card')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('orders with a card on file and no new account; another account’s card is refused', async () => {
    const me = await as(t, 'residential');
    const cart = await newCart(A.fiber, [1]);
    const window = await firstWindow(cart.cartId);
    const base = {
      cartId: cart.cartId,
      ...window,
      acceptTerms: true,
      expectedTotalCents: cart.dueTodayCents,
      mailing: null,
    };
    const foreign = await me.call(
      'POST',
      '/api/customer/orders/checkout',
      { ...base, payment: { kind: 'saved', paymentMethodId: await savedMethod(BUSINESS) } },
      { 'idempotency-key': newKey('foreign') },
    );
    expect(foreign.statusCode).toBe(403);
    const customers = await count('customers');
    const res = await me.call(
      'POST',
      '/api/customer/orders/checkout',
      { ...base, payment: { kind: 'saved', paymentMethodId: await savedMethod(RESIDENTIAL) } },
      { 'idempotency-key': newKey('own') },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ vcCustomerID: RESIDENTIAL, username: null });
    expect(await count('customers')).toBe(customers);
    const location = await t.db.db
      .selectFrom('sales_orders as s')
      .innerJoin('service_locations as l', 'l.id', 's.service_location_id')
      .select(['l.customer_id', 'l.address'])
      .where('s.id', '=', res.json().orderId)
      .executeTakeFirstOrThrow();
    expect(location).toEqual({ customer_id: RESIDENTIAL, address: '2211 Clark Ln' });
  });

  it('is refused to a user without the Services permission and to field staff', async () => {
    const cart = await newCart();
    const body = {
      cartId: cart.cartId,
      ...(await firstWindow(cart.cartId)),
      acceptTerms: true,
      expectedTotalCents: cart.dueTodayCents,
      payment: CARD,
      mailing: null,
    };
    expect(
      (
        await (
          await as(t, 'business-billing')
        ).call('POST', '/api/customer/orders/checkout', body, { 'idempotency-key': newKey() })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await (
          await as(t, 'installer')
        ).call('POST', '/api/customer/orders/checkout', body, { 'idempotency-key': newKey() })
      ).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/staff/orders/checkout (sales on a customer’s behalf)', () => {
  it('places the order with placed_by_employee_id and an audit row; other staff roles are refused', async () => {
    const cart = await newCart(A.businessFiber, [7]);
    const body = {
      vcCustomerID: BUSINESS,
      cartId: cart.cartId,
      ...(await firstWindow(cart.cartId)),
      acceptTerms: true,
      expectedTotalCents: cart.dueTodayCents,
      payment: { ...CARD, cardNumber: '5555555555554444' },
      mailing: null,
    };
    for (const role of ['dispatcher', 'billing-staff', 'network', 'residential']) {
      const refused = await (await as(t, role)).call('POST', '/api/staff/orders/checkout', body, {
        'idempotency-key': newKey(),
      });
      expect(refused.statusCode, role).toBe(403);
    }
    const unknown = await (await as(t, 'sales')).call(
      'POST',
      '/api/staff/orders/checkout',
      { ...body, vcCustomerID: '9999-9999-9999' },
      { 'idempotency-key': newKey() },
    );
    expect(unknown.statusCode).toBe(404);
    const res = await (await as(t, 'sales')).call('POST', '/api/staff/orders/checkout', body, {
      'idempotency-key': newKey('sales'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await t.db.db
      .selectFrom('sales_orders')
      .selectAll()
      .where('id', '=', res.json().orderId)
      .executeTakeFirstOrThrow();
    expect(order.customer_id).toBe(BUSINESS);
    expect(order.placed_by_employee_id).not.toBeNull();
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.order.placed')
      .execute();
    expect(audit.some((a) => a.subject === `${BUSINESS}:${order.id}`)).toBe(true);
  });

  it('opens a new account (holder, contact, no user) for a new customer; names the missing customer field', async () => {
    const cart = await newCart(A.fiber, [2]);
    const body = {
      cartId: cart.cartId,
      ...(await firstWindow(cart.cartId)),
      acceptTerms: true,
      expectedTotalCents: cart.dueTodayCents,
      payment: CARD,
      mailing: null,
    };
    const sales = await as(t, 'sales');
    const neither = await sales.call('POST', '/api/staff/orders/checkout', body, { 'idempotency-key': newKey() });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.fields.vcCustomerID).toMatch(/existing account number or a new customer/);
    const newCustomer = {
      customerType: 'Residential',
      firstName: 'Phoebe',
      lastName: 'Phone',
      email: 'phoebe.phone@example.com',
      phone: '(573) 555-0142',
    };
    const noPhone = await sales.call(
      'POST',
      '/api/staff/orders/checkout',
      { ...body, newCustomer: { ...newCustomer, phone: '' } },
      { 'idempotency-key': newKey() },
    );
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error.fields['newCustomer.phone']).toBe('Phone is required.');
    const res = await sales.call(
      'POST',
      '/api/staff/orders/checkout',
      { ...body, newCustomer },
      {
        'idempotency-key': newKey('sales'),
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().vcCustomerID as string;
    expect(id).toMatch(/^2000-\d{4}-\d{4}$/);
    const customer = await t.db.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(customer.name).toBe('Phoebe Phone');
    const users = await t.db.db.selectFrom('users').select('id').where('customer_id', '=', id).execute();
    expect(users).toEqual([]);
    const contact = await t.db.db
      .selectFrom('contact_methods')
      .selectAll()
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(contact.email).toBe('phoebe.phone@example.com');
    expect(t.mail.some((m) => m.to === 'phoebe.phone@example.com')).toBe(true);
  });
});
