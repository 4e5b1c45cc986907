/** The work order search's customer-name index: FTS5 on SQLite, the words of names on PostgreSQL (0032, 0033). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsInsensitive, customerIdsByNameWord, customerIdsNamed, isOneNameWord } from '../../db/sql.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { everyone, idsAs, W } from './work-order-search-test-helpers.js';

let t: TestApp;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  installer = await t.login('installer');
});
afterAll(() => t.close());

const ids = (params: Record<string, string>, token = installer) => idsAs(t, params, token);

describe('the customer-name index (FTS5 on SQLite, keyed by account number: migration 0032)', () => {
  const named = async (name: string) =>
    (await ids({ ...everyone, CustomerName: name })).filter((id) => id === W.fullInstall);

  it('follows a customer’s renaming: found by the new name, no longer by the old one', async () => {
    const wo = await t.db.db
      .selectFrom('work_orders as wo')
      .innerJoin('customers as c', 'c.id', 'wo.customer_id')
      .select(['c.id', 'c.name'])
      .where('wo.id', '=', W.fullInstall)
      .executeTakeFirstOrThrow();
    const oldName = wo.name.split(' ').pop() as string;
    expect(await named(oldName)).toEqual([W.fullInstall]);
    await t.db.db.updateTable('customers').set({ name: 'Quillon Zephyrine' }).where('id', '=', wo.id).execute();
    try {
      expect(await named('zephyr')).toEqual([W.fullInstall]);
      expect(await named(oldName)).toEqual([]);
    } finally {
      await t.db.db.updateTable('customers').set({ name: wo.name }).where('id', '=', wo.id).execute();
    }
    expect(await named(oldName)).toEqual([W.fullInstall]);
  });

  it('follows a changed account number and forgets a deleted customer', async () => {
    const db = t.db.db;
    // SQLite: the FTS5 table (0032); PostgreSQL: the words of names (0033).
    const query = t.db.dialect === 'sqlite' ? customerIdsNamed('Wolfram Hollowell') : customerIdsByNameWord('hollowel');
    const indexed = async () => [...new Set((await query.execute(db)).rows.map((r) => Object.values(r)[0]))];
    const row = { name: 'Wolfram Hollowell', customer_type: 'Residential', status: 'Active', created_at: '2026-11-25' };
    await db
      .insertInto('customers')
      .values({ ...row, id: '0042-0007-0913' })
      .execute();
    expect(await indexed()).toEqual(['0042-0007-0913']);
    await db.updateTable('customers').set({ id: '0042-0007-0914' }).where('id', '=', '0042-0007-0913').execute();
    expect(await indexed()).toEqual(['0042-0007-0914']);
    await db.deleteFrom('customers').where('id', '=', '0042-0007-0914').execute();
    expect(await indexed()).toEqual([]);
  });

  it('finds in the words of names exactly the customers whose whole name contains a one-word text (PostgreSQL)', async ({
    skip,
  }) => {
    if (t.db.dialect !== 'postgres') skip();
    const db = t.db.db;
    const names = ["Zoë O'Neil-Smith", '100% Fiber_Co', 'Back\\Slash Inc', 'ÉCOLE  Tab\tName', 'Lee Lee', 'ß Straße'];
    const rows = names.map((name, i) => ({
      id: `0042-0008-000${i}`,
      name,
      customer_type: 'Business',
      status: 'Active',
      created_at: '2026-11-25',
    }));
    await db.insertInto('customers').values(rows).execute();
    try {
      const texts = [
        'zoë',
        'ZOË',
        "o'neil-sm",
        '0%',
        'r_c',
        '_',
        '%',
        '\\sl',
        '\\',
        'école',
        'tab',
        'lee',
        'ee',
        'STRASSE',
        'straße',
      ];
      for (const text of texts) {
        expect(isOneNameWord(text), text).toBe(true);
        const byWord = (await customerIdsByNameWord(text).execute(db)).rows.map((r) => Object.values(r)[0]);
        const whole = await db
          .selectFrom('customers')
          .select('id')
          .where(containsInsensitive('postgres', 'name', text))
          .execute();
        expect([...new Set(byWord)].sort(), text).toEqual(whole.map((r) => r.id).sort());
      }
      // Renamed: the old words no longer find the customer, the new ones do.
      await db.updateTable('customers').set({ name: 'Quorra Vexley' }).where('id', '=', '0042-0008-0004').execute();
      const found = async (text: string) =>
        (await customerIdsByNameWord(text).execute(db)).rows.map((r) => Object.values(r)[0]);
      expect(await found('vexl')).toEqual(['0042-0008-0004']);
      expect(await found('lee')).not.toContain('0042-0008-0004');
    } finally {
      await db.deleteFrom('customers').where('id', 'like', '0042-0008-%').execute();
    }
    expect(isOneNameWord('rhonda reyes')).toBe(false);
    expect(isOneNameWord('tab\tname')).toBe(false);
  });

  it('refuses a customer id that is not an account number, which the FTS5 key needs (SQLite)', async ({ skip }) => {
    if (t.db.dialect !== 'sqlite') skip();
    const db = t.db.db;
    const row = { name: 'Wolfram Hollowell', customer_type: 'Residential', status: 'Active', created_at: '2026-11-25' };
    await expect(
      db
        .insertInto('customers')
        .values({ ...row, id: 'C-42' })
        .execute(),
    ).rejects.toThrow(/customers.id must be an account number/);
    await db
      .insertInto('customers')
      .values({ ...row, id: '0042-0007-0915' })
      .execute();
    await expect(
      db.updateTable('customers').set({ id: '42' }).where('id', '=', '0042-0007-0915').execute(),
    ).rejects.toThrow(/customers.id must be an account number/);
    await db.deleteFrom('customers').where('id', '=', '0042-0007-0915').execute();
    expect(await db.selectFrom('customers').select('id').where('name', '=', row.name).execute()).toEqual([]);
  });
});
