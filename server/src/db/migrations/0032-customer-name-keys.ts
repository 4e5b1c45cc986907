/**
 * The customer-name search table keyed by account number (issue 16 goal 5, docs/performance.md "Early session").
 * SQLite only; PostgreSQL matches names with pg_trgm on customers (0002).
 *
 * customer_name_search (0002) kept the account number in an UNINDEXED column: a search read each matching row's
 * account number out of FTS5's content table, one B-tree lookup per customer (~8 of the ~14 ms a common surname
 * took on 1 M work orders). An account number is 12 digits (0000-0000-0000), so the table is now keyed by it as an
 * integer rowid, which FTS5 returns from its index alone; the search turns the rowid back into the account number
 * (customerIdsNamed, db/sql.ts). Deleting a customer's row is a rowid lookup instead of a scan of the table.
 *
 * The key needs every account number to have that shape: a trigger refuses any other customers.id (NULL included: the
 * column is a TEXT primary key, which SQLite lets be NULL), which the API's schemas already refuse
 * (CUSTOMER_ID_PATTERN); the migration stops, naming them, if a database holds any.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';
import { createCustomerNameSearch } from './0002-installer.js';

/** The integer key of an account number 1234-5678-9012 (as customerIdsNamed turns it back). */
const key = (id: string) => `CAST(replace(${id}, '-', '') AS INTEGER)`;
const ACCOUNT_NUMBER_GLOB = "'[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]'";
const TRIGGERS = [
  'customers_account_number_bi',
  'customers_account_number_bu',
  'customer_name_search_ai',
  'customer_name_search_au',
  'customer_name_search_ad',
];

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'postgres') return;
  const odd = await sql<{ id: string | null }>`SELECT id FROM customers
    WHERE id IS NULL OR id NOT GLOB ${sql.raw(ACCOUNT_NUMBER_GLOB)} LIMIT 5`.execute(db);
  if (odd.rows.length > 0) {
    const ids = odd.rows.map((r) => JSON.stringify(r.id)).join(', ');
    throw new Error(
      `0032: customers.id must be account numbers like 0000-0000-0000 to key the name search; not ${ids}`,
    );
  }
  await dropSearchTable(db);
  for (const [name, event] of [
    ['customers_account_number_bi', 'INSERT'],
    ['customers_account_number_bu', 'UPDATE OF id'],
  ]) {
    await sql
      .raw(`CREATE TRIGGER ${name} BEFORE ${event} ON customers
        WHEN NEW.id IS NULL OR NEW.id NOT GLOB ${ACCOUNT_NUMBER_GLOB} BEGIN
        SELECT RAISE(ABORT, 'customers.id must be an account number like 0000-0000-0000');
      END`)
      .execute(db);
  }
  await sql`CREATE VIRTUAL TABLE customer_name_search USING fts5(name, tokenize='trigram')`.execute(db);
  await sql.raw(`INSERT INTO customer_name_search (rowid, name) SELECT ${key('id')}, name FROM customers`).execute(db);
  await sql
    .raw(`CREATE TRIGGER customer_name_search_ai AFTER INSERT ON customers BEGIN
      INSERT INTO customer_name_search (rowid, name) VALUES (${key('NEW.id')}, NEW.name);
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER customer_name_search_au AFTER UPDATE OF id, name ON customers BEGIN
      DELETE FROM customer_name_search WHERE rowid = ${key('OLD.id')};
      INSERT INTO customer_name_search (rowid, name) VALUES (${key('NEW.id')}, NEW.name);
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER customer_name_search_ad AFTER DELETE ON customers BEGIN
      DELETE FROM customer_name_search WHERE rowid = ${key('OLD.id')};
    END`)
    .execute(db);
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'postgres') return;
  await dropSearchTable(db);
  await createCustomerNameSearch(db);
}

async function dropSearchTable(db: AnyDb): Promise<void> {
  for (const name of TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
  await sql`DROP TABLE IF EXISTS customer_name_search`.execute(db);
}
