/**
 * Row changes, for an answer kept in memory (lib/answer-cache.ts) to be dropped the moment a row it was made from
 * changes (issue 16). SQLite only: there one process owns the database, and every change the server makes goes
 * through its one connection (db/connect.ts).
 *
 * - This process's changes: TEMP triggers on the watched tables call a JS function for every row inserted, updated
 *   (its old and its new values) or deleted, synchronously, inside the statement that changes it. TEMP triggers live
 *   only on this connection, so nothing else that opens the file (the sqlite3 shell, a test's own connection) needs
 *   the function, and no migration carries them.
 * - Any other connection's commits (a test writing the file, an operator's sqlite3 shell): PRAGMA data_version moves
 *   (https://sqlite.org/pragma.html#pragma_data_version), and `committedElsewhere()` says so once, within
 *   FOREIGN_COMMIT_CHECK_MS of the commit; the caller then forgets everything it kept.
 *
 * PostgreSQL gets no watch (null): several instances share that database, and a change made by another one would be
 * seen only when its NOTIFY arrives, after the commit. Callers then read the database every time, as before.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { sqliteConnectionOf } from './connect.js';
import type { Database } from './database.js';

/** A column of a watched table whose value names what changed, e.g. circuits.service_location_id as 'location'. */
export interface WatchedColumn {
  table: keyof Database & string;
  column: string;
  /** What the column's value identifies ('location', 'work-order', …), passed to onChange with the value. */
  kind: string;
}

export interface RowChangeWatch {
  /** True once after another connection committed (or onChange threw) since the last call. */
  committedElsewhere(): boolean;
}

/** How stale a change made by another program may be seen (this process's own changes are seen at once). */
export const FOREIGN_COMMIT_CHECK_MS = 10;

let watches = 0;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/u;
const KIND = /^[a-z][a-z-]*$/u;

/**
 * Calls `onChange(kind, value)` for each watched column of each row this process inserts, updates or deletes (an
 * update reports the old and the new value; a null value is not reported). Resolves once the triggers are in place;
 * null on PostgreSQL. Table, column and kind are written into the triggers' SQL, so they must be plain names.
 */
export async function watchRowChanges(
  db: Kysely<Database>,
  watched: readonly WatchedColumn[],
  onChange: (kind: string, value: number | string) => void,
): Promise<RowChangeWatch | null> {
  const connection = sqliteConnectionOf(db);
  if (!connection) return null;
  const id = ++watches;
  const fn = `strand_row_changed_${id}`;
  // directOnly: callable from this connection's SQL and TEMP triggers, never from a trigger or view in the file.
  // A failing onChange must not fail the write that called it: the watch then reports everything as changed.
  let failed = false;
  connection.function(fn, { varargs: true, deterministic: false, directOnly: true }, (kind, value) => {
    if (typeof kind !== 'string' || value === null || value === undefined) return null;
    try {
      onChange(kind, typeof value === 'bigint' ? Number(value) : (value as number | string));
    } catch {
      failed = true;
    }
    return null;
  });
  const byTable = new Map<string, WatchedColumn[]>();
  for (const w of watched) {
    if (!IDENTIFIER.test(w.table) || !IDENTIFIER.test(w.column) || !KIND.test(w.kind)) {
      throw new Error(`Not a plain name: ${w.table}.${w.column} as ${w.kind}`);
    }
    byTable.set(w.table, [...(byTable.get(w.table) ?? []), w]);
  }
  const calls = (columns: WatchedColumn[], rows: ('NEW' | 'OLD')[]) =>
    rows.flatMap((row) => columns.map((c) => `${fn}('${c.kind}', ${row}.${c.column})`)).join(', ');
  // Through Kysely, in one transaction: it waits for the connection like any query, so the triggers are never
  // created inside another request's transaction (and rolled back with it).
  await db.transaction().execute(async (trx) => {
    for (const [table, columns] of byTable) {
      for (const [event, rows] of [
        ['INSERT', ['NEW']],
        ['UPDATE', ['OLD', 'NEW']],
        ['DELETE', ['OLD']],
      ] as const) {
        const trigger = `${fn}_${table}_${event.toLowerCase()}`;
        await sql
          .raw(
            `CREATE TEMP TRIGGER ${trigger} AFTER ${event} ON main.${table} BEGIN SELECT ${calls(columns, [...rows])}; END`,
          )
          .execute(trx);
      }
    }
  });
  const dataVersion = connection.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  let askedAt = performance.now();
  return {
    committedElsewhere() {
      if (failed) {
        failed = false;
        return true;
      }
      // The pragma opens a read transaction (~8 µs under load, as much as the rest of a kept answer's request), so
      // it is asked at most every FOREIGN_COMMIT_CHECK_MS.
      const now = performance.now();
      if (now - askedAt < FOREIGN_COMMIT_CHECK_MS) return false;
      askedAt = now;
      const version = dataVersion.get();
      if (version === seen) return false;
      seen = version;
      return true;
    },
  };
}
