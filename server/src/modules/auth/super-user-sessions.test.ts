/**
 * Super-user sessions (issue 25, finding 4): a 10-minute link must not become a permanent way in, nor a way around
 * the staff member's own role. No new users, passwords or email addresses through a super-user session; no more than
 * the staff member's role allows (billing staff do not cancel and refund orders, sales staff take no payments); every
 * write audited under the employee. The rules live in plugins/super-user.ts.
 */
import { DEFAULT_THEME } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { SUPER_USER_RULES } from '../../plugins/super-user.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { BUSINESS, type Caller, CONSUMER, RESIDENTIAL, superUser } from '../customer-account/customer-test-helpers.js';
import { placeConsumerOrder } from '../orders/orders-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NO_OUTLIVING =
  /^A super-user session cannot .+\. Ask the account's administrator to do it from their own sign-in\.$/;
const EMPLOYEE = { staff: 7, sales: 11, billing: 13 };

function expectRefused(res: { statusCode: number; json(): { error: { message: string } } }, message: RegExp) {
  expect(res.statusCode).toBe(403);
  expect(res.json().error.message).toMatch(message);
}

describe('a super-user session makes nothing that outlives it', () => {
  let staff: Caller;
  beforeAll(async () => {
    staff = await superUser(t, BUSINESS);
  });

  it('cannot add a user (403), and no user is made', async () => {
    const res = await staff.call('POST', '/api/customer/users', {
      username: 'staff-made-user',
      firstName: 'Kept',
      lastName: 'Door',
      email: 'kept.door@example.com',
      password: 'a-long-chosen-passphrase',
    });
    expectRefused(res, NO_OUTLIVING);
    expect(res.json().error.message).toContain('cannot add users');
    const made = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'staff-made-user')
      .executeTakeFirst();
    expect(made).toBeUndefined();
  });

  it('cannot change a user’s email (403, no change pending, no mail); a name change still works', async () => {
    const users = (await staff.call('GET', '/api/customer/users')).json() as {
      nUserID: number;
      vcFirstName?: string;
      email?: string;
    }[];
    const dana = DEMO.users.business.id;
    expect(users.map((u) => u.nUserID)).toContain(dana);
    const row = await t.db.db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name'])
      .where('id', '=', dana)
      .executeTakeFirstOrThrow();
    const mailBefore = t.mail.length;
    const res = await staff.call('PUT', `/api/customer/users/${dana}`, {
      firstName: row.first_name,
      lastName: row.last_name,
      email: 'staff.inbox@example.com',
      active: true,
    });
    expectRefused(res, /cannot change email addresses/);
    const pending = await t.db.db.selectFrom('email_changes').select('id').where('user_id', '=', dana).execute();
    expect(pending).toEqual([]);
    expect(t.mail.length).toBe(mailBefore);

    const renamed = await staff.call('PUT', `/api/customer/users/${dana}`, {
      firstName: row.first_name,
      lastName: `${row.last_name}-Smith`,
      email: row.email.toUpperCase(),
      active: true,
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('cannot set a contact’s email address; a contact without one, or an edit keeping it, is fine', async () => {
    const contact = {
      ContactCategory: 'Technical',
      ContactName: 'Staff Contact',
      Phone: '(573) 555-0190',
      Phone2: '',
      Email: 'staff.inbox@example.com',
    };
    expectRefused(await staff.call('POST', '/api/customer/contacts', contact), /cannot set contact email addresses/);
    const added = await staff.call('POST', '/api/customer/contacts', { ...contact, Email: '' });
    expect(added.statusCode).toBe(201);
    const id = added.json().ContactMethodID;
    expectRefused(
      await staff.call('PUT', `/api/customer/contacts/${id}`, contact),
      /cannot set contact email addresses/,
    );
    const withEmail = await t.db.db
      .selectFrom('contact_methods')
      .selectAll()
      .where('customer_id', '=', BUSINESS)
      .where('email', 'is not', null)
      .where('email', '!=', '')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const other = await staff.call('PUT', `/api/customer/contacts/${withEmail.id}`, {
      ContactCategory: withEmail.category,
      ContactName: withEmail.name,
      Phone: '(573) 555-0191',
      Phone2: withEmail.phone2 ?? '',
      Email: withEmail.email,
    });
    expect(other.statusCode).toBe(200);
    expectRefused(
      await staff.call('PUT', `/api/customer/contacts/${withEmail.id}`, {
        ContactCategory: withEmail.category,
        ContactName: withEmail.name,
        Phone: '(573) 555-0191',
        Phone2: '',
        Email: 'staff.inbox@example.com',
      }),
      /cannot set contact email addresses/,
    );
    const after = await t.db.db
      .selectFrom('contact_methods')
      .select('email')
      .where('id', '=', withEmail.id)
      .executeTakeFirstOrThrow();
    expect(after.email).toBe(withEmail.email);
  });

  it('cannot set a mailbox password or forward, mail faxes to a new address, or reset the TV password', async () => {
    const residential = await superUser(t, RESIDENTIAL);
    const mailbox = await t.db.db
      .selectFrom('email_accounts')
      .select('id')
      .where('address', '=', 'rhonda.reyes@boonevalleyfiber.example')
      .executeTakeFirstOrThrow();
    const fax = await t.db.db
      .selectFrom('fax_numbers')
      .select('id')
      .where('customer_id', '=', BUSINESS)
      .executeTakeFirstOrThrow();
    const cases: [Caller, string, string, unknown, RegExp][] = [
      [
        residential,
        'PUT',
        `/api/customer/services/email/${mailbox.id}/password`,
        { password: 'staff-chosen-pass', confirm: 'staff-chosen-pass' },
        /cannot set mailbox passwords/,
      ],
      [
        residential,
        'PUT',
        `/api/customer/services/email/${mailbox.id}/forward`,
        { forwardTo: 'staff.inbox@example.com', keepCopy: true },
        /cannot forward a mailbox/,
      ],
      [
        staff,
        'POST',
        `/api/customer/services/fax/${fax.id}/email-addresses`,
        { email: 'staff.inbox@example.com' },
        /cannot add email addresses for faxes/,
      ],
      [residential, 'POST', '/api/customer/services/tv/credentials/reset', {}, /cannot reset TV passwords/],
    ];
    for (const [caller, method, url, body, message] of cases) {
      const res = await caller.call(method as 'PUT' | 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message, url).toMatch(message);
    }
  });
});

describe('a super-user session does no more than the staff member’s own role', () => {
  /** A paid new-service order of the consumer account. */
  async function paidOrder() {
    return placeConsumerOrder(t, { paidCents: 9_900, contractorId: DEMO.contractorCompanies.prairieFiber });
  }
  const orderState = (orderId: number) =>
    t.db.db
      .selectFrom('sales_orders')
      .select(['status', 'refunded_cents'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();

  it('billing staff cannot cancel (and refund) an order, change packages or order: 403, nothing changes', async () => {
    const { orderId } = await paidOrder();
    const billing = await superUser(t, CONSUMER, 'billing-staff');
    const before = await orderState(orderId);
    const res = await billing.call('POST', `/api/customer/orders/${orderId}/cancel`, { reason: 'Staff cancel' });
    expectRefused(res, /^Your staff role does not allow this: only sales staff cancel orders/);
    expect(await orderState(orderId)).toEqual(before);
    expect(before.status).toBe('placed');
    expectRefused(await billing.call('POST', '/api/customer/orders/changes', {}), /only sales staff change packages/);
    expectRefused(await billing.call('POST', '/api/customer/orders/checkout', {}), /only sales staff place orders/);
    // What billing staff own, they may do: the account's bills.
    expect((await billing.call('GET', '/api/customer/billing/bills')).statusCode).toBe(200);
  });

  it('sales staff cancel it, refunded and audited under the employee; they take no payments or cards', async () => {
    const { orderId } = await paidOrder();
    const sales = await superUser(t, CONSUMER, 'sales');
    const res = await sales.call('POST', `/api/customer/orders/${orderId}/cancel`, { reason: 'Staff cancel' });
    expect(res.statusCode).toBe(200);
    expect(await orderState(orderId)).toMatchObject({ status: 'cancelled', refunded_cents: 9_900 });
    const audited = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('employee_id', '=', EMPLOYEE.sales)
      .where('action', '=', 'super-user.write')
      .execute();
    expect(audited.map((r) => JSON.parse(r.detail ?? '{}'))).toContainEqual({
      method: 'POST',
      route: '/api/customer/orders/:orderId/cancel',
      params: { orderId: String(orderId) },
    });
    expectRefused(
      await sales.call('POST', '/api/customer/billing/payments', {
        PaymentMethodID: 1,
        invoices: [{ InvoiceID: 1, amountCents: 100 }],
        expectedFeeCents: 0,
      }),
      /only billing staff take payments/,
    );
    expectRefused(await sales.call('POST', '/api/customer/billing/payment-methods', {}), /add payment methods/);
  });

  it('names only routes that exist', () => {
    for (const key of Object.keys(SUPER_USER_RULES)) {
      const [method = '', url = ''] = key.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });
});

describe('every write through a super-user session is audited under the employee', () => {
  const rowsOf = (employeeId: number) =>
    t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'super-user.write')
      .where('employee_id', '=', employeeId)
      .orderBy('id')
      .execute();

  it('records employee, user acted as, account and route, where the module audits nothing too', async () => {
    const billing = await superUser(t, CONSUMER, 'billing-staff');
    const before = (await rowsOf(EMPLOYEE.billing)).length;
    const res = await billing.call('PUT', '/api/settings', { theme: { ...DEFAULT_THEME, enableStyle: true } });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(EMPLOYEE.billing);
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1);
    expect(row).toMatchObject({ user_id: DEMO.users.consumer.id, employee_id: EMPLOYEE.billing, subject: CONSUMER });
    expect(JSON.parse(row?.detail ?? '{}')).toEqual({ method: 'PUT', route: '/api/settings', params: {} });
    // Reads are not writes.
    await billing.call('GET', '/api/settings');
    expect(await rowsOf(EMPLOYEE.billing)).toHaveLength(before + 1);
  });

  it('keeps the module’s own row too, both under the employee', async () => {
    const staff = await superUser(t, RESIDENTIAL);
    const res = await staff.call('POST', '/api/customer/contacts', {
      ContactCategory: 'Technical',
      ContactName: 'Audited Contact',
      Phone: '(573) 555-0192',
      Phone2: '',
      Email: '',
    });
    expect(res.statusCode).toBe(201);
    const own = await t.db.db
      .selectFrom('audit_log')
      .select('employee_id')
      .where('action', '=', 'customer.contact.add')
      .where('subject', '=', `${RESIDENTIAL}:${res.json().ContactMethodID}`)
      .executeTakeFirstOrThrow();
    expect(own.employee_id).toBe(EMPLOYEE.staff);
    const rows = await rowsOf(EMPLOYEE.staff);
    expect(JSON.parse(rows.at(-1)?.detail ?? '{}')).toMatchObject({ method: 'POST', route: '/api/customer/contacts' });
  });
});
