/**
 * The test server's database, for the few helpers that read or set demo rows directly: the spec server's SQLite file
 * (E2E_DATA_DIR/portal.db), or the cluster's PostgreSQL when the specs run through a load balancer
 * (E2E_DATABASE_URL, set by scripts/cluster-e2e.mjs). SQL is written once with `?` placeholders and quoted aliases
 * ("workOrderId"), which both engines read alike.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface TestDb {
  all<T = Row>(sql: string, ...params: unknown[]): Promise<T[]>;
  get<T = Row>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  run(sql: string, ...params: unknown[]): Promise<void>;
}

/** Runs `body` on the test server's database; with `transaction`, in one transaction. */
export async function withTestDb<T>(
  body: (db: TestDb) => Promise<T>,
  options: { transaction?: boolean } = {},
): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  return url ? withPostgres(url, body, options.transaction) : withSqlite(body, options.transaction);
}

async function withSqlite<T>(body: (db: TestDb) => Promise<T>, transaction = false): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  const sqlite = new Database(path.join(dataDir, 'portal.db'));
  sqlite.pragma('busy_timeout = 5000');
  const db: TestDb = {
    all: async <T>(sql: string, ...params: unknown[]) => sqlite.prepare(sql).all(...params) as T[],
    get: async <T>(sql: string, ...params: unknown[]) => sqlite.prepare(sql).get(...params) as T | undefined,
    run: async (sql: string, ...params: unknown[]) => {
      sqlite.prepare(sql).run(...params);
    },
  };
  try {
    if (!transaction) return await body(db);
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const result = await body(db);
      sqlite.exec('COMMIT');
      return result;
    } catch (err) {
      sqlite.exec('ROLLBACK');
      throw err;
    }
  } finally {
    sqlite.close();
  }
}

/** `?` placeholders to PostgreSQL's `$1, $2…` (the helpers' SQL has no `?` inside strings). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

async function withPostgres<T>(url: string, body: (db: TestDb) => Promise<T>, transaction = false): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = async (sql: string, params: unknown[]) => (await client.query(numbered(sql), params)).rows as Row[];
  const db: TestDb = {
    all: async <T>(sql: string, ...params: unknown[]) => (await query(sql, params)) as T[],
    get: async <T>(sql: string, ...params: unknown[]) => (await query(sql, params))[0] as T | undefined,
    run: async (sql: string, ...params: unknown[]) => {
      await query(sql, params);
    },
  };
  try {
    if (!transaction) return await body(db);
    await client.query('BEGIN');
    try {
      const result = await body(db);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  } finally {
    await client.end();
  }
}
