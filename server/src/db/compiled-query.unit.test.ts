/** compiledQuery: built once, run with each call's values; refuses a builder whose shape depends on its arguments. */
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { compiledQuery } from './compiled-query.js';
import type { Database } from './database.js';

interface T {
  t: { id: Generated<number>; name: string; kind: string };
}

function open() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(
    "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, kind TEXT); INSERT INTO t (name, kind) VALUES ('ann', 'a'), ('bob', 'b'), ('cy', 'a')",
  );
  // The helper is typed for the app's schema; this test's table stands in for one of it.
  return new Kysely<T>({ dialect: new SqliteDialect({ database: sqlite }) }) as unknown as Kysely<Database>;
}
const t = (db: unknown) => db as Kysely<T>;

describe('compiledQuery', () => {
  it('builds once and binds each call’s arguments where they go, keeping the query’s own constants', async () => {
    const db = open();
    const build = vi.fn((d: unknown, kind: string, after: number) =>
      t(d)
        .selectFrom('t')
        .select('name')
        .where('kind', '=', kind)
        .where('id', '>', after)
        .where('name', '!=', 'zed')
        .orderBy('id'),
    );
    const byKind = compiledQuery(build);
    expect((await byKind(db, 'a', 0)).map((r) => r.name)).toEqual(['ann', 'cy']);
    expect((await byKind(db, 'a', 1)).map((r) => r.name)).toEqual(['cy']);
    expect((await byKind(db, 'b', 0)).map((r) => r.name)).toEqual(['bob']);
    expect(await byKind(db, 'c', 0)).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
    await db.destroy();
  });

  it('builds once for a database and all its transactions (a read transaction per request)', async () => {
    const db = open();
    const build = vi.fn((d: unknown, kind: string) => t(d).selectFrom('t').select('name').where('kind', '=', kind));
    const byKind = compiledQuery(build);
    expect((await byKind(db, 'b')).map((r) => r.name)).toEqual(['bob']);
    for (const kind of ['a', 'b']) {
      const names = await db.transaction().execute(async (trx) => (await byKind(trx, kind)).map((r) => r.name));
      expect(names).toEqual(kind === 'a' ? ['ann', 'cy'] : ['bob']);
    }
    expect(build).toHaveBeenCalledTimes(1);
    await db.destroy();
  });

  it('refuses a builder that changes or drops an argument (its shape would depend on the values)', async () => {
    const db = open();
    const dropped = compiledQuery((d, kind: string) =>
      kind === 'a' ? t(d).selectFrom('t').select('name').where('kind', '=', kind) : t(d).selectFrom('t').select('name'),
    );
    await expect(dropped(db, 'a')).rejects.toThrow(/every argument must be one parameter/);
    const changed = compiledQuery((d, name: string) =>
      t(d).selectFrom('t').select('id').where('name', '=', name.toUpperCase()),
    );
    await expect(changed(db, 'ann')).rejects.toThrow(/every argument must be one parameter/);
    await db.destroy();
  });
});

describe('compiledQuery with plugins', () => {
  it('builds every time, so a plugin sees each statement', async () => {
    const seen: string[] = [];
    const db = open().withPlugin({
      transformQuery: ({ node }) => {
        seen.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const byKind = compiledQuery((d, kind: string) => t(d).selectFrom('t').select('name').where('kind', '=', kind));
    expect((await byKind(db, 'b')).map((r) => r.name)).toEqual(['bob']);
    expect((await byKind(db, 'a')).map((r) => r.name)).toEqual(['ann', 'cy']);
    expect(seen).toEqual(['SelectQueryNode', 'SelectQueryNode']);
    await db.destroy();
  });
});
