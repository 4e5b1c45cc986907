import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './connect.js';
import type { Database } from './database.js';
import { FOREIGN_COMMIT_CHECK_MS, watchRowChanges } from './row-changes.js';

let dir: string;
let database: Db;
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'strand-row-changes-'));
  database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
  await sql`CREATE TABLE circuits (id INTEGER PRIMARY KEY, service_location_id INTEGER, label TEXT)`.execute(
    database.db,
  );
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Watches circuits by their service location, noting each change as `location:<id>` in `seen`. */
const watchLocations = (seen: string[]) =>
  watchRowChanges(
    database.db,
    [{ table: 'circuits', column: 'service_location_id', kind: 'location' }],
    (kind, value) => seen.push(`${kind}:${value}`),
  );

describe('watchRowChanges (SQLite)', () => {
  it("reports each row this process inserts, updates (old and new value) or deletes, by the watched column's value", async () => {
    const seen: string[] = [];
    const watch = await watchLocations(seen);
    expect(watch).not.toBeNull();
    const db = database.db;
    await sql`INSERT INTO circuits (id, service_location_id, label) VALUES (1, 7, 'a'), (2, NULL, 'b')`.execute(db);
    expect(seen).toEqual(['location:7']);
    await sql`UPDATE circuits SET service_location_id = 8 WHERE id = 1`.execute(db);
    expect(seen.slice(1)).toEqual(['location:7', 'location:8']);
    await db.transaction().execute(async (trx) => {
      await sql`DELETE FROM circuits WHERE id = 1`.execute(trx);
    });
    expect(seen.slice(3)).toEqual(['location:8']);
    // Nothing of this process counts as another connection's commit.
    await pause(FOREIGN_COMMIT_CHECK_MS + 5);
    expect(watch?.committedElsewhere()).toBe(false);
  });

  it("says once when another connection committed, within FOREIGN_COMMIT_CHECK_MS, and that connection's writes need nothing", async () => {
    const seen: string[] = [];
    const watch = await watchLocations(seen);
    await pause(FOREIGN_COMMIT_CHECK_MS + 5);
    expect(watch?.committedElsewhere()).toBe(false);
    // A plain connection (the sqlite3 shell, a test): the TEMP triggers are not its, so its write needs no function.
    const other = new SQLite(path.join(dir, 'portal.db'));
    other.prepare('INSERT INTO circuits (id, service_location_id, label) VALUES (5, 9, ?)').run('x');
    other.close();
    expect(seen).toEqual([]);
    await pause(FOREIGN_COMMIT_CHECK_MS + 5);
    expect(watch?.committedElsewhere()).toBe(true);
    expect(watch?.committedElsewhere()).toBe(false);
  });

  it('reports everything as changed when onChange throws, and the write goes through', async () => {
    const watch = await watchRowChanges(database.db, [{ table: 'circuits', column: 'id', kind: 'circuit' }], () => {
      throw new Error('cache broken');
    });
    await sql`INSERT INTO circuits (id, service_location_id, label) VALUES (3, 1, 'c')`.execute(database.db);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM circuits`.execute(database.db);
    expect(rows[0]?.n).toBe(1);
    expect(watch?.committedElsewhere()).toBe(true);
  });

  it('refuses a table, column or kind that is not a plain name', async () => {
    await expect(
      watchRowChanges(database.db, [{ table: 'circuits', column: 'id; DROP TABLE x', kind: 'c' }], () => {}),
    ).rejects.toThrow('Not a plain name');
    await expect(
      watchRowChanges(database.db, [{ table: 'circuits', column: 'id', kind: "c', 1); DROP TABLE x; --" }], () => {}),
    ).rejects.toThrow('Not a plain name');
  });

  it('is null for a database not opened as SQLite here (PostgreSQL)', async () => {
    const elsewhere = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }) });
    expect(await watchRowChanges(elsewhere, [], () => {})).toBeNull();
  });
});
