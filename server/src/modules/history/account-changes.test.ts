/**
 * Account changes in the audit log (issue 29 item 5): autopay and contact edits carry their before → after, the
 * customer reads "Autopay turned on by Dana Diaz", and the entry is written in the change's own transaction — when
 * the entry cannot be written the change does not happen either.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { invoiceIdsOf, methodIdOf } from '../billing/billing-test-helpers.js';
import { as, BUSINESS, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const last = (action: string, customerId: string) =>
  t.db.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

async function businessAutopay() {
  const method = await t.db.db
    .selectFrom('payment_methods')
    .select(['id', 'brand', 'last4'])
    .where('customer_id', '=', BUSINESS)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const mailing = await t.db.db
    .selectFrom('mailing_locations')
    .select(['id', 'autopay_payment_method_id'])
    .where('customer_id', '=', BUSINESS)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { method, mailing };
}

describe('account changes in the history', () => {
  it('autopay on and off: before → after, and the customer reads who did it', async () => {
    const { method, mailing } = await businessAutopay();
    const dana = await as(t, 'business');
    const path = `/api/customer/billing/mailing-locations/${mailing.id}/autopay`;
    if (mailing.autopay_payment_method_id !== null) expect((await dana.call('DELETE', path)).statusCode).toBe(200);
    expect((await dana.call('PUT', path, { PaymentMethodID: method.id })).statusCode).toBe(200);
    const on = await last('customer.autopay.activate', BUSINESS);
    expect(JSON.parse(on?.changes ?? '[]')).toEqual([
      { field: 'Autopay', from: 'Off', to: `${method.brand} ending in ${method.last4}` },
    ]);
    const activity = (await dana.call('GET', '/api/customer/activity')).json();
    expect(activity.entries[0].text).toBe('Autopay turned on by Dana Diaz');

    expect((await dana.call('DELETE', path)).statusCode).toBe(200);
    const off = await last('customer.autopay.deactivate', BUSINESS);
    expect(JSON.parse(off?.changes ?? '[]')).toEqual([
      { field: 'Autopay', from: `${method.brand} ending in ${method.last4}`, to: 'Off' },
    ]);
    const staff = await as(t, 'staff');
    const history = (
      await staff.call('GET', `/api/staff/history?type=account&id=${BUSINESS}&action=customer.autopay`)
    ).json();
    expect(history.entries[0]).toMatchObject({
      summary: 'Autopay turned off',
      changes: [{ field: 'Autopay', to: 'Off' }],
    });
  });

  it('a contact edit names only the fields that changed, in words', async () => {
    const contact = await t.db.db
      .selectFrom('contact_methods')
      .select(['id', 'category', 'name', 'phone', 'email'])
      .where('customer_id', '=', RESIDENTIAL)
      .where('name', '=', 'Ramon Reyes')
      .executeTakeFirstOrThrow();
    const rhonda = await as(t, 'residential');
    const res = await rhonda.call('PUT', `/api/customer/contacts/${contact.id}`, {
      ContactCategory: contact.category,
      ContactName: contact.name,
      Phone: '573-555-0177',
      Phone2: '',
      Email: contact.email ?? '',
    });
    expect(res.statusCode).toBe(200);
    const row = await last('customer.contact.edit', RESIDENTIAL);
    expect(JSON.parse(row?.changes ?? '[]')).toEqual([{ field: 'Phone', from: contact.phone, to: '5735550177' }]);
  });

  it('writes the entry in the change’s transaction: no entry, no change', async () => {
    const visa = await methodIdOf(t, RESIDENTIAL, '4242');
    const mailing = (await invoiceIdsOf(t, RESIDENTIAL))[0]?.mailing_location_id ?? 0;
    const before = await t.db.db
      .selectFrom('mailing_locations')
      .select('autopay_payment_method_id')
      .where('id', '=', mailing)
      .executeTakeFirstOrThrow();
    const rhonda = await as(t, 'residential');
    // The audit log cannot be written for a moment: the change must roll back with it.
    await sql`ALTER TABLE audit_log RENAME TO audit_log_away`.execute(t.db.db);
    try {
      const res = await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${mailing}/autopay`, {
        PaymentMethodID: visa,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`ALTER TABLE audit_log_away RENAME TO audit_log`.execute(t.db.db);
    }
    const after = await t.db.db
      .selectFrom('mailing_locations')
      .select('autopay_payment_method_id')
      .where('id', '=', mailing)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});
