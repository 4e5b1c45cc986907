import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, type Caller, newKey, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';
import { card, methodIdOf } from './billing-test-helpers.js';

let t: TestApp;
let rhonda: Caller;
beforeAll(async () => {
  t = await createTestApp();
  rhonda = await as(t, 'residential');
});
afterAll(() => t.close());

const METHODS = '/api/customer/billing/payment-methods';
const add = (caller: Caller, body: unknown) => caller.call('POST', METHODS, body, { 'idempotency-key': newKey('pm') });
const mailingOf = async (customerId: string) =>
  (
    await t.db.db
      .selectFrom('mailing_locations')
      .select('id')
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow()
  ).id;

/** Every text column of the tables a card number could leak into. */
async function everythingStored(): Promise<string> {
  const tables = [
    'payment_methods',
    'sandbox_gateway_tokens',
    'sandbox_gateway_charges',
    'audit_log',
    'idempotency_keys',
    'payments',
  ] as const;
  const dumps = await Promise.all(tables.map((table) => t.db.db.selectFrom(table).selectAll().execute()));
  return JSON.stringify(dumps);
}

describe('GET /api/customer/billing/payment-methods', () => {
  it('lists brand, last four and expiry, never a token or number', async () => {
    const res = await rhonda.call('GET', METHODS);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { brand: string; last4: string }) => `${m.brand} ${m.last4}`)).toEqual([
      'Visa 4242',
      'Mastercard 4444',
    ]);
    expect(res.json()[0]).toMatchObject({ kind: 'card', expired: false, autopayMailingLocationIDs: [] });
    expect(res.body).not.toMatch(/tok_|gateway|fingerprint/);
  });

  it('shows the ACH account that pays Acme’s bills automatically', async () => {
    const res = await (await as(t, 'business-billing')).call('GET', METHODS);
    expect(res.json()[0]).toMatchObject({ kind: 'bank', brand: 'Checking', last4: '6789', expMonth: null });
    expect(res.json()[0].autopayMailingLocationIDs).toEqual([await mailingOf(BUSINESS)]);
  });
});

