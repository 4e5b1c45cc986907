/**
 * What the API harness and its global setup share: the test apps' settings, a fresh PostgreSQL database, and the
 * template the global setup makes. No Vitest import here: the global setup runs outside the test workers.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../config.js';

/** A new, empty database on the PostgreSQL server at `url`, and how to drop it. */
export async function freshPostgres(
  url: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `strand_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    name,
    url: dbUrl.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The settings of every test app: a data directory, the database, loose limits, and what the test adds. */
export function testConfig(dataDir: string, databaseUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://portal.test',
    // Each test file's database is a throwaway copy: no wait for the disk at every commit (API suite, back to back
    // twice: 132 and 114 s with full, 100 and 95 s with off).
    SQLITE_SYNCHRONOUS: 'off',
    // Every test file signs in and writes a lot from 127.0.0.1: limits loose enough never to trip unless a test
    // sets its own (the limits themselves are tested in system/rate-limits.test.ts).
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_IP_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_MAIL_PER_HOUR: '100000',
    RATE_LIMIT_UPLOAD_BYTES_PER_HOUR: '100000000000',
    APPLICANT_UPLOAD_BYTES_PER_HOUR: '100000000000',
    ORDERING_CHECKS_PER_HOUR: '100000',
    ORDERING_TEMP_LOCATIONS_PER_HOUR: '100000',
    ORDERING_CARTS_PER_HOUR: '100000',
    ORDERING_LEADS_PER_HOUR: '100000',
    // Every test orders with the sandbox's 4242 card from one address: checkout's caps are tested with their
    // defaults in ordering/checkout-guards.test.ts.
    ORDER_MAX_OPEN_PER_ACCOUNT: '100000',
    ORDER_MAX_OPEN_PER_CARD: '100000',
    CHECKOUT_MAX_DECLINES_PER_CHECKOUT: '100000',
    CHECKOUT_MAX_DECLINES_PER_ACCOUNT: '100000',
    CHECKOUT_MAX_DECLINES_PER_CARD: '100000',
    CHECKOUT_MAX_DECLINES_PER_ADDRESS: '100000',
    ...env,
  });
}

/** The demo database the run's global setup made once (api-global-setup.ts), when there is one. */
export interface ApiTemplate {
  /** A data directory holding the migrated, seeded SQLite file and the demo files (SQLite runs). */
  dataDir: string;
  /** The PostgreSQL database to copy (PostgreSQL runs). */
  database: string | null;
  /** The UTC day it was seeded on: the demo data is dated from it. */
  day: string;
}
