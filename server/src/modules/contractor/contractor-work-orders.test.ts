import {
  addDays,
  CONTRACTOR_HOME_PAGE_SIZE,
  DEFAULT_CONTRACTOR_SEARCH,
  dueStateOf,
  isContractorOpenStatus,
  providerToday,
} from '@strand/domain';
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

interface HomeBody {
  today: string;
  counts: { open: number; awaiting: number; dueToday: number; overdue: number };
  show: string;
  workOrders: { nCount: number; acknowledged: boolean; dueState: string | null; vcStatus: string }[];
  total: number;
  offset: number;
  limit: number;
}
const home = async (user: string, query = ''): Promise<HomeBody> => {
  const res = await get(user, `/api/contractor/home${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** The counts straight from the table, by the domain's rule: what the one counting query must agree with. */
async function expectedCounts(companyId: number, today: string) {
  const rows = await t.db.db
    .selectFrom('work_orders')
    .select(['status', 'due_date', 'acknowledged_at'])
    .where('contractor_id', '=', companyId)
    .execute();
  const open = rows.filter((r) => isContractorOpenStatus(r.status));
  return {
    open: open.length,
    awaiting: open.filter((r) => r.acknowledged_at === null).length,
    dueToday: open.filter((r) => dueStateOf(r.due_date, r.status, today) === 'dueToday').length,
    overdue: open.filter((r) => dueStateOf(r.due_date, r.status, today) === 'overdue').length,
  };
}

const setDueDate = (ids: number[], dueDate: string | null) =>
  t.db.db.updateTable('work_orders').set({ due_date: dueDate }).where('id', 'in', ids).execute();
const dueDatesOf = async (ids: number[]) =>
  t.db.db.selectFrom('work_orders').select(['id', 'due_date']).where('id', 'in', ids).execute();

/** Every page of a home list, in order. */
async function allPages(user: string, show: string) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += CONTRACTOR_HOME_PAGE_SIZE) {
    const page = await home(user, `?show=${show}&offset=${offset}`);
    ids.push(...page.workOrders.map((w) => w.nCount));
    if (offset + CONTRACTOR_HOME_PAGE_SIZE >= page.total) return { ids, total: page.total };
  }
}

describe('GET /api/contractor/home', () => {
  it('counts open, awaiting, due today and overdue work on the provider’s today, as the table holds it', async () => {
    const body = await home('contractor');
    expect(body.today).toBe(providerToday(t.ctx.now()));
    expect(body.counts).toEqual(await expectedCounts(2, body.today));
    expect(body.counts.open).toBeGreaterThanOrEqual(24);
    // Every second fixed open order is unacknowledged (demo data): 11 of them, besides the background ones.
    expect(body.counts.awaiting).toBeGreaterThanOrEqual(11);
    expect(body).toMatchObject({ show: 'open', offset: 0, limit: CONTRACTOR_HOME_PAGE_SIZE, total: body.counts.open });
    expect(body.workOrders.length).toBe(Math.min(CONTRACTOR_HOME_PAGE_SIZE, body.counts.open));
    for (const w of body.workOrders) expect(['Complete', 'Closed', 'Waiting']).not.toContain(w.vcStatus);
  });

  it('lists due today and overdue work with its due state, and a due date moves it between the counts', async () => {
    const today = providerToday(t.ctx.now());
    const [dueNow, late] = [id('Coiled Drop'), id('Yard Complaint')];
    const saved = await dueDatesOf([dueNow, late]);
    try {
      await setDueDate([dueNow], today);
      await setDueDate([late], addDays(today, -3));
      const body = await home('contractor');
      expect(body.counts).toEqual(await expectedCounts(2, today));
      const dueToday = await allPages('contractor', 'dueToday');
      expect(dueToday.ids).toContain(dueNow);
      expect(dueToday.total).toBe(body.counts.dueToday);
      const overdue = await allPages('contractor', 'overdue');
      expect(overdue.ids).toContain(late);
      expect(overdue.ids).not.toContain(dueNow);
      expect(overdue.total).toBe(body.counts.overdue);
      const page = await home('contractor', '?show=overdue');
      for (const w of page.workOrders) expect(w.dueState).toBe('overdue');
      // The search lists carry the same badge.
      const found = (await search('contractor', { WorkOrderID: late })).json().workOrders[0];
      expect(found.dueState).toBe('overdue');

      await setDueDate([late], addDays(today, 1));
      const after = await home('contractor');
      expect(after.counts.overdue).toBe(body.counts.overdue - 1);
      expect((await allPages('contractor', 'overdue')).ids).not.toContain(late);
    } finally {
      for (const row of saved) await setDueDate([row.id], row.due_date);
    }
  });

  it('lists each work order once, page by page, and only awaiting ones under awaiting', async () => {
    const open = await allPages('contractor', 'open');
    expect(new Set(open.ids).size).toBe(open.ids.length);
    expect(open.ids.length).toBe(open.total);
    const awaiting = await allPages('contractor', 'awaiting');
    expect(awaiting.ids).not.toContain(id('Bury Temp Drop'));
    for (const awaitingId of awaiting.ids) expect(open.ids).toContain(awaitingId);
    const first = await home('contractor', '?show=awaiting');
    for (const w of first.workOrders) expect(w.acknowledged).toBe(false);
  });

  it('neither counts nor lists another company’s work orders', async () => {
    const today = providerToday(t.ctx.now());
    const foreign = [...CW.company1];
    const saved = await dueDatesOf(foreign);
    try {
      const before = await home('contractor');
      await setDueDate(foreign, addDays(today, -5));
      const after = await home('contractor');
      expect(after.counts).toEqual(before.counts);
      for (const show of ['open', 'awaiting', 'dueToday', 'overdue']) {
        const { ids } = await allPages('contractor', show);
        for (const f of foreign) expect(ids).not.toContain(f);
      }
      // The provider's own crew counts them (its own assignments only).
      const crew = await home('contractor1');
      expect(crew.counts.open).toBe(5);
      expect(crew.counts.overdue).toBe(
        (await t.db.db.selectFrom('work_orders').select('status').where('id', 'in', foreign).execute()).filter((r) =>
          isContractorOpenStatus(r.status),
        ).length,
      );
      for (const w of crew.workOrders) expect(CW.company1).toContain(w.nCount);
    } finally {
      for (const row of saved) await setDueDate([row.id], row.due_date);
    }
  });

  it('refuses an unknown list or a bad offset, naming the field', async () => {
    const list = await get('contractor', '/api/contractor/home?show=everything');
    expect(list.statusCode).toBe(400);
    expect(list.json().error.fields.show).toBe('show must be one of open, awaiting, dueToday, overdue.');
    const offset = await get('contractor', '/api/contractor/home?offset=-1');
    expect(offset.statusCode).toBe(400);
    expect(offset.json().error.fields.offset).toBe('offset must be a whole number from 0.');
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

  // SQLite runs these transactions one after another, so the race is real only on PostgreSQL (CI runs this suite there
  // too): with the write's answer ignored (the old read-then-write), it wrote three acknowledge entries there.
  it('two taps at once change the work order once and write one audit entry (both answer the same)', async () => {
    const woId = id('Bury Hybrid Drop');
    expect((await get('contractor', `/api/contractor/work-orders/${woId}/acknowledgement`)).json().acknowledged).toBe(
      false,
    );
    const entries = (action: string) =>
      t.db.db
        .selectFrom('audit_log')
        .select(['user_id', 'changes'])
        .where('action', '=', action)
        .where('subject', '=', `work_order:${woId}`)
        .execute();
    const taps = await Promise.all(['contractor', 'fieldtech', 'contractor', 'fieldtech'].map((u) => put(u, woId, 1)));
    const [a] = taps;
    for (const res of taps) expect(res.json()).toEqual(a?.json());
    const acks = await entries('contractor.acknowledge');
    expect(acks).toHaveLength(1);
    const row = await t.db.db
      .selectFrom('work_orders')
      .select(['acknowledged_by', 'acknowledged_at'])
      .where('id', '=', woId)
      .executeTakeFirstOrThrow();
    expect(row.acknowledged_by).toBe(acks[0]?.user_id);
    expect(a?.json().dtAcknowledged).toBe(row.acknowledged_at);
    t.clock.advanceSeconds(60);
    const withdrawn = await Promise.all(['contractor', 'fieldtech', 'contractor'].map((u) => put(u, woId, 0)));
    for (const res of withdrawn)
      expect(res.json()).toEqual({ acknowledged: false, dtAcknowledged: null, vcAcknowledgedBy: null });
    expect(await entries('contractor.acknowledge.withdraw')).toHaveLength(1);
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
