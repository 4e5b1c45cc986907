import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAX_FILES } from '../../demo/services.js';
import { verifyPassword } from '../../lib/passwords.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, RESIDENTIAL, superUser } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailboxId = async (address: string) =>
  (await t.db.db.selectFrom('email_accounts').select('id').where('address', '=', address).executeTakeFirstOrThrow()).id;
const RHONDA = 'rhonda.reyes@boonevalleyfiber.example';
const BILLING_BOX = 'acme.billing@boonevalleyfiber.example';
const FRONT_DESK = 'acme.frontdesk@boonevalleyfiber.example';
const DR_DIAZ = 'acme.drdiaz@boonevalleyfiber.example';
const faxNumberId = async () =>
  (await t.db.db.selectFrom('fax_numbers').select('id').where('customer_id', '=', BUSINESS).executeTakeFirstOrThrow())
    .id;
const auditCount = async (action: string) =>
  (await t.db.db.selectFrom('audit_log').select('id').where('action', '=', `customer.${action}`).execute()).length;

describe('GET /api/customer/services/locations', () => {
  it('lists the account’s locations with each package’s name, price and state', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/services/locations');
    expect(res.statusCode).toBe(200);
    const locations = res.json() as { ServiceLocationID: number; Packages: { priceCents: number; Active: string }[] }[];
    const ids = (
      await t.db.db
        .selectFrom('service_locations')
        .select('id')
        .where('customer_id', '=', BUSINESS)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    expect(locations.map((l) => l.ServiceLocationID)).toEqual(ids);
    const expected = await t.db.db
      .selectFrom('service_location_packages as sp')
      .innerJoin('service_locations as l', 'l.id', 'sp.service_location_id')
      .innerJoin('packages as p', 'p.id', 'sp.package_id')
      .select(['p.name', 'p.price_cents', 'sp.active'])
      .where('l.customer_id', '=', BUSINESS)
      .execute();
    const packages = locations.flatMap((l) => l.Packages);
    expect(packages.length).toBeGreaterThan(0);
    expect(packages).toHaveLength(expected.length);
    expect(packages.every((p) => Number.isInteger(p.priceCents) && ['0', '1'].includes(p.Active))).toBe(true);
  });

  it('refuses a user without the Services permission', async () => {
    const res = await (await as(t, 'business-billing')).call('GET', '/api/customer/services/locations');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('“Services” permission');
  });
});

describe('GET /api/customer/services/email', () => {
  it('lists only the account’s mailboxes, with usage, forwarding and auto-reply, never a password', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/services/email');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.webmailUrl).toMatch(/^https?:\/\//);
    expect(body.mailboxes.map((m: { address: string }) => m.address)).toEqual([BILLING_BOX, DR_DIAZ, FRONT_DESK]);
    const billing = body.mailboxes[0];
    expect(billing).toMatchObject({ forwardTo: 'bill.bates@acmedental.example', keepCopy: true, quotaMb: 5120 });
    expect(body.mailboxes[1].vacation).toMatchObject({ enabled: true, subject: 'Out of the office' });
    expect(res.body).not.toMatch(/argon2|password/i);
    const residential = (await (await as(t, 'residential')).call('GET', '/api/customer/services/email')).json();
    expect(residential.mailboxes.map((m: { address: string }) => m.address)).toEqual([RHONDA]);
  });

  it('refuses a user without the Services permission and a non-customer', async () => {
    expect((await (await as(t, 'business-billing')).call('GET', '/api/customer/services/email')).statusCode).toBe(403);
    expect((await (await as(t, 'installer')).call('GET', '/api/customer/services/email')).statusCode).toBe(403);
  });
});

