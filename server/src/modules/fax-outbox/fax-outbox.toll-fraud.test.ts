/**
 * Toll fraud (issue 25 finding 6): faxes go only where the provider's plan covers (US and Canadian numbers and
 * toll-free; never premium-rate; international-rate only with the account's international faxing), and an account
 * faxes at most FAX_MAX_PAGES_PER_DAY pages in any 24 hours, counted in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { as, BUSINESS, newKey } from '../customer-account/customer-test-helpers.js';
import { acmeFaxNumberId, pdfWithPages, sendFax } from './fax-test-helpers.js';

const BUDGET = 60;

let t: TestApp;
let faxNumberId: number;
let business: string;
beforeAll(async () => {
  t = await createTestApp({ FAX_MAX_PAGES_PER_DAY: String(BUDGET) });
  faxNumberId = await acmeFaxNumberId(t);
  business = (await as(t, 'business')).token;
});
afterAll(() => t.close());

const count = async (table: 'sent_faxes' | 'sent_fax_files') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sendAudits = async () =>
  (await t.db.db.selectFrom('audit_log').select('id').where('action', '=', 'customer.fax.send').execute()).length;
const setInternational = (on: boolean) =>
  t.db.db
    .updateTable('customers')
    .set({ international_faxing: on ? 1 : 0 })
    .where('id', '=', BUSINESS)
    .execute();

/** Deletes the faxes a test queued, so the page budget of the next test starts from the demo's faxes only. */
const forgetFax = async (id: number) => {
  await t.db.db.deleteFrom('fax_page_charges').where('sent_fax_id', '=', id).execute();
  await t.db.db.deleteFrom('sent_fax_files').where('sent_fax_id', '=', id).execute();
  await t.db.db.deleteFrom('sent_faxes').where('id', '=', id).execute();
};

describe('fax destinations: only where the plan covers', () => {
  it('refuses premium-rate, international-rate and international numbers (400 naming `to`), storing nothing', async () => {
    const before = [await count('sent_faxes'), await count('sent_fax_files'), await sendAudits()];
    const cases: [string, RegExp][] = [
      ['(900) 555-0199', /premium-rate \(pay-per-call\) number/],
      ['1-900-555-0199', /premium-rate/],
      ['(573) 976-0199', /premium-rate/],
      ['(876) 555-0199', /is in Jamaica, an international call/],
      ['809-555-0199', /the Dominican Republic, an international call/],
      ['+1 473 555 0199', /Grenada/],
      ['268 555 0199', /Antigua and Barbuda/],
      ['011 44 20 7946 0958', /is an international number/],
      ['+44 20 7946 0958', /is an international number/],
      ['(700) 555-0199', /special service code/],
    ];
    for (const [to, message] of cases) {
      const res = await sendFax(t, { token: business, faxNumberId, to });
      expect(res.statusCode, `${to}: ${res.body}`).toBe(400);
      const error = res.json().error;
      expect(error.fields?.to, to).toMatch(message);
      expect(error.message, to).toMatch(message);
    }
    const intl = await sendFax(t, { token: business, faxNumberId, to: '876 555 0199' });
    expect(intl.json().error.fields.to).toMatch(
      /Faxes can go to US and Canadian fax numbers \(10 digits, like \(573\) 555-0123\) and toll-free numbers\. To fax there, ask us to turn on international faxing for your account\./,
    );
    expect([await count('sent_faxes'), await count('sent_fax_files'), await sendAudits()]).toEqual(before);
  });

  it('sends to US, Canadian, US-territory and toll-free numbers', async () => {
    for (const [to, stored] of [
      ['(573) 555-0150', '5735550150'],
      ['416-555-0199', '4165550199'],
      ['(787) 555-0100', '7875550100'],
      ['1 (800) 555-0199', '8005550199'],
      ['888 555 0199', '8885550199'],
    ]) {
      const res = await sendFax(t, { token: business, faxNumberId, to });
      expect(res.statusCode, `${to}: ${res.body}`).toBe(201);
      expect(res.json().toNumber).toBe(stored);
      await forgetFax(res.json().SentFaxID);
    }
  });

  it('with international faxing on, sends to international-rate and 011 numbers, never to premium-rate ones', async () => {
    await setInternational(true);
    try {
      for (const [to, stored] of [
        ['(876) 555-0199', '8765550199'],
        ['809 555 0199', '8095550199'],
        ['011 44 20 7946 0958', '011442079460958'],
        ['+33 1 23 45 67 89', '01133123456789'],
      ]) {
        const res = await sendFax(t, { token: business, faxNumberId, to });
        expect(res.statusCode, `${to}: ${res.body}`).toBe(201);
        expect(res.json().toNumber).toBe(stored);
        await forgetFax(res.json().SentFaxID);
      }
      for (const to of ['900 555 0199', '573 976 0199']) {
        const res = await sendFax(t, { token: business, faxNumberId, to });
        expect(res.statusCode, to).toBe(400);
        expect(res.json().error.fields.to).toMatch(/premium-rate/);
      }
    } finally {
      await setInternational(false);
    }
    expect((await sendFax(t, { token: business, faxNumberId, to: '876 555 0199' })).statusCode).toBe(400);
  });
});

