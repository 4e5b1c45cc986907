/** The work order search's plans forced every way give the same rows: split scopes, name matches, nearby by cell. */
import { DISTANCE_OPTIONS_FT, SEARCH_ROW_LIMIT } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { geoCellOf } from './geo-cells.js';
import { type SearchFilters, searchWorkOrders } from './work-order-search.repository.js';
import { type Result, searchAs, W } from './work-order-search-test-helpers.js';

let t: TestApp;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  installer = await t.login('installer');
});
afterAll(() => t.close());

const search = (params: Record<string, string>, token = installer) => searchAs(t, params, token);

describe('search plans (docs/performance.md §4)', () => {
  // The UNION ALL of "mine" and "pending" (PostgreSQL's plan) must give the rows and order of the one OR statement
  // (SQLite's), on both databases, for every sort, with and without other filters and the cap.
  it('gives the same rows with Assigned to Me + Show Pending split in two halves or as one OR', async () => {
    const users = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['installer', 'fieldtech'])
      .execute();
    expect(users.length).toBe(2);
    const sorts: SearchFilters['sortBy'][] = [
      'dueDate',
      'workOrderId',
      'workOrderType',
      'customerName',
      'eventTitle',
      'eventTime',
    ];
    let compared = 0;
    for (const { id: userId } of users) {
      for (const sortBy of sorts) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          for (const extra of [
            {},
            { customerName: 'reyes' },
            { customerName: 'an' },
            { limit: 3 },
            { dateFrom: '2000-01-01' },
          ]) {
            const f: SearchFilters = {
              userId,
              byAssignment: true,
              showPending: true,
              sortBy,
              sortOrder,
              limit: 200,
              ...extra,
            };
            const one = await searchWorkOrders(t.db.db, t.db.dialect, f, { splitMineAndPending: false });
            const split = await searchWorkOrders(t.db.db, t.db.dialect, f, { splitMineAndPending: true });
            expect(split, JSON.stringify(f)).toEqual(one);
            compared += one.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  // PostgreSQL filters a large customer-name match instead of probing each customer (nameMatchAsFilter), and past
  // nameIdsMax matches the names in the database; forced every way on the demo data (few customers per name), every
  // scope and sort must give the same rows.
  it('gives the same rows with the customer-name match as a filter or as index probes', async () => {
    const userId = await t.userId('installer');
    let compared = 0;
    for (const [byAssignment, showPending] of [
      [true, false],
      [true, true],
      [false, true],
      [false, false],
    ] as const) {
      for (const sortBy of ['dueDate', 'customerName', 'eventTime'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          for (const extra of [{}, { limit: 2 }, { dateFrom: '2000-01-01' }]) {
            for (const customerName of ['reyes', 'son', 'rhonda reyes', 'nobody-by-this-name']) {
              const f: SearchFilters = {
                userId,
                byAssignment,
                showPending,
                customerName,
                sortBy,
                sortOrder,
                limit: 200,
                ...extra,
              };
              const probed = await searchWorkOrders(t.db.db, t.db.dialect, f, { nameMatchAsFilter: false });
              const filtered = await searchWorkOrders(t.db.db, t.db.dialect, f, { nameMatchAsFilter: true });
              expect(filtered, JSON.stringify(f)).toEqual(probed);
              // More customers matched than PostgreSQL binds as ids: matched in the database, the same rows.
              for (const nameMatchAsFilter of [false, true]) {
                const unbound = await searchWorkOrders(t.db.db, t.db.dialect, f, { nameMatchAsFilter, nameIdsMax: 1 });
                expect(unbound, JSON.stringify({ ...f, nameMatchAsFilter })).toEqual(probed);
              }
              if (customerName === 'nobody-by-this-name') expect(probed).toEqual([]);
              compared += probed.length;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('caps the merged halves at the limit + 1 and says the search was truncated', async () => {
    const res = await search({ ByAssignment: '1', ShowPendingAssigned: '1' });
    const body = res.json<Result>();
    expect(body.workOrders.length).toBeLessThanOrEqual(SEARCH_ROW_LIMIT);
    const userId = await t.userId('installer');
    const rows = await searchWorkOrders(
      t.db.db,
      t.db.dialect,
      {
        userId,
        byAssignment: true,
        showPending: true,
        sortBy: 'dueDate',
        sortOrder: 'desc',
        limit: 2,
      },
      { splitMineAndPending: true },
    );
    expect(rows).toHaveLength(3);
  });
});

describe('Nearby by map cell or from the assignments (SearchPlan.nearbyByCell, nearbyMine; 0031, 0034)', () => {
  const sorts: SearchFilters['sortBy'][] = ['dueDate', 'workOrderId', 'customerName', 'eventTime'];
  const userId = () => t.userId('installer');

  // Forced every way around demo locations, for every scope, distance and the sorts: the same rows in the same order.
  // Assigned to Me is also reached from the user's assignments (SearchPlan.nearbyMine).
  it('gives the same rows walking the cells of the box, probing each location or the assignments', async () => {
    const user = await userId();
    const centers = await t.db.db
      .selectFrom('service_locations')
      .select(['latitude', 'longitude'])
      .where('latitude', 'is not', null)
      .orderBy('id')
      .limit(4)
      .execute();
    let compared = 0;
    for (const c of centers) {
      for (const feet of DISTANCE_OPTIONS_FT) {
        for (const [byAssignment, showPending] of [
          [false, true],
          [false, false],
          [true, true],
          [true, false],
        ] as const) {
          for (const sortBy of sorts) {
            for (const sortOrder of ['asc', 'desc'] as const) {
              for (const extra of [{}, { limit: 2 }, { dateFrom: '2000-01-01' }]) {
                const f: SearchFilters = {
                  userId: user,
                  byAssignment,
                  showPending,
                  sortBy,
                  sortOrder,
                  limit: 200,
                  nearby: { latitude: c.latitude as number, longitude: c.longitude as number, feet },
                  ...extra,
                };
                const probed = await searchWorkOrders(t.db.db, t.db.dialect, f, {
                  nearbyByCell: false,
                  nearbyMine: 'locations',
                });
                const walked = await searchWorkOrders(t.db.db, t.db.dialect, f, {
                  nearbyByCell: true,
                  nearbyMine: 'cells',
                });
                expect(walked, JSON.stringify(f)).toEqual(probed);
                if (byAssignment) {
                  const assigned = await searchWorkOrders(t.db.db, t.db.dialect, f, { nearbyMine: 'assignments' });
                  expect(assigned, JSON.stringify(f)).toEqual(probed);
                }
                compared += probed.length;
              }
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    // About 4,800 searches: 8–20 s on PostgreSQL alone, past the suite's 30 s on a loaded machine (CPU-bound, not
    // round trips: running the three plans of a case at once did not help).
  }, 90_000);

  it("keeps each work order's position and cell with its service location's (triggers)", async () => {
    const db = t.db.db;
    const cellOf = async (id: number) =>
      db
        .selectFrom('work_orders')
        .select(['latitude', 'longitude', 'geo_cell'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const wo = await db
      .selectFrom('work_orders')
      .select(['service_location_id'])
      .where('id', '=', W.fullInstall)
      .executeTakeFirstOrThrow();
    const locationId = wo.service_location_id as number;
    const location = await db
      .selectFrom('service_locations')
      .select(['latitude', 'longitude'])
      .where('id', '=', locationId)
      .executeTakeFirstOrThrow();
    const lat = location.latitude as number;
    const lon = location.longitude as number;
    expect(await cellOf(W.fullInstall)).toEqual({ latitude: lat, longitude: lon, geo_cell: geoCellOf(lat, lon) });
    const user = await userId();
    const near = (latitude: number, longitude: number) =>
      searchWorkOrders(
        db,
        t.db.dialect,
        {
          userId: user,
          byAssignment: false,
          showPending: true,
          sortBy: 'dueDate',
          sortOrder: 'desc',
          limit: 200,
          nearby: { latitude, longitude, feet: 2000 },
        },
        { nearbyByCell: true },
      );
    // The location moves 0.1° north: its work orders move with it, out of the old box and into the new one.
    await db
      .updateTable('service_locations')
      .set({ latitude: lat + 0.1 })
      .where('id', '=', locationId)
      .execute();
    try {
      expect(await cellOf(W.fullInstall)).toEqual({
        latitude: lat + 0.1,
        longitude: lon,
        geo_cell: geoCellOf(lat + 0.1, lon),
      });
      expect((await near(lat, lon)).map((r) => r.id)).not.toContain(W.fullInstall);
      expect((await near(lat + 0.1, lon)).map((r) => r.id)).toContain(W.fullInstall);
    } finally {
      await db.updateTable('service_locations').set({ latitude: lat }).where('id', '=', locationId).execute();
    }
    expect((await near(lat, lon)).map((r) => r.id)).toContain(W.fullInstall);
    // A work order moved to another location, or to none, takes that position.
    const other = await db
      .selectFrom('service_locations')
      .select(['id', 'latitude', 'longitude'])
      .where('id', '!=', locationId)
      .where('latitude', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('work_orders')
      .set({ service_location_id: other.id })
      .where('id', '=', W.fullInstall)
      .execute();
    expect((await cellOf(W.fullInstall)).geo_cell).toBe(geoCellOf(other.latitude as number, other.longitude as number));
    await db.updateTable('work_orders').set({ service_location_id: null }).where('id', '=', W.fullInstall).execute();
    expect(await cellOf(W.fullInstall)).toEqual({ latitude: null, longitude: null, geo_cell: null });
    await db
      .updateTable('work_orders')
      .set({ service_location_id: locationId })
      .where('id', '=', W.fullInstall)
      .execute();
    expect((await cellOf(W.fullInstall)).geo_cell).toBe(geoCellOf(lat, lon));
    // Every work order with a located service location carries its cell (the backfill and the insert trigger).
    const { n } = await db
      .selectFrom('work_orders as w')
      .innerJoin('service_locations as sl', 'sl.id', 'w.service_location_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sl.latitude', 'is not', null)
      .where((eb) => eb.or([eb('w.geo_cell', 'is', null), eb('w.latitude', '!=', eb.ref('sl.latitude'))]))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });
});
