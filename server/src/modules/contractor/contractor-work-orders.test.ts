import { DEFAULT_CONTRACTOR_SEARCH } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/demo-ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['contractor', 'contractor1', 'fieldtech', 'installer', 'residential', 'staff']) {
    tokens[u] = await t.login(u);
  }
});
afterAll(() => t.close());

const CW = DEMO.contractorWorkOrders;
const OPEN = CW.company2OpenByType;
const id = (type: string) => OPEN[type] ?? 0;

const search = (user: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/contractor/work-orders/search', token: tokens[user], payload });
const get = (user: string, url: string) => t.request({ method: 'GET', url, token: tokens[user] });
const idsOf = (res: { json(): { workOrders: { nCount: number }[] } }) => res.json().workOrders.map((w) => w.nCount);

describe('GET /api/contractor/home', () => {
  it('lists the company’s open work orders and those awaiting acknowledgement', async () => {
    const res = await get('contractor', '/api/contractor/home');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.openCount).toBeGreaterThanOrEqual(24);
    expect(body.open.length).toBeLessThanOrEqual(10);
    for (const w of body.open) expect(['Complete', 'Closed']).not.toContain(w.vcStatus);
    expect(body.awaitingAcknowledgement.length).toBe(Math.min(body.awaitingCount, 50));
    for (const w of body.awaitingAcknowledgement) expect(w.acknowledged).toBe(false);
    // Every second fixed open order is unacknowledged (demo data): 11 of them, besides the background ones.
    expect(body.awaitingCount).toBeGreaterThanOrEqual(11);
    const ids = body.awaitingAcknowledgement.map((w: { nCount: number }) => w.nCount);
    expect(ids).not.toContain(id('Bury Temp Drop'));
  });

  it('shows the provider’s own crew only its own assignments', async () => {
    const body = (await get('contractor1', '/api/contractor/home')).json();
    expect(body.openCount).toBe(5);
    for (const w of body.open) expect(CW.company1).toContain(w.nCount);
  });

  it('refuses installers, customers and staff', async () => {
    for (const user of ['installer', 'residential', 'staff']) {
      expect((await get(user, '/api/contractor/home')).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/contractor/home' })).statusCode).toBe(401);
  });
});

describe('POST /api/contractor/work-orders/search', () => {
  it('finds a work order by id, type, status, customer and address', async () => {
    expect(idsOf(await search('contractor', { WorkOrderID: id('Coiled Drop') }))).toEqual([id('Coiled Drop')]);
    const yard = await search('contractor', { WorkOrderType: 'Yard Complaint' });
    expect(idsOf(yard)).toContain(id('Yard Complaint'));
    for (const w of yard.json().workOrders) expect(w.vcWorkOrderType).toBe('Yard Complaint');

    const closed = await search('contractor', { vcStatus: 'Closed', ByAssignment: '1' });
    expect(idsOf(closed)).toEqual([CW.company2Closed]);
    expect(closed.json().workOrders[0]).toMatchObject({ isComplete: true, vcViewFile: 'backbone_splice' });

    const one = (await search('contractor', { WorkOrderID: id('Business Install') })).json().workOrders[0];
    const byName = await search('contractor', { CustomerName: one.vcCustomerName.slice(2, 9).toUpperCase() });
    expect(idsOf(byName)).toContain(id('Business Install'));
    const street = one.vcAddress.split(',')[0].slice(3).toLowerCase();
    expect(idsOf(await search('contractor', { Address: `  ${street}  ` }))).toContain(id('Business Install'));
  });

  it('filters on the date part of the next scheduled time, inclusive', async () => {
    const one = (await search('contractor', { WorkOrderID: id('TV Install') })).json().workOrders[0];
    const day = one.vcNextScheduledTime.slice(0, 10);
    expect(idsOf(await search('contractor', { DateFrom: day, DateTo: day }))).toContain(id('TV Install'));
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(idsOf(await search('contractor', { DateFrom: next, DateTo: next }))).not.toContain(id('TV Install'));
  });

  it('sorts as asked and defaults to due date, descending', async () => {
    const asc = idsOf(await search('contractor', { sort: 'WorkOrderID', order: 'asc', ByAssignment: '1' }));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc).toHaveLength(26);
    const due = (await search('contractor', { ByAssignment: '1' }))
      .json()
      .workOrders.map((w: { dtDueDate: string }) => w.dtDueDate);
    expect(due).toEqual([...due].sort().reverse());
  });

  it("'assigned to you' narrows to the user's assignments; unticked it shows the whole company", async () => {
    const mine = await search('contractor', { ByAssignment: '1' });
    const company = await search('contractor', { ByAssignment: '0' });
    expect(mine.json().total).toBe(26);
    expect(company.json().total).toBeGreaterThan(26);
    for (const w of mine.json().workOrders) expect(w.assignedToMe).toBe(true);
  });

  it("refuses unticking 'assigned to you' for company 1, and shows it only its own", async () => {
    const refused = await search('contractor1', { ByAssignment: '0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.ByAssignment).toMatch(/stays ticked/);
    const own = await search('contractor1', { ByAssignment: '1', sort: 'WorkOrderID', order: 'asc' });
    expect(idsOf(own)).toEqual([...CW.company1]);
  });

  it('never returns another company’s work order', async () => {
    expect(idsOf(await search('contractor', { WorkOrderID: CW.company1[0] }))).toEqual([]);
    expect(idsOf(await search('contractor1', { WorkOrderID: id('Dispatch'), ByAssignment: '1' }))).toEqual([]);
  });

  it('names bad criteria', async () => {
    const dates = await search('contractor', { DateFrom: '2025-03-10', DateTo: '2025-03-01' });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().error.fields.DateTo).toBe('Date From must not be after Date To.');
    const type = await search('contractor', { WorkOrderType: 'Moon Landing' });
    expect(type.json().error.fields.WorkOrderType).toBe('Work Order Type must be one of the listed types.');
    expect((await search('contractor', { WorkOrderID: -4 })).statusCode).toBe(400);
  });

  it('refuses installers, customers and staff', async () => {
    for (const user of ['installer', 'residential', 'staff']) expect((await search(user, {})).statusCode).toBe(403);
  });
});

describe('GET /api/contractor/work-orders/last-search', () => {
  it('answers the default search when none is remembered, without remembering it', async () => {
    const userId = await t.userId('contractor');
    await t.db.db.deleteFrom('contractor_last_searches').where('user_id', '=', userId).execute();
    const first = (await get('contractor', '/api/contractor/work-orders/last-search')).json();
    expect(first.criteria).toBeNull();
    expect(first.first.criteria).toEqual(DEFAULT_CONTRACTOR_SEARCH);
    const fresh = (await get('contractor', '/api/contractor/work-orders/last-search')).json();
    expect(fresh).toEqual(first);
    const searched = await search('contractor', DEFAULT_CONTRACTOR_SEARCH);
    expect(first.first.result).toEqual(searched.json());
    expect(first.first.result.workOrders.length).toBeGreaterThan(0);
  });

  it('answers no first search for the provider’s crew when the remembered one unticks Assigned to you', async () => {
    // Saved before the crew's filter was locked: restored into the form, but not run (the search would refuse it).
    const userId = await t.userId('contractor1');
    const criteria = { ByAssignment: '0', sort: 'DueDate', order: 'desc' };
    await t.db.db.deleteFrom('contractor_last_searches').where('user_id', '=', userId).execute();
    await t.db.db
      .insertInto('contractor_last_searches')
      .values({ user_id: userId, criteria: JSON.stringify(criteria), saved_at: '2026-11-01T08:00:00.000Z' })
      .execute();
    const res = await get('contractor1', '/api/contractor/work-orders/last-search');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ criteria, savedAt: '2026-11-01T08:00:00.000Z', first: null });
  });

  it('remembers the last search per user', async () => {
    const before = await get('fieldtech', '/api/contractor/work-orders/last-search');
    expect(before.json()).toMatchObject({ criteria: null, savedAt: null });
    const saved = await search('fieldtech', {
      WorkOrderType: 'MST Splicing',
      CustomerName: 'Boone',
      sort: 'EventTime',
      order: 'asc',
    });
    const after = (await get('fieldtech', '/api/contractor/work-orders/last-search')).json();
    expect(after.criteria).toEqual({
      WorkOrderType: 'MST Splicing',
      CustomerName: 'Boone',
      ByAssignment: '0',
      sort: 'EventTime',
      order: 'asc',
    });
    expect(after.savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The page's first search comes answered: the last search's rows, as the search itself gave them.
    expect(after.first).toEqual({ criteria: after.criteria, result: saved.json() });
    expect(saved.json().workOrders.length).toBeGreaterThan(0);
    const other = (await get('installer', '/api/contractor/work-orders/last-search')).statusCode;
    expect(other).toBe(403);
  });
});

describe('GET /api/contractor/work-orders/:workOrderId', () => {
  it('gives a work order of the company with its type, checklist and units', async () => {
    const res = await get('contractor', `/api/contractor/work-orders/${id('Connectorized Install')}`);
    expect(res.statusCode).toBe(200);
    const wo = res.json();
    expect(wo).toMatchObject({
      WorkOrderID: id('Connectorized Install'),
      vcStatus: 'Open',
      isComplete: false,
      WorkOrderType: { vcDescription: 'Connectorized Install', vcViewFile: 'connectorized_install' },
      checklist: { template: 'connectorized', data: { nAdditionalRooms: 0, nDropTypeID: null } },
    });
    expect(wo.assemblyUnits.map((u: { vcCode: string }) => u.vcCode)).toEqual(['ONT-INST', 'DROP-UG']);
    expect(wo.ServiceLocationDetails.fullAddress).toMatch(/MO \d{5}$/);
  });

  it('marks complete and closed work orders as SPEC §4 says, and a view file without a form', async () => {
    expect((await get('contractor', `/api/contractor/work-orders/${CW.company2Complete}`)).json().isComplete).toBe(
      true,
    );
    const closed = (await get('contractor', `/api/contractor/work-orders/${CW.company2Closed}`)).json();
    expect(closed).toMatchObject({ isComplete: true, checklist: { template: 'backbone-splice' } });
    const legacy = (await get('contractor', `/api/contractor/work-orders/${CW.company2TemplateNotFound}`)).json();
    expect(legacy).toMatchObject({ checklist: { template: null }, WorkOrderType: { vcViewFile: 'legacy_pole_audit' } });
  });

  it('refuses a work order of another company, an unknown id and a malformed one', async () => {
    const foreign = await get('contractor', `/api/contractor/work-orders/${CW.company1[0]}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Consumer');
    expect((await get('contractor1', `/api/contractor/work-orders/${id('Dispatch')}`)).statusCode).toBe(403);
    expect((await get('contractor', '/api/contractor/work-orders/999999')).statusCode).toBe(404);
    const bad = await get('contractor', '/api/contractor/work-orders/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('workOrderId');
  });

  it('refuses installers, customers and staff', async () => {
    for (const user of ['installer', 'residential', 'staff']) {
      expect((await get(user, `/api/contractor/work-orders/${id('Dispatch')}`)).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/contractor/work-orders/:workOrderId/acknowledgement', () => {
  const put = (user: string, woId: number, ack: unknown) =>
    t.request({
      method: 'PUT',
      url: `/api/contractor/work-orders/${woId}/acknowledgement`,
      token: tokens[user],
      payload: { ack },
    });

  it('acknowledges once (a repeat keeps the first), then withdraws', async () => {
    const woId = id('Consumer Drop Construction');
    expect((await get('contractor', `/api/contractor/work-orders/${woId}/acknowledgement`)).json().acknowledged).toBe(
      false,
    );
    const first = await put('contractor', woId, 1);
    expect(first.json()).toMatchObject({ acknowledged: true, vcAcknowledgedBy: 'Carla Cruz' });
    t.clock.advanceSeconds(60);
    const again = await put('fieldtech', woId, 1);
    expect(again.json()).toEqual(first.json());
    const withdrawn = await put('contractor', woId, 0);
    expect(withdrawn.json()).toEqual({ acknowledged: false, dtAcknowledged: null, vcAcknowledgedBy: null });
  });

  it('refuses a complete work order, a bad ack and another company’s work order', async () => {
    const done = await put('contractor', CW.company2Complete, 0);
    expect(done.statusCode).toBe(409);
    expect((await put('contractor', id('Dispatch'), 2)).statusCode).toBe(400);
    expect((await put('contractor', CW.company1[1], 1)).statusCode).toBe(403);
    expect((await get('contractor', `/api/contractor/work-orders/${CW.company1[1]}/acknowledgement`)).statusCode).toBe(
      403,
    );
    expect((await put('installer', id('Dispatch'), 1)).statusCode).toBe(403);
  });
});

describe('GET /api/contractor/work-orders/nearby', () => {
  const near = (user: string, query: string) => get(user, `/api/contractor/work-orders/nearby?${query}`);
  const COLUMBIA = 'Latitude=38.9517&Longitude=-92.3341';

  it('lists the company’s open work orders nearest first, with their distance', async () => {
    const res = await near('contractor', `${COLUMBIA}&ByAssignment=0`);
    expect(res.statusCode).toBe(200);
    const rows: { nCount: number; vcStatus: string; nDistanceMiles: number | null }[] = res.json().workOrders;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(20);
    for (const w of rows) expect(['Complete', 'Closed']).not.toContain(w.vcStatus);
    const miles = rows.map((w) => w.nDistanceMiles).filter((m): m is number => m !== null);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    // Another company's work orders never appear.
    const company1 = new Set<number>(CW.company1);
    expect(rows.some((w) => company1.has(w.nCount))).toBe(false);
  });

  it('keeps assigned-to-you for the provider’s own crew, and lists only their assignments', async () => {
    const refused = await near('contractor1', `${COLUMBIA}&ByAssignment=0`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.ByAssignment).toMatch(/stays ticked/);
    const res = await near('contractor1', `${COLUMBIA}&ByAssignment=1`);
    expect(res.statusCode).toBe(200);
    for (const w of res.json().workOrders) expect(w.assignedToMe).toBe(true);
  });

  it('refuses a position out of range, naming the field, and non-contractors', async () => {
    const bad = await near('contractor', 'Latitude=123&Longitude=-92.3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.Latitude).toMatch(/between -90 and 90/);
    expect((await near('installer', COLUMBIA)).statusCode).toBe(403);
    expect((await near('residential', COLUMBIA)).statusCode).toBe(403);
  });
});
