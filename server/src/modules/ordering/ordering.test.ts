// The API tests of the steps before the checkout: ZIP lookup, the demo address data, the availability check, leads,
// carts and install windows. The checkout's are in checkout.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { AVAILABILITY_ADDRESSES, DEMO_CART_TOKEN } from '../../demo/ordering.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newKey } from '../customer-account/customer-test-helpers.js';
import { orderingSteps } from './ordering-test-helpers.js';

let t: TestApp;
let steps: ReturnType<typeof orderingSteps>;
beforeAll(async () => {
  t = await createTestApp();
  steps = orderingSteps(t);
});
const anon: ReturnType<typeof orderingSteps>['anon'] = (...a) => steps.anon(...a);
const form: ReturnType<typeof orderingSteps>['form'] = (...a) => steps.form(...a);
const check: ReturnType<typeof orderingSteps>['check'] = (...a) => steps.check(...a);
const newCart: ReturnType<typeof orderingSteps>['newCart'] = (...a) => steps.newCart(...a);
const newCustomerBody: ReturnType<typeof orderingSteps>['newCustomerBody'] = (...a) => steps.newCustomerBody(...a);
afterAll(() => t.close());

const A = AVAILABILITY_ADDRESSES;
const count = (table: keyof Database) => t.rows(table);

describe('GET /api/ordering/zip-codes/{zip}', () => {
  it('looks up a ZIP of the served counties, refuses others and bad ones', async () => {
    const ok = await anon('GET', '/api/ordering/zip-codes/65202');
    expect(ok.json()).toEqual({ zip: '65202', city: 'Columbia', state: 'MO', county: 'Boone' });
    expect((await anon('GET', '/api/ordering/zip-codes/64101')).statusCode).toBe(404);
    expect((await anon('GET', '/api/ordering/zip-codes/6520')).statusCode).toBe(400);
  });
});

describe('demo address data', () => {
  it('holds the README addresses, none of them a customer’s, and indexes the service-area polygons', async () => {
    for (const a of Object.values(A)) {
      const [number, ...street] = a.line1.toUpperCase().split(' ');
      const row = await t.db.db
        .selectFrom('addresses')
        .selectAll()
        .where('number', '=', number ?? '')
        .where('zip', '=', a.zip)
        .where('street', '=', street.join(' ').replace(' BLVD', ' BLVD'))
        .executeTakeFirst();
      expect(row, a.line1).toBeDefined();
      expect(row?.service_location_id, a.line1).toBeNull();
      const customers = await t.db.db
        .selectFrom('service_locations')
        .select('id')
        .where('address', '=', a.line1)
        .where('zip', '=', a.zip)
        .execute();
      expect(customers, a.line1).toEqual([]);
    }
    const bounds = await t.db.db.selectFrom('service_area_bounds').select(['area_kind']).execute();
    expect(new Set(bounds.map((b) => b.area_kind))).toEqual(
      new Set(['fiber', 'business_fiber', 'construction', 'signup']),
    );
  });
});

