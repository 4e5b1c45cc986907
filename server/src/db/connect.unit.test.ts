/**
 * The SQLite connection of connect.ts: the statement cache (one prepared statement per SQL text, bounded, never a busy
 * one) and the fair driver (queries wait for the one connection first come, first served).
 */
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairSqliteDialect, withStatementCache } from './connect.js';

let sqlite: SQLite.Database;
afterEach(() => {
  if (sqlite.open) sqlite.close();
});

function open() {
  sqlite = new SQLite(':memory:');
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
  const prepare = vi.spyOn(sqlite, 'prepare');
  return { prepare };
}

describe('withStatementCache', () => {
  it('prepares a SQL text once and hands the same statement out again', () => {
    const { prepare } = open();
    const db = withStatementCache(sqlite);
    const a = db.prepare('SELECT name FROM t WHERE id = ?');
    const b = db.prepare('SELECT name FROM t WHERE id = ?');
    expect(b).toBe(a);
    expect(db.prepare('SELECT id FROM t')).not.toBe(a);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const { prepare } = open();
    const db = withStatementCache(sqlite, 2);
    const one = db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(one); // 1 is now the most recently used
    db.prepare('SELECT 3'); // drops 2
    expect(db.prepare('SELECT 1')).toBe(one);
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare('SELECT 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('does not hand out a statement that is still iterating', () => {
    open();
    const db = withStatementCache(sqlite);
    sqlite.exec("INSERT INTO t (name) VALUES ('a'), ('b')");
    const first = db.prepare('SELECT name FROM t');
    const rows = first.iterate([]);
    rows.next();
    const second = db.prepare('SELECT name FROM t');
    expect(second).not.toBe(first);
    expect(second.all([])).toHaveLength(2);
    rows.return?.();
  });

  it('serves Kysely: cached statements bind each call’s parameters, writes and reads alike', async () => {
    const { prepare } = open();
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    for (const name of ['ann', 'bob', 'cy']) await db.insertInto('t').values({ name }).execute();
    const names = [];
    for (const id of [1, 2, 3]) {
      names.push((await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name);
    }
    expect(names).toEqual(['ann', 'bob', 'cy']);
    expect(prepare).toHaveBeenCalledTimes(2);
    // A schema change after a statement was kept: SQLite prepares the kept statement again by itself.
    const everything = () => db.selectFrom('t').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(await everything()).toEqual({ id: 1, name: 'ann' });
    await sql`ALTER TABLE t ADD COLUMN note TEXT`.execute(db);
    await db.updateTable('t').set({ name: 'anna' }).where('id', '=', 1).execute();
    expect(await everything()).toMatchObject({ id: 1, name: 'anna' });
    await db.destroy();
  });
});

describe('FairSqliteDialect', () => {
  it('runs the queries waiting behind a transaction in the order they came, then the ones after', async () => {
    open();
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new FairSqliteDialect({ database: withStatementCache(sqlite) }),
    });
    const done: string[] = [];
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const tx = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ name: 'in tx' }).execute();
      await held;
      done.push('tx');
    });
    await new Promise((r) => setTimeout(r, 5));
    const waiting = ['a', 'b', 'c', 'd'].map(async (name) => {
      await db.insertInto('t').values({ name }).execute();
      done.push(name);
    });
    finish();
    await Promise.all([tx, ...waiting]);
    expect(done).toEqual(['tx', 'a', 'b', 'c', 'd']);
    const names = await db.selectFrom('t').select('name').orderBy('id').execute();
    expect(names.map((r) => r.name)).toEqual(['in tx', 'a', 'b', 'c', 'd']);
    await db.destroy();
  });
});
