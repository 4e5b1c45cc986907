/**
 * Anonymous visitors on the public ordering routes (issue 25, finding 3 and three LOWs): what one client address may
 * create an hour, unguessable check ids, an availability answer that tells nothing about who has service, a "notify
 * me" mail with nothing the visitor typed, and the staff list of temporary locations (orders first, paging, search).
 * The housekeeping of what visitors leave is tested in jobs.test.ts.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { AVAILABILITY_ADDRESSES as A } from '../../demo/ordering.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const CAPS = { checks: 8, tempLocations: 2, carts: 2, leads: 2 };

let t: TestApp;
let sales: string;
beforeAll(async () => {
  t = await createTestApp({
    ORDERING_CHECKS_PER_HOUR: String(CAPS.checks),
    ORDERING_TEMP_LOCATIONS_PER_HOUR: String(CAPS.tempLocations),
    ORDERING_CARTS_PER_HOUR: String(CAPS.carts),
    ORDERING_LEADS_PER_HOUR: String(CAPS.leads),
  });
  sales = await t.login('sales');
});
afterAll(() => t.close());

type Addr = { line1: string; city: string; state: string; zip: string };
let ipSerial = 0;
/** A client of its own address (each test counts from zero). */
function client(ip = `203.0.113.${++ipSerial}`) {
  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });
  const check = (a: Addr, extra: object = {}) =>
    send('POST', '/api/ordering/availability', {
      line1: a.line1,
      unit: '',
      city: a.city,
      state: a.state,
      zip: a.zip,
      ...extra,
    });
  return { ip, send, check };
}
/** An address nobody knows, in Boonville (outside the fiber areas), kept as typed. */
const junk = (n: number): Addr => ({ line1: `${n} Visitor Test Rd`, city: 'Boonville', state: 'MO', zip: '65233' });
const count = (table: keyof Database) => t.rows(table);