describe('PUT /api/customer/services/email/:id/password (modEmailPass)', () => {
  it('stores an argon2id hash of the new password and answers the mailbox without it', async () => {
    const id = await mailboxId(FRONT_DESK);
    const before = await auditCount('email.password');
    const res = await (await as(t, 'business')).call('PUT', `/api/customer/services/email/${id}/password`, {
      password: 'new front desk pass',
      confirm: 'new front desk pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toBe(FRONT_DESK);
    expect(res.body).not.toContain('new front desk pass');
    const row = await t.db.db
      .selectFrom('email_accounts')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash, 'new front desk pass')).toBe(true);
    expect(await auditCount('email.password')).toBe(before + 1);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'customer.email.password')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).not.toContain('new front desk pass');
  });

  it('names the field: too short, differing confirmation, the address itself; nothing is stored', async () => {
    const id = await mailboxId(FRONT_DESK);
    const hash = async () =>
      (
        await t.db.db
          .selectFrom('email_accounts')
          .select('password_hash')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const before = await hash();
    const caller = await as(t, 'business');
    const url = `/api/customer/services/email/${id}/password`;
    const short = await caller.call('PUT', url, { password: 'short', confirm: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe('New password must be 10 to 128 characters.');
    const differ = await caller.call('PUT', url, { password: 'long enough one', confirm: 'long enough two' });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().error.fields.confirm).toMatch(/differ/);
    const same = await caller.call('PUT', url, { password: FRONT_DESK, confirm: FRONT_DESK });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.password).toBe('New password cannot be the mailbox address.');
    expect(await hash()).toBe(before);
  });

  it('refuses another account’s mailbox (403), an unknown one (404) and a user without Services', async () => {
    const rhonda = await mailboxId(RHONDA);
    const body = { password: 'takeover-attempt-1', confirm: 'takeover-attempt-1' };
    expect(
      (await (await as(t, 'business')).call('PUT', `/api/customer/services/email/${rhonda}/password`, body)).statusCode,
    ).toBe(403);
    expect(
      (await (await as(t, 'business')).call('PUT', '/api/customer/services/email/99999/password', body)).statusCode,
    ).toBe(404);
    const own = await mailboxId(FRONT_DESK);
    expect(
      (await (await as(t, 'business-billing')).call('PUT', `/api/customer/services/email/${own}/password`, body))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/customer/services/email/:id/forward (modForward)', () => {
  it('sets forwarding with keep-a-copy, then clears it, auditing each', async () => {
    const id = await mailboxId(FRONT_DESK);
    const caller = await as(t, 'business');
    const url = `/api/customer/services/email/${id}/forward`;
    const before = await auditCount('email.forward');
    const on = await caller.call('PUT', url, { forwardTo: 'Reception@AcmeDental.example', keepCopy: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ forwardTo: 'reception@acmedental.example', keepCopy: true });
    const off = await caller.call('PUT', url, { forwardTo: '', keepCopy: true });
    expect(off.json()).toMatchObject({ forwardTo: null, keepCopy: false });
    expect(await auditCount('email.forward')).toBe(before + 2);
  });

  it('refuses a malformed address and the mailbox itself, naming forwardTo', async () => {
    const id = await mailboxId(FRONT_DESK);
    const caller = await as(t, 'business');
    const url = `/api/customer/services/email/${id}/forward`;
    const bad = await caller.call('PUT', url, { forwardTo: 'reception@', keepCopy: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.forwardTo).toMatch(/valid email address/);
    const self = await caller.call('PUT', url, { forwardTo: FRONT_DESK.toUpperCase(), keepCopy: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields.forwardTo).toBe('Forward to must be another address than the mailbox itself.');
    const noFlag = await caller.call('PUT', url, { forwardTo: 'a@b.example' });
    expect(noFlag.json().error.fields.keepCopy).toBeDefined();
  });

  it('refuses another account’s mailbox and a user without Services', async () => {
    const rhonda = await mailboxId(RHONDA);
    const body = { forwardTo: 'thief@example.com', keepCopy: false };
    expect(
      (await (await as(t, 'business')).call('PUT', `/api/customer/services/email/${rhonda}/forward`, body)).statusCode,
    ).toBe(403);
    const row = await t.db.db
      .selectFrom('email_accounts')
      .select('forward_to')
      .where('id', '=', rhonda)
      .executeTakeFirstOrThrow();
    expect(row.forward_to).toBeNull();
    const own = await mailboxId(FRONT_DESK);
    expect(
      (await (await as(t, 'business-billing')).call('PUT', `/api/customer/services/email/${own}/forward`, body))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/customer/services/email/:id/vacation (modVacMsg)', () => {
  const VACATION = {
    enabled: true,
    subject: 'Closed for inventory',
    message: 'We are closed this week. Call (573)555-0100 for emergencies.',
    startDate: '2030-07-01',
    endDate: '2030-07-05',
  };

  it('turns the auto-reply on with its text and dates, then off keeping the text', async () => {
    const id = await mailboxId(FRONT_DESK);
    const caller = await as(t, 'business');
    const url = `/api/customer/services/email/${id}/vacation`;
    const on = await caller.call('PUT', url, VACATION);
    expect(on.statusCode).toBe(200);
    expect(on.json().vacation).toEqual(VACATION);
    const off = await caller.call('PUT', url, { ...VACATION, enabled: false, startDate: '', endDate: '' });
    expect(off.json().vacation).toMatchObject({ enabled: false, subject: VACATION.subject, startDate: null });
  });

  it('names each bad field and stores nothing', async () => {
    const id = await mailboxId(DR_DIAZ);
    const caller = await as(t, 'business');
    const url = `/api/customer/services/email/${id}/vacation`;
    const res = await caller.call('PUT', url, {
      enabled: true,
      subject: 's'.repeat(121),
      message: '',
      startDate: '2030-07-10',
      endDate: '2030-07-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      subject: 'Subject must be at most 120 characters.',
      message: 'Message is required when the auto-reply is on.',
    });
    const dates = await caller.call('PUT', url, { ...VACATION, startDate: '2030-07-10', endDate: '2030-07-01' });
    expect(dates.json().error.fields.endDate).toBe('Last day must be on or after the first day.');
    const row = await t.db.db
      .selectFrom('email_accounts')
      .select(['vacation_subject', 'vacation_start'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.vacation_subject).toBe('Out of the office');
  });

  it('refuses another account’s mailbox and a user without Services', async () => {
    const rhonda = await mailboxId(RHONDA);
    expect(
      (await (await as(t, 'business')).call('PUT', `/api/customer/services/email/${rhonda}/vacation`, VACATION))
        .statusCode,
    ).toBe(403);
    const own = await mailboxId(DR_DIAZ);
    expect(
      (await (await as(t, 'business-billing')).call('PUT', `/api/customer/services/email/${own}/vacation`, VACATION))
        .statusCode,
    ).toBe(403);
  });

  it('a super-user session’s change is audited with the staff member', async () => {
    const id = await mailboxId(RHONDA);
    const res = await (await superUser(t, RESIDENTIAL)).call('PUT', `/api/customer/services/email/${id}/vacation`, {
      ...VACATION,
      enabled: false,
    });
    expect(res.statusCode).toBe(200);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['employee_id', 'subject'])
      .where('action', '=', 'customer.email.vacation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ employee_id: 7, subject: `${RESIDENTIAL}:${id}` });
  });
});

describe('fax', () => {
  it('lists the business fax number with its recipients and received faxes; others have none', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/services/fax');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.maxEmailAddresses).toBe(5);
    expect(body.faxNumbers).toHaveLength(1);
    const fax = body.faxNumbers[0];
    expect(fax.number).toBe('5735550188');
    expect(fax.emailAddresses.map((e: { email: string }) => e.email)).toContain('frontdesk@acmedental.example');
    expect(fax.received).toHaveLength(FAX_FILES.length);
    const times = fax.received.map((r: { receivedAt: string }) => r.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const residential = (await (await as(t, 'residential')).call('GET', '/api/customer/services/fax')).json();
    expect(residential.faxNumbers).toEqual([]);
    expect((await (await as(t, 'business-billing')).call('GET', '/api/customer/services/fax')).statusCode).toBe(403);
  });

  it('adds and removes a recipient, lower-cased and audited', async () => {
    const id = await faxNumberId();
    const caller = await as(t, 'business');
    const url = `/api/customer/services/fax/${id}/email-addresses`;
    const before = await auditCount('fax.email.add');
    const added = await caller.call('POST', url, { email: ' Lab@AcmeDental.example ' });
    expect(added.statusCode).toBe(201);
    expect(added.json().email).toBe('lab@acmedental.example');
    expect(await auditCount('fax.email.add')).toBe(before + 1);
    const removed = await caller.call('DELETE', `${url}/${added.json().FaxEmailID}`);
    expect(removed.statusCode).toBe(204);
    const list = (await caller.call('GET', '/api/customer/services/fax')).json().faxNumbers[0].emailAddresses;
    expect(list.map((e: { email: string }) => e.email)).not.toContain('lab@acmedental.example');
    expect(await auditCount('fax.email.remove')).toBeGreaterThan(0);
    expect((await caller.call('DELETE', `${url}/${added.json().FaxEmailID}`)).statusCode).toBe(404);
  });

  it('refuses a bad address, a duplicate and a sixth recipient, naming email; nothing half-stored', async () => {
    const id = await faxNumberId();
    const caller = await as(t, 'business');
    const url = `/api/customer/services/fax/${id}/email-addresses`;
    const bad = await caller.call('POST', url, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toMatch(/valid email address/);
    const dup = await caller.call('POST', url, { email: 'FRONTDESK@acmedental.example' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields.email).toMatch(/already receives/);
    const count = async () =>
      (await t.db.db.selectFrom('fax_email_addresses').select('id').where('fax_number_id', '=', id).execute()).length;
    const added: number[] = [];
    for (let i = 0; (await count()) < 5; i += 1) {
      const res = await caller.call('POST', url, { email: `extra${i}@acmedental.example` });
      expect(res.statusCode).toBe(201);
      added.push(res.json().FaxEmailID);
    }
    const sixth = await caller.call('POST', url, { email: 'sixth@acmedental.example' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.fields.email).toMatch(/at most 5/);
    expect(await count()).toBe(5);
    for (const faxEmailId of added) await caller.call('DELETE', `${url}/${faxEmailId}`);
  });

  it('refuses another account’s fax number and recipient, and a user without Services', async () => {
    const id = await faxNumberId();
    const recipient = await t.db.db
      .selectFrom('fax_email_addresses')
      .select('id')
      .where('fax_number_id', '=', id)
      .executeTakeFirstOrThrow();
    const rhonda = await as(t, 'residential');
    const add = await rhonda.call('POST', `/api/customer/services/fax/${id}/email-addresses`, { email: 'x@y.example' });
    expect(add.statusCode).toBe(403);
    const del = await rhonda.call('DELETE', `/api/customer/services/fax/${id}/email-addresses/${recipient.id}`);
    expect(del.statusCode).toBe(403);
    const billing = await as(t, 'business-billing');
    expect(
      (await billing.call('POST', `/api/customer/services/fax/${id}/email-addresses`, { email: 'x@y.example' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await billing.call('DELETE', `/api/customer/services/fax/${id}/email-addresses/${recipient.id}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await (
          await as(t, 'business')
        ).call('POST', '/api/customer/services/fax/99999/email-addresses', { email: 'x@y.example' })
      ).statusCode,
    ).toBe(404);
    expect(
      await t.db.db.selectFrom('fax_email_addresses').select('id').where('id', '=', recipient.id).executeTakeFirst(),
    ).toBeDefined();
  });

  it('downloads a received fax as the stored PDF, only for the owning account with Services', async () => {
    const fax = await t.db.db
      .selectFrom('faxes_received')
      .select(['id', 'storage_key'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const url = `/api/customer/services/fax/received/${fax.id}/pdf`;
    const res = await (await as(t, 'business')).call('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="fax-5735550188-/);
    const file = FAX_FILES.find((f) => f.storageKey === fax.storage_key);
    expect(res.rawPayload.equals(file?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect((await (await as(t, 'residential')).call('GET', url)).statusCode).toBe(403);
    expect((await (await as(t, 'business-billing')).call('GET', url)).statusCode).toBe(403);
    expect(
      (await (await as(t, 'business')).call('GET', '/api/customer/services/fax/received/99999/pdf')).statusCode,
    ).toBe(404);
    expect(
      (await (await as(t, 'business')).call('GET', '/api/customer/services/fax/received/abc/pdf')).statusCode,
    ).toBe(400);
  });
});
