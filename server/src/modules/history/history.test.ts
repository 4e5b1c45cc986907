import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../lib/audit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, RESIDENTIAL, superUser } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entries = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('the audit log behind the timelines', () => {
  it('a change writes exactly one entry with its subject, account, origin and who', async () => {
    const rhonda = await as(t, 'residential');
    const before = (await entries('customer.billing.paperless')).length;
    const res = await rhonda.call(
      'PUT',
      '/api/customer/billing/paperless',
      { paperless: true },
      {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
      },
    );
    expect(res.statusCode).toBe(200);
    const rows = await entries('customer.billing.paperless');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      subject_type: 'account',
      subject_id: RESIDENTIAL,
      customer_id: RESIDENTIAL,
      super_user: 0,
      user_agent: 'Chrome on Windows',
    });
    expect(rows.at(-1)?.ip).toBeTruthy();
  });

  it('a rolled-back change leaves no entry', async () => {
    const count = async () => (await entries('test.rolled-back')).length;
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        await trx.updateTable('customers').set({ paperless_billing: 1 }).where('id', '=', BUSINESS).execute();
        await audit(trx, {
          at: new Date().toISOString(),
          userId: null,
          employeeId: null,
          action: 'test.rolled-back',
          subject: BUSINESS,
        });
        throw new Error('the change fails after its entry was written');
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(0);
  });

  it('records a super-user session, and the customer reads it in plain words', async () => {
    const su = await superUser(t, BUSINESS);
    expect((await su.call('PUT', '/api/customer/billing/paperless', { paperless: true })).statusCode).toBe(200);
    expect((await entries('customer.billing.paperless')).at(-1)).toMatchObject({
      customer_id: BUSINESS,
      super_user: 1,
    });
    const acme = await as(t, 'business');
    const activity = (await acme.call('GET', '/api/customer/activity')).json();
    expect(activity.entries[0].text).toMatch(
      /^Paperless billing turned on by .+ \(staff: Sam Stone, through a super-user session\)$/,
    );
  });

  it('a customer sees only its own account, and never the staff timelines', async () => {
    const rhonda = await as(t, 'residential');
    const mine = (await rhonda.call('GET', '/api/customer/activity')).json();
    expect(mine.entries.length).toBeGreaterThan(0);
    const ids = mine.entries.map((e: { id: number }) => e.id);
    const rows = await t.db.db.selectFrom('audit_log').select('customer_id').where('id', 'in', ids).execute();
    expect(new Set(rows.map((r) => r.customer_id))).toEqual(new Set([RESIDENTIAL]));
    const foreign = await rhonda.call('GET', `/api/staff/history?type=account&id=${BUSINESS}`);
    expect(foreign.statusCode).toBe(403);
  });

  it('staff read an account timeline, filter it by action, actor and date, and get 404 for no such subject', async () => {
    const staff = await as(t, 'staff');
    const all = (await staff.call('GET', `/api/staff/history?type=account&id=${RESIDENTIAL}`)).json();
    expect(all.total).toBeGreaterThan(0);
    expect(all.entries.find((e: { action: string }) => e.action === 'customer.billing.paperless')).toMatchObject({
      summary: 'Paperless billing turned on',
      actorKind: 'customer',
      device: 'Chrome on Windows',
    });
    const paperless = (
      await staff.call('GET', `/api/staff/history?type=account&id=${RESIDENTIAL}&action=customer.billing`)
    ).json();
    expect(paperless.entries.every((e: { action: string }) => e.action.startsWith('customer.billing'))).toBe(true);
    const system = (await staff.call('GET', `/api/staff/history?type=account&id=${RESIDENTIAL}&actor=system`)).json();
    expect(system.entries.every((e: { actorKind: string }) => e.actorKind === 'system')).toBe(true);
    const old = (await staff.call('GET', `/api/staff/history?type=account&id=${RESIDENTIAL}&to=2000-01-01`)).json();
    expect(old.total).toBe(0);
    expect((await staff.call('GET', '/api/staff/history?type=order&id=999999')).statusCode).toBe(404);
    const bad = await staff.call('GET', `/api/staff/history?type=planet&id=${RESIDENTIAL}`);
    expect(bad.statusCode).toBe(400);
    // A day that is not on the calendar is named and refused (found by the route fuzzer: it was a 500).
    for (const to of ['0000-00-00', '2026-02-30', '2026-13-01']) {
      const notADay = await staff.call('GET', `/api/staff/history?type=account&id=${RESIDENTIAL}&to=${to}`);
      expect(notADay.statusCode, to).toBe(400);
      expect(notADay.body).toContain('To must be a real date like 2025-01-31.');
    }
  });
});