describe('POST /api/customer/billing/payment-methods (addPaymentMethod)', () => {
  it('tokenizes a test card and keeps only the token, brand, last four and expiry', async () => {
    const res = await add(rhonda, card('3782 822463 10005', { holderName: 'Rhonda  Reyes ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'card',
      brand: 'Amex',
      last4: '0005',
      expMonth: 12,
      holderName: 'Rhonda  Reyes',
    });
    const row = await t.db.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('id', '=', res.json().PaymentMethodID)
      .executeTakeFirstOrThrow();
    expect(row.gateway_token).toMatch(/^tok_sbx_[0-9a-f]{24}$/);
    const stored = await everythingStored();
    expect(stored).not.toContain('378282246310005');
    expect(stored).not.toContain('10005"');
  });

  it('refuses the same card twice, and a retried request adds it once', async () => {
    const headers = { 'idempotency-key': newKey('once') };
    const first = await rhonda.call('POST', METHODS, card('6011111111111117'), headers);
    const retry = await rhonda.call('POST', METHODS, card('6011111111111117'), headers);
    expect(first.statusCode).toBe(201);
    expect(retry.json().PaymentMethodID).toBe(first.json().PaymentMethodID);
    const again = await add(rhonda, card('6011 1111 1111 1117'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.cardNumber).toBe('This card is already saved as Discover ending in 1117.');
  });

  it('refuses a card the demo already saved (Rhonda’s Visa 4242) with a 409 naming the card number', async () => {
    const before = (await rhonda.call('GET', METHODS)).json().length;
    const again = await add(rhonda, card('4242 4242 4242 4242'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.cardNumber).toBe('This card is already saved as Visa ending in 4242.');
    expect((await rhonda.call('GET', METHODS)).json()).toHaveLength(before);
  });

  it('names each bad card field: Luhn, brand, security code, expiry, and numbers the sandbox does not take', async () => {
    const before = (await rhonda.call('GET', METHODS)).json().length;
    const luhn = await add(rhonda, card('4242424242424241'));
    expect(luhn.json().error.fields.cardNumber).toBe('Card number is not valid. Check the digits and try again.');
    const brand = await add(rhonda, card('3530111333300000'));
    expect(brand.json().error.fields.cardNumber).toBe('We accept Visa, Mastercard, American Express and Discover.');
    const cvc = await add(rhonda, card('378282246310005', { cvc: '123' }));
    expect(cvc.json().error.fields.cvc).toBe('Security code must be 4 digits.');
    const month = await add(rhonda, card('4242424242424242', { expMonth: 13, postalCode: '652' }));
    expect(month.json().error.fields).toMatchObject({
      expMonth: 'Expiry month must be 1 to 12.',
      postalCode: 'Billing ZIP code must be 5 digits.',
    });
    const now = t.clock.now;
    const expired = await add(
      rhonda,
      card('5555555555554444', {
        expMonth: now.getUTCMonth() === 0 ? 12 : now.getUTCMonth(),
        expYear: now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear(),
      }),
    );
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.fields.expMonth).toBe(
      'This card has expired. Check the expiry date or use another card.',
    );
    const real = await add(rhonda, card('4111111111111111'));
    expect(real.statusCode).toBe(400);
    expect(real.json().error.fields.cardNumber).toMatch(/sandbox payment gateway: use one of its test numbers/);
    expect((await rhonda.call('GET', METHODS)).json()).toHaveLength(before);
  });

  it('adds a bank account after checking the routing number', async () => {
    const bad = await add(rhonda, {
      kind: 'bank',
      holderName: 'Rhonda Reyes',
      routingNumber: '011000016',
      accountNumber: '000123456789',
      accountType: 'Savings',
    });
    expect(bad.json().error.fields.routingNumber).toBe(
      'Routing number must be the 9-digit number printed on your checks.',
    );
    const good = await add(rhonda, {
      kind: 'bank',
      holderName: 'Rhonda Reyes',
      routingNumber: '011000015',
      accountNumber: '000123456789',
      accountType: 'Savings',
    });
    expect(good.statusCode).toBe(201);
    expect(good.json()).toMatchObject({ kind: 'bank', brand: 'Savings', last4: '6789', expMonth: null });
    expect(await everythingStored()).not.toContain('000123456789');
  });

  it('refuses a user without billing-pay, and another role', async () => {
    const viewer = await (await as(t, 'business')).call('POST', '/api/customer/users', {
      username: 'pm-viewer',
      firstName: 'Pat',
      lastName: 'Viewer',
      email: 'pat@acmedental.example',
      password: 'method-reader-phrase',
      permissions: ['billing-view'],
    });
    expect(viewer.statusCode).toBe(201);
    const token = await t.login('pm-viewer', 'method-reader-phrase');
    const res = await t.request({ method: 'POST', url: METHODS, token, payload: card('5555555555554444') });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: METHODS, token })).statusCode).toBe(200);
    expect((await (await as(t, 'installer')).call('GET', METHODS)).statusCode).toBe(403);
  });
});