describe('the daily page budget', () => {
  it(`takes at most FAX_MAX_PAGES_PER_DAY (${BUDGET}) pages in 24 hours, then 429 storing nothing; a retry counts too`, async () => {
    const send = (pages: number, key = newKey('budget')) =>
      sendFax(t, {
        token: business,
        faxNumberId,
        to: '(573) 555-0150',
        key,
        files: [{ name: 'pages.pdf', type: 'application/pdf', data: pdfWithPages(pages) }],
      });
    // The budget starts empty whatever the tests above left.
    await t.db.db.deleteFrom('fax_page_charges').where('customer_id', '=', BUSINESS).execute();
    const first = await send(40);
    expect(first.statusCode, first.body).toBe(201);
    expect((await send(20)).statusCode).toBe(201);

    const before = [await count('sent_faxes'), await count('sent_fax_files'), await sendAudits()];
    const over = await send(1);
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json().error.message).toMatch(
      /^Your account has faxed 60 pages in the last 24 hours and may fax at most 60; this fax has 1 page\. Try again in 2[34] hours?( \d+ minutes?)?, or send fewer pages\.$/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect([await count('sent_faxes'), await count('sent_fax_files'), await sendAudits()]).toEqual(before);

    // A failed fax sent again is pages sent again.
    const failed = await t.db.db
      .selectFrom('sent_faxes')
      .select('id')
      .where('customer_id', '=', BUSINESS)
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    const retry = await (await as(t, 'business')).call('POST', `/api/customer/services/fax/outbox/${failed.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(429);
    const row = await t.db.db.selectFrom('sent_faxes').select('status').where('id', '=', failed.id).executeTakeFirst();
    expect(row?.status).toBe('failed');

    // The same Idempotency-Key still answers the fax it sent (a replay is not a new fax).
    const key = newKey('budget-replay');
    await forgetFax(first.json().SentFaxID);
    const replayable = await send(40, key);
    expect(replayable.statusCode).toBe(201);
    expect((await send(40, key)).json().SentFaxID).toBe(replayable.json().SentFaxID);

    // 24 hours later the pages are free again.
    t.clock.advanceSeconds(24 * 3600 + 1);
    const later = await sendFax(t, { token: (await as(t, 'business')).token, faxNumberId, to: '5735550150' });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('holds when faxes are sent at once, on two instances (PostgreSQL) or one (SQLite): never past the budget', async () => {
    await t.db.db.deleteFrom('fax_page_charges').where('customer_id', '=', BUSINESS).execute();
    const token = (await as(t, 'business')).token;
    // SQLite is one server's database; several instances share PostgreSQL.
    const other = t.db.dialect === 'postgres' ? await secondInstance(t) : null;
    try {
      const before = await count('sent_faxes');
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => {
          const body = multipart([
            { name: 'to', value: '5735550150' },
            { name: 'file_1', filename: 'pages.pdf', type: 'application/pdf', data: pdfWithPages(20) },
          ]);
          const request = n % 2 === 0 && other ? other.request : t.request;
          return request({
            method: 'POST',
            url: `/api/customer/services/fax/${faxNumberId}/outbox`,
            token,
            payload: body.payload,
            headers: { ...body.headers, 'idempotency-key': newKey(`at-once-${n}`) },
          });
        }),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 201, 201, 429, 429]);
      expect(await count('sent_faxes')).toBe(before + 3);
      const charged = await t.db.db
        .selectFrom('fax_page_charges')
        .select('pages')
        .where('customer_id', '=', BUSINESS)
        .execute();
      expect(charged.reduce((sum, c) => sum + c.pages, 0)).toBe(BUDGET);
    } finally {
      await other?.close();
    }
  });
});
