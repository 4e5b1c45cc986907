/**
 * Fresh, migrated databases for the generator's tests: SQLite in a temp dir, or, when DATABASE_URL names a
 * PostgreSQL server, a new database created on it (and dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDatabase extends Db {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `strand_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = openDatabase({ dialect: 'postgres', url: url.toString() });
    await migrateToLatest(handle.db, handle.dialect);
    return {
      ...handle,
      destroy: async () => {
        await handle.close();
        await adminQuery(serverUrl, `drop database if exists ${name}`);
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'strand-demo-'));
  const handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
