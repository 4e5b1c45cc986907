import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import * as repo from './modules/subscribers/subscribers.repository.js';

const raw = new Database('/tmp/sub-scale/portal.db');
const queries: { sql: string; params: readonly unknown[] }[] = [];
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }), log: (e) => { queries.push({ sql: e.query.sql, params: e.query.parameters }); } });
const today = new Date().toISOString().slice(0, 10);
await repo.subscriberPage(db, 'sqlite', { filter: {}, today, sort: 'customer', dir: 'asc', limit: 50, offset: 0 });
await repo.subscriberPage(db, 'sqlite', { filter: { category: 'tv', coloArea: 'CLM-MAIN', ontModelId: 1 }, today, sort: 'balance', dir: 'asc', limit: 50, offset: 0 });
for (const q of queries) {
  console.log(q.sql, '\n', q.params);
  for (const row of raw.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.params as any[]))) console.log('  ', (row as any).detail);
  const t0 = performance.now(); raw.prepare(q.sql).all(...(q.params as any[])); console.log('  time', (performance.now() - t0).toFixed(1), 'ms');
}