describe('DELETE /api/customer/billing/payment-methods/:id (deletePaymentMethod)', () => {
  it('removes the account’s own method and refuses another customer’s', async () => {
    const master = await methodIdOf(t, RESIDENTIAL, '4444');
    const amex = await methodIdOf(t, BUSINESS, '1005');
    expect((await rhonda.call('DELETE', `${METHODS}/${amex}`)).statusCode).toBe(403);
    expect((await rhonda.call('DELETE', `${METHODS}/${master}`)).statusCode).toBe(204);
    const left = (await rhonda.call('GET', METHODS)).json().map((m: { PaymentMethodID: number }) => m.PaymentMethodID);
    expect(left).not.toContain(master);
    expect((await rhonda.call('DELETE', `${METHODS}/${master}`)).statusCode).toBe(404);
    const kept = await t.db.db
      .selectFrom('payment_methods')
      .select('deleted_at')
      .where('id', '=', amex)
      .executeTakeFirst();
    expect(kept?.deleted_at).toBeNull();
  });

  it('refuses removing the method autopay uses', async () => {
    const ach = await methodIdOf(t, BUSINESS, '6789');
    const res = await (await as(t, 'business-billing')).call('DELETE', `${METHODS}/${ach}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Checking ending in 6789 pays 1101 E Broadway, Suite 200, Columbia, MO 65201 automatically. Choose another autopay payment method or turn autopay off first.',
    );
  });
});

describe('autopay (viewAutopay, activatePaymentMethod, deactivateAutopay)', () => {
  it('turns autopay on with a saved card, and off again', async () => {
    const mailing = await mailingOf(RESIDENTIAL);
    const visa = await methodIdOf(t, RESIDENTIAL, '4242');
    const view = (await rhonda.call('GET', '/api/customer/billing/autopay')).json();
    expect(view).toMatchObject({
      requireAutopay: false,
      locations: [{ MailingLocationID: mailing, paymentMethod: null }],
    });
    const on = await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${mailing}/autopay`, {
      PaymentMethodID: visa,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().locations[0].paymentMethod).toMatchObject({ PaymentMethodID: visa, last4: '4242' });
    const off = await rhonda.call('DELETE', `/api/customer/billing/mailing-locations/${mailing}/autopay`);
    expect(off.json().locations[0].paymentMethod).toBeNull();
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `${RESIDENTIAL}:${mailing}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['customer.autopay.activate', 'customer.autopay.deactivate']);
  });

  it('refuses another customer’s mailing location or payment method, and an expired card', async () => {
    const own = await mailingOf(RESIDENTIAL);
    const acme = await mailingOf(BUSINESS);
    const visa = await methodIdOf(t, RESIDENTIAL, '4242');
    const amex = await methodIdOf(t, BUSINESS, '1005');
    expect(
      (await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${acme}/autopay`, { PaymentMethodID: visa }))
        .statusCode,
    ).toBe(403);
    expect((await rhonda.call('DELETE', `/api/customer/billing/mailing-locations/${acme}/autopay`)).statusCode).toBe(
      403,
    );
    expect(
      (await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${own}/autopay`, { PaymentMethodID: amex }))
        .statusCode,
    ).toBe(403);
    const acmeRow = await t.db.db
      .selectFrom('mailing_locations')
      .select('autopay_payment_method_id')
      .where('id', '=', acme)
      .executeTakeFirst();
    expect(acmeRow?.autopay_payment_method_id).not.toBeNull();
    await t.db.db.updateTable('payment_methods').set({ exp_year: 2020 }).where('id', '=', visa).execute();
    const expired = await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${own}/autopay`, {
      PaymentMethodID: visa,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.fields.PaymentMethodID).toBe('This card has expired. Choose another one.');
    await t.db.db
      .updateTable('payment_methods')
      .set({ exp_year: new Date().getUTCFullYear() + 2 })
      .where('id', '=', visa)
      .execute();
  });
});

describe('provider settings: require autopay, keep the last payment method', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ BILLING_REQUIRE_AUTOPAY: 'true', BILLING_KEEP_LAST_PAYMENT_METHOD: 'true' });
  });
  afterAll(() => strict.close());

  it('refuses turning autopay off, but lets the method change', async () => {
    const business = await as(strict, 'business');
    const acme = (
      await strict.db.db
        .selectFrom('mailing_locations')
        .select('id')
        .where('customer_id', '=', BUSINESS)
        .executeTakeFirstOrThrow()
    ).id;
    const off = await business.call('DELETE', `/api/customer/billing/mailing-locations/${acme}/autopay`);
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toMatch(/^Your provider requires automatic payments/);
    const amex = await methodIdOf(strict, BUSINESS, '1005');
    const ach = await methodIdOf(strict, BUSINESS, '6789');
    const change = await business.call('PUT', `/api/customer/billing/mailing-locations/${acme}/autopay`, {
      PaymentMethodID: amex,
    });
    expect(change.json().locations[0].paymentMethod.PaymentMethodID).toBe(amex);
    const removeUsed = await business.call('DELETE', `${METHODS}/${amex}`);
    expect(removeUsed.json().error.message).toMatch(/Choose another autopay payment method first\.$/);
    expect((await business.call('GET', '/api/customer/billing/bills')).json()).toMatchObject({
      requireAutopay: true,
      keepLastPaymentMethod: true,
    });
    expect((await business.call('DELETE', `${METHODS}/${ach}`)).statusCode).toBe(204);
  });

  it('refuses removing the last payment method on file', async () => {
    const residential = await as(strict, 'residential');
    const visa = await methodIdOf(strict, RESIDENTIAL, '4242');
    const master = await methodIdOf(strict, RESIDENTIAL, '4444');
    expect((await residential.call('DELETE', `${METHODS}/${master}`)).statusCode).toBe(204);
    const last = await residential.call('DELETE', `${METHODS}/${visa}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(
      'Your provider asks that you keep at least one payment method on file. Add another one first.',
    );
    expect((await residential.call('GET', METHODS)).json()).toHaveLength(1);
  });
});