describe('what one client address may create an hour', () => {
  it('new temporary locations: past ORDERING_TEMP_LOCATIONS_PER_HOUR a 429 with a plain message, nothing stored', async () => {
    const c = client();
    for (let i = 0; i < CAPS.tempLocations; i++) {
      const ok = await c.check(junk(100 + i), { acceptUnverified: true });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().status).toBe('temporary');
    }
    const [temps, checks] = [await count('temp_service_locations'), await count('availability_checks')];
    const refused = await c.check(junk(199), { acceptUnverified: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^Too many new addresses kept as typed from your network in this hour/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect([await count('temp_service_locations'), await count('availability_checks')]).toEqual([temps, checks]);
    // Checking one it made already creates no new location; another client is not affected.
    expect((await c.check(junk(100), { acceptUnverified: true })).statusCode).toBe(200);
    expect((await client().check(junk(199), { acceptUnverified: true })).statusCode).toBe(200);
  });

  it('checks: past ORDERING_CHECKS_PER_HOUR a 429, and the next hour again', async () => {
    const c = client();
    const before = await count('availability_checks');
    for (let i = 0; i < CAPS.checks; i++) expect((await c.check(A.fiber)).statusCode).toBe(200);
    const refused = await c.check(A.fiber);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/address checks/);
    expect(await count('availability_checks')).toBe(before + CAPS.checks);
    // Sales staff behind the same office address count as themselves; a token that does not verify does not help.
    const body = { line1: A.fiber.line1, unit: '', city: A.fiber.city, state: A.fiber.state, zip: A.fiber.zip };
    const as = (token: string) =>
      t.request({ method: 'POST', url: '/api/ordering/availability', remoteAddress: c.ip, token, payload: body });
    expect((await as(sales)).statusCode).toBe(200);
    expect((await as(`${sales.slice(0, -4)}AAAA`)).statusCode).toBe(429);
    t.clock.advanceSeconds(3600);
    expect((await c.check(A.fiber)).statusCode).toBe(200);
  });

  it('carts: past ORDERING_CARTS_PER_HOUR a 429', async () => {
    const c = client();
    const { checkId } = (await c.check(A.fiber)).json();
    const before = await count('carts');
    for (let i = 0; i < CAPS.carts; i++) {
      expect((await c.send('POST', '/api/ordering/carts', { checkId })).statusCode).toBe(201);
    }
    const refused = await c.send('POST', '/api/ordering/carts', { checkId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/carts/);
    expect(await count('carts')).toBe(before + CAPS.carts);
  });

  it('leads and their mails: past ORDERING_LEADS_PER_HOUR a 429 and no mail; a repeated lead costs nothing', async () => {
    const c = client();
    const { checkId } = (await c.check(A.construction)).json();
    const mails = t.mail.length;
    const lead = (n: number) => c.send('POST', '/api/ordering/leads', { checkId, email: `cap${n}@example.com` });
    expect((await lead(1)).statusCode).toBe(201);
    expect((await lead(1)).statusCode).toBe(201); // the same lead again: nothing new
    expect((await lead(2)).statusCode).toBe(201);
    const leads = await count('availability_leads');
    const refused = await lead(3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/"notify me" sign-ups/);
    expect(await count('availability_leads')).toBe(leads);
    expect(t.mail.length).toBe(mails + 2);
  });
});

describe('availability check ids', () => {
  it('are random tokens; a row number or a guess is refused', async () => {
    const c = client();
    const a = (await c.check(A.fiber)).json();
    const b = (await c.check(A.fiber)).json();
    expect(a.checkId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.checkId).not.toBe(b.checkId);
    const row = await t.db.db
      .selectFrom('availability_checks')
      .select(['id', 'public_id'])
      .where('public_id', '=', a.checkId)
      .executeTakeFirstOrThrow();
    for (const guess of [row.id, String(row.id), 'A'.repeat(22)]) {
      const res = await c.send('POST', '/api/ordering/carts', { checkId: guess });
      expect(res.statusCode, String(guess)).toBe(400);
      expect(res.json().error.fields.checkId).toBeDefined();
    }
    const cart = await c.send('POST', '/api/ordering/carts', { checkId: a.checkId });
    expect(cart.statusCode).toBe(201);
    expect(cart.json().checkId).toBe(a.checkId);
  });
});

describe('the availability answer', () => {
  it('says what can be ordered, never whether the address already has service', async () => {
    const c = client();
    const served = (await c.check({ line1: '2208 Clark Ln', city: 'Columbia', state: 'MO', zip: '65202' })).json();
    const free = (await c.check(A.fiber)).json();
    expect(Object.keys(served).sort()).toEqual(Object.keys(free).sort());
    expect(served).not.toHaveProperty('alreadyServed');
    expect(served.message).not.toMatch(/already|moving in|our service/i);
    expect(served.message.replace(served.address.line, 'X')).toBe(free.message.replace(free.address.line, 'X'));
  });
});

describe('the "notify me" mail', () => {
  it('carries no text the visitor typed: no name, no address kept as typed, only ours', async () => {
    const c = client();
    const name = 'Win a prize at evil.example';
    const outside = (
      await c.check({ line1: '1 Claim Your Prize Now At Evil Example', city: 'Kansas City', state: 'MO', zip: '64101' })
    ).json();
    expect(outside.status).toBe('outside_county');
    const res = await c.send('POST', '/api/ordering/leads', {
      checkId: outside.checkId,
      email: 'victim@example.com',
      name,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = t.mail.filter((m) => m.to === 'victim@example.com');
    expect(mail?.text).toContain('at the address you gave us');
    expect(`${mail?.subject}\n${mail?.text}`).not.toMatch(/prize|evil|Kansas|Win a/i);

    const known = (await c.check(A.construction)).json();
    await c.send('POST', '/api/ordering/leads', { checkId: known.checkId, email: 'known@example.com', name });
    const [ours] = t.mail.filter((m) => m.to === 'known@example.com');
    expect(ours?.text).toContain('412 Henry Clay Blvd, Ashland, MO 65010');
    expect(ours?.text).not.toMatch(/prize|evil/i);
  });
});

describe('GET /api/staff/temp-locations', () => {
  type Temp = { tempLocationId: number; typed: string; orders: unknown[] };
  const list = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/staff/temp-locations?${query}`, token: sales });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { tempLocations: Temp[]; total: number; limit: number; offset: number };
  };

  it('lists those with orders first, then the newest, a page at a time, with the total', async () => {
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advanceSeconds(60);
      const r = (await client().check(junk(500 + i), { acceptUnverified: true })).json();
      const check = await t.db.db
        .selectFrom('availability_checks')
        .select('temp_location_id')
        .where('public_id', '=', r.checkId)
        .executeTakeFirstOrThrow();
      made.push(check.temp_location_id as number);
    }
    // A paying customer's order waits at the second one (the oldest but one of the five).
    const order = await t.db.db
      .selectFrom('sales_orders')
      .select('id')
      .where('status', '!=', 'cancelled')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('availability_checks')
      .set({ order_id: order.id })
      .where('temp_location_id', '=', made[1] as number)
      .execute();

    const total = Number(
      (
        await t.db.db
          .selectFrom('temp_service_locations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'unconfirmed')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const first = await list('limit=3');
    expect(first).toMatchObject({ total, limit: 3, offset: 0 });
    expect(first.tempLocations.map((l) => l.tempLocationId)).toEqual([made[1], made[4], made[3]]);
    expect(first.tempLocations[0]?.orders).toHaveLength(1);
    const second = await list('limit=3&offset=3');
    expect(second.tempLocations.map((l) => l.tempLocationId)).toEqual([made[2], made[0], expect.any(Number)]);
    expect((await list(`limit=3&offset=${total}`)).tempLocations).toEqual([]);
    expect((await list('')).limit).toBe(50);
  });

  it('searches the address, every word, and takes % and _ literally', async () => {
    const found = await list('q=prairie%20VIEW');
    expect(found.total).toBe(1);
    expect(found.tempLocations[0]?.typed).toMatch(/^4100 Prairie View Rd/);
    expect((await list('q=502%20visitor%20boonville')).tempLocations.map((l) => l.typed)).toEqual([
      expect.stringMatching(/^502 Visitor Test Rd, Boonville/),
    ]);
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
  });

  it('refuses a page outside its bounds, naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['offset=-1', 'offset'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/staff/temp-locations?${query}`, token: sales });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields[field], query).toBeDefined();
    }
  });
});
