/** Opens the database: SQLite (better-sqlite3) by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { lazyModule } from '../lib/lazy-module.js';
import type { Database } from './database.js';

/** The PostgreSQL driver, loaded when a database on PostgreSQL is opened (not on the embedded default). */
export const postgresDriver = lazyModule<typeof import('pg')>('pg');

export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string; synchronous?: SqliteSynchronous }
  | { dialect: 'postgres'; url: string };
/** SQLite's wait for the disk at each commit (SQLITE_SYNCHRONOUS): full unless the data is thrown away after a run. */
export const SQLITE_SYNCHRONOUS_LEVELS = ['full', 'normal', 'off'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS_LEVELS)[number];
export type DialectName = DatabaseTarget['dialect'];

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget): Db {
  if (target.dialect === 'postgres') {
    const pg = postgresDriver();
    // Timestamps and dates are text columns; keep numeric types as JS numbers.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client the server disconnects (restart, failover, a dropped test database) must not crash the
    // process: the pool discards it and the next query opens a new connection.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle client error: ${err.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (target.file !== ':memory:') mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${target.synchronous ?? 'full'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A 64 MiB page cache instead of SQLite's 2 MiB (issue 16): on a million work orders a customer-name search reads
  // thousands of index pages, and each page missing from the cache is a read system call and a copy (a third of the
  // search's CPU). Memory, not correctness: SQLite checks the cache against the file at every transaction.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const dialect = new FairSqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely's SqliteDialect with a driver that hands its single connection out first come, first served. Kysely's own
 * lock wakes every waiting query at each release and lets them race for it: under load (50 requests in flight, each
 * a few queries) that cost CPU at every query and starved some requests for seconds (issue 16: p99 of 4.7 s against a
 * p50 of 50 ms). Here the releasing query passes the connection straight to the longest waiting one.
 */
export class FairSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new FairSqliteDriver(this.#config);
  }
}

class FairSqliteDriver extends SqliteDriver {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    // Kysely's own lock is always free here: only the holder of this one reaches it.
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    // Handed over while still busy, so no query arriving meanwhile can jump the queue.
    if (next) next();
    else this.#busy = false;
  }
}

/** The SQLite page cache, in KiB (PRAGMA cache_size takes a negative number for KiB). */
export const SQLITE_CACHE_KIB = 65_536;

/** How many prepared statements the SQLite connection keeps; the app's distinct queries are a few hundred. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with its prepared statements kept by SQL text: Kysely asks
 * `prepare` for every query, and preparing again each time was a tenth of a hot read's CPU (issue 16). Kysely's
 * parameters are bound per execution, so one statement serves every call of the same SQL. Bounded: the least recently
 * used statement leaves first (a query built with a varying IN list makes many texts). A statement still iterating (a
 * streamed select) is not handed out again; Kysely's single SQLite connection runs one query at a time anyway.
 * SQLite itself re-prepares a kept statement after a schema change (migrations).
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
