import { distanceFeet, EARTH_RADIUS_MILES, FEET_PER_MILE, SEARCH_ROW_LIMIT } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { everyone, idsAs, mine, type Result, type Summary, searchAs, W } from './work-order-search-test-helpers.js';

let t: TestApp;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  installer = await t.login('installer');
});
afterAll(() => t.close());

const search = (params: Record<string, string>, token = installer) => searchAs(t, params, token);
const ids = (params: Record<string, string>, token = installer) => idsAs(t, params, token);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('GET /api/installer/work-orders', () => {
  it('starts with the installer’s own assigned work orders (ByAssignment 1, ShowPendingAssigned 0)', async () => {
    expect(sorted(await ids(mine))).toEqual([W.fullInstall, W.businessInstall, W.siteSurvey, W.splicing]);
    const fieldtech = await t.login('fieldtech');
    expect(sorted(await ids(mine, fieldtech))).toEqual([W.fullInstall, W.businessInstall, W.siteSurvey, W.splicing]);
  });

  it('returns the summary fields of SPEC §3', async () => {
    const res = await search({ ...mine, WorkOrderID: String(W.fullInstall) });
    expect(res.json<Result>()).toMatchObject({
      limit: SEARCH_ROW_LIMIT,
      truncated: false,
      workOrders: [
        {
          nCount: W.fullInstall,
          vcWorkOrderType: 'Consumer Fiber Install',
          vcCustomerName: 'Rhonda Reyes',
          vcNextScheduledName: 'Fiber install - Reyes',
          vcColoArea: expect.any(String),
          vcSummary: expect.stringContaining('1 Gig'),
          vcAddress: expect.stringContaining(','),
          bOverdue: expect.any(Boolean),
        },
      ],
    });
  });

  it('adds the pending (unassigned) work orders with Show Pending, and others’ with Assigned to Me off', async () => {
    const withPending = await ids({ ByAssignment: '1', ShowPendingAssigned: '1' });
    expect(withPending).toContain(W.pending);
    expect(withPending).not.toContain(W.otherInstallers);

    const byId = (id: number, a: string, p: string) =>
      ids({ WorkOrderID: String(id), ByAssignment: a, ShowPendingAssigned: p });
    expect(await byId(W.pending, '0', '0')).toEqual([]);
    expect(await byId(W.pending, '0', '1')).toEqual([W.pending]);
    expect(await byId(W.pending, '1', '0')).toEqual([]);
    expect(await byId(W.otherInstallers, '1', '1')).toEqual([]);
    expect(await byId(W.otherInstallers, '0', '0')).toEqual([W.otherInstallers]);
    expect(await byId(W.otherInstallers, '0', '1')).toEqual([W.otherInstallers]);
  });

  it('never finds a contractor company’s work order', async () => {
    for (const id of [110_001, DEMO.contractorWorkOrders.company1[0] ?? 120_001]) {
      expect(await ids({ ...everyone, WorkOrderID: String(id) })).toEqual([]);
    }
  });

  it('matches customer names case-insensitively in part, with 3+ letters and with fewer', async () => {
    expect(await ids({ ...mine, CustomerName: 'rhonda' })).toEqual([W.fullInstall]);
    expect(await ids({ ...mine, CustomerName: 'REYES' })).toEqual([W.fullInstall]);
    expect(await ids({ ...mine, CustomerName: 'ey' })).toEqual([W.fullInstall]);
    expect(await ids({ ...mine, CustomerName: 'dental' })).toEqual([W.businessInstall]);
    expect(await ids({ ...mine, CustomerName: 'nobody-has-this-name' })).toEqual([]);
  });

  it('matches a whole customer id exactly and a part as a prefix', async () => {
    expect(await ids({ ...mine, CustomerID: DEMO.customers.residential })).toEqual([W.fullInstall]);
    expect(await ids({ ...everyone, CustomerID: DEMO.customers.surveyBusiness })).toEqual([W.otherInstallers]);
    expect(sorted(await ids({ ...mine, CustomerID: '1000-2000' }))).toEqual([W.fullInstall, W.siteSurvey, W.splicing]);
  });

  it('matches the address (trimmed, any case, street or town)', async () => {
    expect(await ids({ ...mine, Address: '  2208 CLARK ln  ' })).toEqual([W.fullInstall]);
    expect(sorted(await ids({ ...mine, ShowPendingAssigned: '1', Address: 'Clark Ln' }))).toEqual(
      expect.arrayContaining([W.fullInstall, W.pending]),
    );
    expect(await ids({ ...mine, Address: 'hinkson' })).toEqual([W.splicing]);
  });

  it('filters by work order type, and names an unknown type', async () => {
    expect(await ids({ ...mine, WorkOrderType: 'Consumer Splicing' })).toEqual([W.splicing]);
    expect(await ids({ ...mine, WorkOrderType: 'consumer site survey' })).toEqual([W.siteSurvey]);
    const bad = await search({ ...mine, WorkOrderType: 'Rocket Launch' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('WorkOrderType');
  });

  it('combines filters (all must hold)', async () => {
    expect(await ids({ ...mine, CustomerName: 'reyes', WorkOrderType: 'Consumer Fiber Install' })).toEqual([
      W.fullInstall,
    ]);
    expect(await ids({ ...mine, CustomerName: 'reyes', WorkOrderType: 'Consumer Splicing' })).toEqual([]);
    expect(await ids({ ...mine, Address: 'clark', CustomerID: DEMO.customers.business })).toEqual([]);
  });

  it('applies the date filter to the date part of the next scheduled time, inclusive at both ends', async () => {
    const one = await search({ ...mine, WorkOrderID: String(W.fullInstall) });
    const day = one.json<Result>().workOrders[0]?.vcNextScheduledTime?.slice(0, 10) ?? '';
    const shift = (d: string, n: number) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const within = (from: string, to: string) =>
      ids({ ...mine, WorkOrderID: String(W.fullInstall), DateFrom: from, DateTo: to });
    expect(await within(day, day)).toEqual([W.fullInstall]);
    expect(await within(shift(day, -1), day)).toEqual([W.fullInstall]);
    expect(await within(shift(day, 1), shift(day, 2))).toEqual([]);
    expect(await within(shift(day, -2), shift(day, -1))).toEqual([]);
    // Only one end given: open on the other side.
    expect(await ids({ ...mine, WorkOrderID: String(W.fullInstall), DateFrom: day })).toEqual([W.fullInstall]);
    expect(await ids({ ...mine, WorkOrderID: String(W.fullInstall), DateTo: shift(day, -1) })).toEqual([]);
  });

  it('sorts by each choice, ascending or descending (default: due date, descending)', async () => {
    const rows = async (extra: Record<string, string>) =>
      (await search({ ...mine, ...extra })).json<Result>().workOrders;
    const byId = await rows({ SortBy: 'workOrderId', SortOrder: 'asc' });
    expect(byId.map((w) => w.nCount)).toEqual([W.fullInstall, W.businessInstall, W.siteSurvey, W.splicing]);
    const byIdDesc = await rows({ SortBy: 'workOrderId', SortOrder: 'desc' });
    expect(byIdDesc.map((w) => w.nCount)).toEqual([W.splicing, W.siteSurvey, W.businessInstall, W.fullInstall]);

    const check = async (sortBy: string, key: (w: Summary) => string | number | null) => {
      for (const order of ['asc', 'desc'] as const) {
        const values = (await rows({ SortBy: sortBy, SortOrder: order })).map(key);
        const expected = [...values].sort((a, b) => String(a).localeCompare(String(b)) * (order === 'asc' ? 1 : -1));
        expect(values, `${sortBy} ${order}`).toEqual(expected);
        expect(new Set(values).size).toBeGreaterThan(1);
      }
    };
    await check('workOrderType', (w) => w.vcWorkOrderType);
    await check('customerName', (w) => w.vcCustomerName);
    await check('eventTitle', (w) => w.vcNextScheduledName);
    await check('eventTime', (w) => w.vcNextScheduledTime);
    await check('dueDate', (w) => w.dtDueDate);

    const defaults = (await rows({})).map((w) => w.dtDueDate ?? '');
    expect(defaults).toEqual([...defaults].sort().reverse());
  });

  describe('Nearby', () => {
    let neighbour: { latitude: number; longitude: number };
    let home: { latitude: number; longitude: number };
    beforeAll(async () => {
      const rows = await t.db.db
        .selectFrom('service_locations')
        .select(['id', 'latitude', 'longitude'])
        .where('id', 'in', [DEMO.serviceLocations.neighbour, DEMO.serviceLocations.residential])
        .execute();
      const at = (id: number) => rows.find((r) => r.id === id) ?? { latitude: 0, longitude: 0 };
      neighbour = at(DEMO.serviceLocations.neighbour);
      home = at(DEMO.serviceLocations.residential);
    });
    /** A point `feet` due north of `p`: along a meridian the great-circle distance is exactly that. */
    const north = (p: { latitude: number; longitude: number }, feet: number) => ({
      latitude: p.latitude + ((feet / FEET_PER_MILE / EARTH_RADIUS_MILES) * 180) / Math.PI,
      longitude: p.longitude,
    });
    const near = (p: { latitude: number; longitude: number }, distance: string, extra: Record<string, string> = {}) =>
      search({
        ByAssignment: '0',
        ShowPendingAssigned: '1',
        Distance: distance,
        Latitude: String(p.latitude),
        Longitude: String(p.longitude),
        ...extra,
      });

    it('finds work orders whose service location is within the distance, with the distance in feet', async () => {
      const res = await near(neighbour, '100');
      const found = res.json<Result>().workOrders;
      expect(found.map((w) => w.nCount)).toContain(W.pending);
      expect(found.find((w) => w.nCount === W.pending)?.nDistanceFeet).toBe(0);
      // 100005 lies within 500 ft of 100001 (DEMO-DATA.md).
      const apart = distanceFeet(home, neighbour);
      expect(apart).toBeLessThan(500);
      const from100001 = (await near(home, '500')).json<Result>().workOrders;
      expect(from100001.map((w) => w.nCount)).toEqual(expect.arrayContaining([W.fullInstall, W.pending]));
      expect(from100001.find((w) => w.nCount === W.pending)?.nDistanceFeet).toBe(Math.round(apart));
    });

    it('lists the nearest first unless another sort is asked for (issue 27)', async () => {
      const found = (await near(neighbour, '2000')).json<Result>().workOrders;
      const feet = found.map((w) => w.nDistanceFeet ?? Number.NaN);
      expect(found.length).toBeGreaterThan(1);
      expect(feet).toEqual([...feet].sort((a, b) => a - b));
      expect(found[0]?.nCount).toBe(W.pending);
      const far = (await near(neighbour, '2000', { SortBy: 'distance', SortOrder: 'desc' })).json<Result>().workOrders;
      expect(far.map((w) => w.nDistanceFeet)).toEqual([...feet].reverse());
      const byDue = (await near(neighbour, '2000', { SortBy: 'dueDate' })).json<Result>().workOrders;
      const due = byDue.map((w) => w.dtDueDate ?? '');
      expect(due).toEqual([...due].sort().reverse());
    });

    it('refuses a distance sort without a position', async () => {
      const res = await search({ ...mine, SortBy: 'distance' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('SortBy');
    });

    it('includes a location just inside the distance and leaves out one just beyond it', async () => {
      for (const distance of [100, 250, 500, 1000, 2000]) {
        const inside = (await near(north(neighbour, distance - 0.5), String(distance))).json<Result>();
        expect(
          inside.workOrders.map((w) => w.nCount),
          `inside ${distance}`,
        ).toContain(W.pending);
        const outside = (await near(north(neighbour, distance + 0.5), String(distance))).json<Result>();
        expect(
          outside.workOrders.map((w) => w.nCount),
          `outside ${distance}`,
        ).not.toContain(W.pending);
      }
    });

    it('combines with Assigned to Me and Show Pending', async () => {
      const assigned = (await near(home, '500', { ByAssignment: '1', ShowPendingAssigned: '0' })).json<Result>();
      expect(assigned.workOrders.map((w) => w.nCount)).toEqual([W.fullInstall]);
    });

    it('searches within 100 ft when a position comes without a distance (the scan page)', async () => {
      const res = await search({
        ...everyone,
        Latitude: String(neighbour.latitude),
        Longitude: String(neighbour.longitude),
      });
      expect(res.json<Result>().workOrders.map((w) => w.nCount)).toEqual([W.pending]);
    });
  });

  it('caps the rows at 200 and says so', async () => {
    const res = await search(everyone);
    const body = res.json<Result>();
    expect(body.workOrders).toHaveLength(SEARCH_ROW_LIMIT);
    expect(body.truncated).toBe(true);
  });

  it.each([
    [{ WorkOrderID: 'abc' }, 'WorkOrderID'],
    [{ Distance: '300', Latitude: '38.9', Longitude: '-92.3' }, 'Distance'],
    [{ Distance: '100' }, 'Latitude'],
    [{ Latitude: '38.9' }, 'Longitude'],
    [{ Latitude: '91', Longitude: '0' }, 'Latitude'],
    [{ DateFrom: '2025-02-30' }, 'DateFrom'],
    [{ DateFrom: '2025-03-02', DateTo: '2025-03-01' }, 'DateTo'],
    [{ SortBy: 'price' }, 'SortBy'],
    [{ ByAssignment: 'yes' }, 'ByAssignment'],
    [{ CustomerID: 'abc' }, 'CustomerID'],
  ])('names the bad field of %j', async (params, field) => {
    const res = await search({ ...mine, ...params });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('refuses customers, contractors and staff, and asks for a sign-in without a token', async () => {
    for (const username of ['residential', 'business', 'contractor', 'contractor1', 'staff']) {
      const res = await search(mine, await t.login(username));
      expect(res.statusCode, username).toBe(403);
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/installer/work-orders' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/installer/work-order-types', () => {
  it('lists the type descriptions for the form', async () => {
    const res = await t.request({ method: 'GET', url: '/api/installer/work-order-types', token: installer });
    expect(res.statusCode).toBe(200);
    const types = res.json<string[]>();
    expect(types).toEqual(
      expect.arrayContaining(['Consumer Fiber Install', 'Business Fiber Install', 'Consumer Splicing']),
    );
    expect(types).toEqual([...types].sort((a, b) => a.localeCompare(b)));
  });

  it('refuses a contractor', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/installer/work-order-types',
      token: await t.login('contractor'),
    });
    expect(res.statusCode).toBe(403);
  });
});
