// The installer search's statement alone (no HTTP), per kind of search, with each plan shape of SearchPlan forced,
// side by side on one dataset: wall and CPU p50/p99, rows, and whether the shapes returned the same rows. On a kept
// `npm run bench -- --keep` dataset (DATA_DIR, or DATABASE_URL for PostgreSQL), see docs/performance.md §4.
//
//   DATA_DIR=… node --import tsx scripts/bench/search-plans.mjs
//   env: RUNS=20  ONLY=name,window  PLANS='[{"nameMatchAsFilter":false},{}]'  EXPLAIN=1|analyze  PRINT_SQL=1
//        MIGRATE=1 (apply pending migrations first)  ANALYZE=1 (refresh the planner statistics first)
import path from 'node:path';
import { sql } from 'kysely';
import { root } from '../lib.mjs';

const { tsImport } = await import('tsx/esm/api');
const load = (f) => tsImport(path.join(root, f), import.meta.url);
const { loadConfig } = await load('server/src/config.ts');
const { openDatabase } = await load('server/src/db/connect.ts');
const { migrateToLatest } = await load('server/src/db/migrate.ts');
const repo = await load('server/src/modules/work-orders/work-order-search.repository.ts');
const config = loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(40) });
const database = openDatabase(config.database);
const { db, dialect } = database;
if (process.env.MIGRATE) console.log('migrated', await migrateToLatest(db, dialect));
if (process.env.ANALYZE) {
  await sql.raw(dialect === 'sqlite' ? 'ANALYZE' : 'ANALYZE').execute(db);
  console.log('analyzed');
}
if (dialect === 'sqlite') await sql.raw('PRAGMA optimize=0x10002').execute(db);
const users = (
  await db.selectFrom('users').select(['id']).where('username', 'like', 'tech%').orderBy('id').limit(25).execute()
).map((u) => u.id);
const orders = await db
  .selectFrom('work_orders as wo')
  .innerJoin('customers as c', 'c.id', 'wo.customer_id')
  .innerJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
  .select(['wo.id', 'wo.customer_id', 'c.name', 'sl.address', 'sl.latitude', 'sl.longitude'])
  .where('wo.contractor_id', 'is', null)
  .where(sql`wo.id % 97`, '=', 0)
  .limit(200)
  .execute();
let state = 7;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};
const pick = (l) => l[Math.floor(random() * l.length)];
const day = (o) => {
  const d = new Date();
  d.setDate(d.getDate() + o);
  return d.toISOString().slice(0, 10);
};
const last = (n) => n.split(' ').pop();
const base = (u) => ({
  userId: u,
  byAssignment: true,
  showPending: false,
  sortBy: 'dueDate',
  sortOrder: 'desc',
  limit: 200,
});
const types = (await db.selectFrom('work_order_types').select('id').execute()).map((t) => t.id);
const KINDS = {
  mine: () => ({}),
  minePending: () => ({ showPending: true }),
  mineWindow: () => ({ dateFrom: day(-61), dateTo: day(7) }),
  mineTypeSortName: () => ({ typeId: pick(types), sortBy: 'customerName' }),
  woId: () => ({ byAssignment: false, showPending: true, workOrderId: pick(orders).id }),
  custId: () => ({ byAssignment: false, showPending: true, customerId: pick(orders).customer_id }),
  name: () => ({ byAssignment: false, showPending: true, customerName: last(pick(orders).name) }),
  nameMine: () => ({ customerName: last(pick(orders).name) }),
  address: () => ({ byAssignment: false, showPending: true, address: pick(orders).address }),
  typeWindow: () => ({
    byAssignment: false,
    showPending: true,
    typeId: pick(types),
    dateFrom: day(-61),
    dateTo: day(7),
  }),
  window: () => ({ byAssignment: false, showPending: false, dateFrom: day(-61), dateTo: day(7) }),
  nearbyMine: () => ({ nearby: near() }),
  nearbyAll: () => ({ byAssignment: false, showPending: true, nearby: near() }),
  nearbyWindow: () => ({ byAssignment: false, showPending: true, dateFrom: day(-61), dateTo: day(7), nearby: near() }),
};
/** A position up to 60 ft from a sampled work order's location and a radius, as `npm run bench` picks them. */
function near() {
  const o = pick(orders);
  return {
    latitude: o.latitude + (random() * 60) / 364_000,
    longitude: o.longitude,
    feet: pick([100, 250, 500, 1000, 2000]),
  };
}
/** The plan of the statement searchWorkOrders runs (captured at the executor, then asked with EXPLAIN). */
async function explain(f, forced) {
  let compiled = null;
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = async (q, id) => {
    if (!/count\(\*\) AS n/.test(q.sql)) compiled = q;
    return original(q, id);
  };
  try {
    await repo.searchWorkOrders(db, dialect, f, forced);
  } finally {
    executor.executeQuery = original;
  }
  const prefix =
    dialect === 'sqlite'
      ? 'EXPLAIN QUERY PLAN '
      : process.env.EXPLAIN === 'analyze'
        ? 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) '
        : 'EXPLAIN (COSTS OFF) ';
  if (process.env.PRINT_SQL) console.log(compiled.sql);
  const res = await db.executeQuery({ ...compiled, sql: prefix + compiled.sql });
  return `\n  ${res.rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n  ')}`;
}
const only = process.env.ONLY?.split(',');
const runs = Number(process.env.RUNS ?? 20);
const forcedSets = JSON.parse(process.env.PLANS ?? '[{"splitMineAndPending":false},{"splitMineAndPending":true}]');
for (const [kind, make] of Object.entries(KINDS)) {
  if (only && !only.includes(kind)) continue;
  const line = [];
  let ref = null;
  for (const forced of forcedSets) {
    state = 7;
    const times = [],
      cpus = [];
    let rows = 0,
      same = true;
    for (let i = 0; i < runs; i++) {
      const f = { ...base(pick(users)), ...make() };
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const r = await repo.searchWorkOrders(db, dialect, f, forced);
      const c = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpus.push((c.user + c.system) / 1000);
      rows += r.length;
      const key = r.map((x) => x.id).join(',');
      if (forced === forcedSets[0]) {
        ref ??= [];
        ref.push(key);
      } else if (ref[i] !== key) same = false;
    }
    if (process.env.EXPLAIN) {
      const f = { ...base(users[0]), ...make() };
      console.log(kind, JSON.stringify(forced), await explain(f, forced));
    }
    times.sort((a, b) => a - b);
    cpus.sort((a, b) => a - b);
    const q = (l, p) => l[Math.min(l.length - 1, Math.ceil(p * l.length) - 1)].toFixed(1);
    line.push(
      `${JSON.stringify(forced)} wall p50 ${q(times, 0.5)} p99 ${q(times, 0.99)} cpu p50 ${q(cpus, 0.5)} p99 ${q(cpus, 0.99)} rows ${Math.round(rows / runs)}${same ? '' : ' DIFFERENT'}`,
    );
  }
  console.log(kind.padEnd(18), line.join('  |  '));
}
await database.close();
