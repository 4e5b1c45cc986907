/**
 * Batched multi-row inserts that bypass the query builder (the demo data reaches hundreds of thousands of rows) and
 * the PostgreSQL identity-sequence reset that explicit ids need afterwards.
 */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database, NewRow } from '../db/database.js';

export type DialectName = 'sqlite' | 'postgres';

/** SQLite allows 32,766 bound parameters per statement, PostgreSQL 65,535; stay well below both. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_STATEMENT = 2_000;

type Value = string | number | null;

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

function placeholders(dialect: DialectName, columns: number, rows: number): string {
  const tuples: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const marks: string[] = [];
    for (let c = 0; c < columns; c++) marks.push(dialect === 'postgres' ? `$${++n}` : '?');
    tuples.push(`(${marks.join(',')})`);
  }
  return tuples.join(',');
}

function toValue(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new Error(`Unsupported column value: ${String(value)}`);
}

/** Rows are inserted in chunks; every row must have the columns of the first one (missing ones become NULL). */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  dialect: DialectName,
  table: T,
  rows: readonly NewRow<T>[],
): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const columns = Object.keys(first);
  const chunkSize = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / columns.length)));
  const head = `insert into ${quote(table)} (${columns.map(quote).join(',')}) values `;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const parameters: Value[] = [];
    for (const row of chunk) {
      const record = row as Record<string, unknown>;
      for (const column of columns) parameters.push(toValue(record[column]));
    }
    const text = head + placeholders(dialect, columns.length, chunk.length);
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
  return rows.length;
}

/** PostgreSQL: moves every identity sequence past the largest id, so later inserts do not collide. */
export async function resetIdentitySequences(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(db);
  for (const { table_name: table, column_name: column } of rows) {
    const t = sql.id(table);
    const c = sql.id(column);
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
      coalesce((select max(${c}) from ${t}), 1), (select max(${c}) from ${t}) is not null)`.execute(db);
  }
}
