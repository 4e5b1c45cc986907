/**
 * The customer writes that change an account carry their before → after in the audit log (issue 29 item 5): users and
 * permissions, payment methods, contacts and their locations, the mailing address, paperless billing, mailbox and
 * fax-to-email settings. A secret (a mailbox password) shows only as "(changed)".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldChange } from '../../lib/audit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { card } from '../billing/billing-test-helpers.js';
import { as, BUSINESS, newKey, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BILL = 4; // business-billing: Bill Bates of Acme
const FRONT_DESK = 'acme.frontdesk@boonevalleyfiber.example';

async function lastChanges(action: string, customerId: string): Promise<FieldChange[]> {
  const row = await t.db.db
    .selectFrom('audit_log')
    .select('changes')
    .where('action', '=', `customer.${action}`)
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.changes ?? '[]');
}

describe('before → after of the account writes', () => {
  it('a user’s name, and its permissions by name', async () => {
    const dana = await as(t, 'business');
    const res = await dana.call('PUT', `/api/customer/users/${BILL}`, {
      firstName: 'William',
      lastName: 'Bates',
      email: 'bill.bates@acmedental.example',
      active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await lastChanges('user.update', BUSINESS)).toEqual([
      { field: 'Name', from: 'Bill Bates', to: 'William Bates' },
    ]);
    const perms = await dana.call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['billing-view', 'billing-pay', 'business-center'],
    });
    expect(perms.statusCode).toBe(200);
    const [change] = await lastChanges('user.permissions', BUSINESS);
    expect(change?.field).toBe('Permissions');
    expect(change?.to).toBe('View bills, Pay bills, Business center');
    expect(change?.from).not.toContain('Business center');
  });

  it('paperless billing Off → On', async () => {
    const rhonda = await as(t, 'residential');
    await rhonda.call('PUT', '/api/customer/billing/paperless', { paperless: false });
    expect((await rhonda.call('PUT', '/api/customer/billing/paperless', { paperless: true })).statusCode).toBe(200);
    expect(await lastChanges('billing.paperless', RESIDENTIAL)).toEqual([
      { field: 'Paperless billing', from: 'Off', to: 'On' },
    ]);
  });

  it('a payment method added and removed, named by its last four only', async () => {
    const rhonda = await as(t, 'residential');
    const added = await rhonda.call('POST', '/api/customer/billing/payment-methods', card('6011111111111117'), {
      'idempotency-key': newKey('history-card'),
    });
    expect(added.statusCode).toBe(201);
    const [change] = await lastChanges('payment-method.add', RESIDENTIAL);
    expect(change).toMatchObject({ field: 'Payment method', from: null });
    expect(change?.to).toMatch(/ending in 1117$/);
    const id = added.json<{ PaymentMethodID: number }>().PaymentMethodID;
    expect((await rhonda.call('DELETE', `/api/customer/billing/payment-methods/${id}`)).statusCode).toBe(204);
    expect(await lastChanges('payment-method.delete', RESIDENTIAL)).toEqual([
      { field: 'Payment method', from: change?.to, to: null },
    ]);
  });

  it('the mailing address: only the fields that changed', async () => {
    const rhonda = await as(t, 'residential');
    const row = await t.db.db
      .selectFrom('mailing_locations')
      .selectAll()
      .where('customer_id', '=', RESIDENTIAL)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${row.id}`, {
      vcAddress: row.address,
      vcAddress2: 'Apt 9',
      vcCity: row.city,
      vcState: row.state,
      vcZip: row.zip,
      vcZipFour: row.zip_four ?? '',
    });
    expect(res.statusCode).toBe(200);
    expect(await lastChanges('mailing-address.update', RESIDENTIAL)).toEqual([
      {
        field: 'Address',
        from: [row.address, row.address2].filter(Boolean).join(', ') || null,
        to: `${row.address}, Apt 9`,
      },
    ]);
  });

  it('a mailbox’s forwarding in words, and its password only as “(changed)”', async () => {
    const mailbox = await t.db.db
      .selectFrom('email_accounts')
      .select('id')
      .where('address', '=', FRONT_DESK)
      .executeTakeFirstOrThrow();
    const dana = await as(t, 'business');
    const url = `/api/customer/services/email/${mailbox.id}/forward`;
    await dana.call('PUT', url, { forwardTo: '', keepCopy: false });
    expect(
      (await dana.call('PUT', url, { forwardTo: 'reception@acmedental.example', keepCopy: true })).statusCode,
    ).toBe(200);
    expect(await lastChanges('email.forward', BUSINESS)).toEqual([
      { field: 'Forward to', from: null, to: 'reception@acmedental.example' },
      { field: 'Keep a copy', from: 'No', to: 'Yes' },
    ]);
    const password = 'Another-Strong-Pass-42!';
    const res = await dana.call('PUT', `/api/customer/services/email/${mailbox.id}/password`, {
      password,
      confirm: password,
    });
    expect(res.statusCode).toBe(200);
    const changes = await lastChanges('email.password', BUSINESS);
    expect(changes).toEqual([{ field: 'Password', from: null, to: '(changed)' }]);
  });

  it('a contact added, linked to a location and removed', async () => {
    const dana = await as(t, 'business');
    const added = await dana.call(
      'POST',
      '/api/customer/contacts',
      {
        ContactCategory: 'Billing',
        ContactName: 'Pat Payne',
        Phone: '573-555-0190',
        Phone2: '',
        Email: '',
        serviceLocationIds: [],
      },
      { 'idempotency-key': newKey('history-contact') },
    );
    expect(added.statusCode).toBe(201);
    expect(await lastChanges('contact.add', BUSINESS)).toEqual(
      expect.arrayContaining([
        { field: 'Name', from: null, to: 'Pat Payne' },
        { field: 'Phone', from: null, to: '5735550190' },
      ]),
    );
    const id = added.json<{ contact: { ContactMethodID: number } }>().contact?.ContactMethodID;
    const contactId =
      id ??
      (
        await t.db.db
          .selectFrom('contact_methods')
          .select('id')
          .where('name', '=', 'Pat Payne')
          .executeTakeFirstOrThrow()
      ).id;
    const location = await t.db.db
      .selectFrom('service_locations')
      .select('id')
      .where('customer_id', '=', BUSINESS)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const link = await dana.call('PUT', `/api/customer/contacts/${contactId}/locations/${location.id}`, {
      linkType: 'Billing',
    });
    expect(link.statusCode).toBe(200);
    expect(await lastChanges('contact.link-location', BUSINESS)).toEqual([
      { field: `Location ${location.id}`, from: null, to: 'Billing' },
    ]);
    expect((await dana.call('DELETE', `/api/customer/contacts/${contactId}`)).statusCode).toBe(204);
    expect(await lastChanges('contact.delete', BUSINESS)).toEqual(
      expect.arrayContaining([{ field: 'Name', from: 'Pat Payne', to: null }]),
    );
  });
});