describe('POST /api/ordering/availability', () => {
  it('verifies, standardizes and geocodes a served address and lists what can be ordered there', async () => {
    const r = await check({ ...A.fiber, line1: '2211 clark lane' });
    expect(r.status).toBe('verified');
    expect(r.availability).toBe('available');
    expect(r.areaKind).toBe('fiber');
    expect(r.address.line).toMatch(/^2211 Clark Ln, Columbia, MO 65202-\d{4}$/);
    expect(r.address.county).toBe('Boone');
    expect(r.latitude).toBeCloseTo(A.fiber.latitude, 4);
    expect(r.precision).toBe('address');
    expect(r.areas.map((a: { kind: string }) => a.kind)).toContain('fiber');
    const names = r.packages.map((p: { name: string }) => p.name);
    expect(names).toContain('Fiber 1 Gig Internet');
    expect(names).not.toContain('Business Fiber 500');
    const row = await t.db.db
      .selectFrom('availability_checks')
      .selectAll()
      .where('public_id', '=', r.checkId)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'verified', area_kind: 'fiber', order_id: null });
    expect(row?.address_id).not.toBeNull();
  });

  it('offers an existing customer’s address (2208 Clark Ln) like any other, without saying it has service', async () => {
    const r = await check({ line1: '2208 Clark Ln', city: 'Columbia', state: 'MO', zip: '65202' });
    expect(r.availability).toBe('available');
    expect(r).not.toHaveProperty('alreadyServed');
  });

  it('finds business fiber downtown, with the business packages', async () => {
    const r = await check(A.businessFiber);
    expect(r.availability).toBe('available');
    expect(r.packages.map((p: { name: string }) => p.name)).toContain('Business Fiber 500');
  });

  it('answers coming soon, taking sign-ups and not served, with nothing to order', async () => {
    const c = await check(A.construction);
    expect([c.areaKind, c.availability, c.packages]).toEqual(['construction', 'coming_soon', []]);
    expect(c.message).toContain('building fiber');
    const s = await check(A.signup);
    expect([s.areaKind, s.availability]).toEqual(['signup', 'taking_signups']);
    const o = await check(A.outside);
    expect([o.status, o.areaKind, o.availability]).toEqual(['verified', 'outside', 'not_served']);
    expect(o.message).toContain('outside our fiber area');
  });

  it('refuses a ZIP outside the served counties (county check)', async () => {
    const r = await check({ line1: '100 Main St', city: 'Kansas City', state: 'MO', zip: '64101' });
    expect(r.status).toBe('outside_county');
    expect(r.availability).toBe('not_served');
  });

  it('suggests a known address for a typo ("Did you mean 2211 Clark Ln?")', async () => {
    const r = await check({ ...A.fiber, line1: '2211 Clrak Ln' });
    expect(r.status).toBe('suggestions');
    expect(r.message).toContain('Did you mean 2211 Clark Ln, Columbia, MO 65202?');
    expect(r.suggestions[0]).toMatchObject({ line1: '2211 Clark Ln', zip: '65202' });
    expect(r.packages).toEqual([]);
  });

  it('suggests the ZIP code’s city for a city typed a letter or two off ("Colmbia"), then verifies it', async () => {
    const r = await check({ ...A.fiber, city: 'Colmbia' });
    expect(r).toMatchObject({ status: 'suggestions', address: null, packages: [], areas: [] });
    expect(r.message).toBe('ZIP code 65202 is Columbia, MO. Did you mean 2211 Clark Ln, Columbia, MO 65202?');
    expect(r.suggestions).toEqual([
      { line1: '2211 Clark Ln', unit: '', city: 'Columbia', state: 'MO', zip: '65202', label: expect.any(String) },
    ]);
    // Nothing about the address is said before it is checked: an unknown street gets the same kind of answer.
    const unknown = await check({ ...A.fiber, line1: '9 Nowhere Rd', city: 'Colmbia' });
    expect(unknown.message).toBe('ZIP code 65202 is Columbia, MO. Did you mean 9 Nowhere Rd, Columbia, MO 65202?');
    expect((await check({ ...A.fiber, city: r.suggestions[0].city })).status).toBe('verified');
  });

  it('an unknown number on a known street: unknown, then a temporary location when kept as typed, once', async () => {
    const typed = { ...A.fiber, line1: '2299 Clark Ln' };
    const first = await check(typed);
    expect(first.status).toBe('unknown');
    const before = await count('temp_service_locations');
    const a = await check(typed, { acceptUnverified: true });
    const b = await check({ ...typed, line1: '2299 CLARK LANE' }, { acceptUnverified: true });
    expect(a.status).toBe('temporary');
    expect(a.precision).toBe('street');
    expect(a.availability).toBe('available');
    expect(await count('temp_service_locations')).toBe(before + 1);
    const checks = await t.db.db
      .selectFrom('availability_checks')
      .select('temp_location_id')
      .where('public_id', 'in', [a.checkId, b.checkId])
      .execute();
    expect(new Set(checks.map((c) => c.temp_location_id)).size).toBe(1);
  });

  it('names the field of bad input: a city that is not the ZIP’s, a line without a number', async () => {
    const city = await anon('POST', '/api/ordering/availability', form({ ...A.fiber, city: 'Ashland' }));
    expect(city.statusCode).toBe(400);
    expect(city.json().error.fields.city).toContain('ZIP code 65202 is Columbia');
    const line = await anon('POST', '/api/ordering/availability', form({ ...A.fiber, line1: 'Clark Ln' }));
    expect(line.statusCode).toBe(400);
    expect(line.json().error.fields.line1).toContain('house number');
  });

  it('takes the ZIP code’s city when the city is left empty (the form checked before its ZIP lookup landed)', async () => {
    const res = await anon('POST', '/api/ordering/availability', form({ ...A.fiber, city: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'verified', address: { city: 'Columbia', zip: '65202' } });
    const unknownZip = await anon('POST', '/api/ordering/availability', form({ ...A.outside, zip: '64101', city: '' }));
    expect(unknownZip.statusCode).toBe(400);
    expect(unknownZip.json().error.fields).toEqual({ city: 'City must be 2 to 60 characters.' });
  });

  it('is rate-limited per address (an anonymous write)', async () => {
    const strict = await createTestApp({ RATE_LIMIT_IP_WRITES_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          (await strict.request({ method: 'POST', url: '/api/ordering/availability', payload: form(A.fiber) }))
            .statusCode,
        );
      }
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes[4]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /api/ordering/leads', () => {
  it('stores a notify-me lead once per email and address, mails once, and refuses where fiber is available', async () => {
    const o = await check(A.outside);
    const mails = t.mail.length;
    const first = await anon('POST', '/api/ordering/leads', {
      checkId: o.checkId,
      email: 'Pat@Example.com',
      name: 'Pat',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toContain('pat@example.com');
    const again = await anon('POST', '/api/ordering/leads', { checkId: o.checkId, email: 'pat@example.com' });
    expect(again.statusCode).toBe(201);
    expect(t.mail.length).toBe(mails + 1);
    const leads = await t.db.db
      .selectFrom('availability_leads')
      .selectAll()
      .where('email', '=', 'pat@example.com')
      .execute();
    expect(leads).toHaveLength(1);
    expect(leads[0]?.kind).toBe('notify');

    const s = await check(A.signup);
    const signup = await anon('POST', '/api/ordering/leads', { checkId: s.checkId, email: 'sam@example.com' });
    expect(signup.json().message).toContain('signed up');

    const f = await check(A.fiber);
    const refused = await anon('POST', '/api/ordering/leads', { checkId: f.checkId, email: 'x@example.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.checkId).toContain('order it now');
    const bad = await anon('POST', '/api/ordering/leads', { checkId: o.checkId, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBeDefined();
  });
});

describe('carts', () => {
  it('keeps a unit our data does not list in a known building, through the cart to the order’s location', async () => {
    const cart = await newCart({ ...A.fiber, unit: 'Apt 4B' }, [1]);
    expect(cart.address).toMatchObject({ number: '2211', street: 'Clark Ln', unit: '4B' });
    expect(cart.address.line).toMatch(/^2211 Clark Ln Unit 4B, Columbia, MO 65202/);
    const res = await anon('POST', '/api/ordering/checkout', await newCustomerBody(cart), {
      'idempotency-key': newKey('unit'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const location = await t.db.db
      .selectFrom('sales_orders as s')
      .innerJoin('service_locations as l', 'l.id', 's.service_location_id')
      .select(['l.address', 'l.address2'])
      .where('s.id', '=', res.json().orderId)
      .executeTakeFirstOrThrow();
    expect(location).toEqual({ address: '2211 Clark Ln', address2: '4B' });
  });

  it('keeps package ids, prices them from the catalogue, and survives a reload', async () => {
    const cart = await newCart(A.fiber, [2, 4]);
    expect(cart.lines.map((l: { name: string }) => l.name)).toEqual(['Fiber 1 Gig Internet', 'Home Phone']);
    expect(cart.monthlyCents).toBe(7_500 + 2_500);
    expect(cart.oneTimeCents).toBe(9_900);
    expect(cart.dueTodayCents).toBe(19_900);
    // The package step draws the same area as the check's answer.
    const answer = await check(A.fiber);
    expect(cart.areas).toEqual(answer.areas);
    expect(cart.areas.length).toBeGreaterThan(0);
    const reloaded = await anon('GET', `/api/ordering/carts/${cart.cartId}`);
    expect(reloaded.json()).toEqual(cart);
    const stored = await t.db.db.selectFrom('carts').select('package_ids').where('package_ids', '=', '2,4').execute();
    expect(stored.length).toBeGreaterThan(0);
  });

  it('recomputes prices: a catalogue change shows in the cart', async () => {
    const cart = await newCart(A.fiber, [1]);
    await t.db.db.updateTable('packages').set({ price_cents: 5_900 }).where('id', '=', 1).execute();
    try {
      const reloaded = (await anon('GET', `/api/ordering/carts/${cart.cartId}`)).json();
      expect(reloaded.monthlyCents).toBe(5_900);
    } finally {
      await t.db.db.updateTable('packages').set({ price_cents: 5_500 }).where('id', '=', 1).execute();
    }
  });

  it('refuses a package the area does not sell, two internet packages, and a cart where fiber is not available', async () => {
    const cart = await newCart();
    const biz = await anon('PUT', `/api/ordering/carts/${cart.cartId}`, { packageIds: [7] });
    expect(biz.statusCode).toBe(400);
    expect(biz.json().error.fields.packageIds).toContain('Business Fiber 500 is not offered at this address');
    const two = await anon('PUT', `/api/ordering/carts/${cart.cartId}`, { packageIds: [1, 2] });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.fields.packageIds).toBe('Choose one internet package.');
    const c = await check(A.construction);
    const refused = await anon('POST', '/api/ordering/carts', { checkId: c.checkId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.checkId).toContain('cannot be ordered');
  });

  it('answers 404 for an unknown cart and 400 for a malformed id; the demo cart opens', async () => {
    expect((await anon('GET', `/api/ordering/carts/${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await anon('GET', '/api/ordering/carts/short')).statusCode).toBe(400);
    const demo = await anon('GET', `/api/ordering/carts/${DEMO_CART_TOKEN}`);
    expect(demo.json().lines[0].name).toBe('Fiber 1 Gig Internet');
  });
});

describe('GET /api/ordering/carts/{cartId}/install-windows', () => {
  it('offers working days after the lead time with one visit per installer per window, less installs due', async () => {
    const cart = await newCart();
    const res = await anon('GET', `/api/ordering/carts/${cart.cartId}/install-windows`);
    expect(res.statusCode).toBe(200);
    const w = res.json();
    expect(w.days).toHaveLength(10);
    const installers = Number(
      (
        await t.db.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('installer', '=', 1)
          .where('disabled', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const d of w.days) {
      expect([0, 6]).not.toContain(new Date(`${d.date}T12:00:00Z`).getUTCDay());
      for (const win of d.windows) {
        expect(win.capacity).toBe(installers);
        expect(win.free).toBeLessThanOrEqual(installers);
      }
    }
  });
});
