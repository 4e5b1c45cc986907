/** The few places where SQLite and PostgreSQL differ, behind one helper each. */
import { sql } from 'kysely';
import type { DialectName } from './connect.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "contains" match (ILIKE on PostgreSQL; LIKE is already case-insensitive for ASCII on SQLite). */
export function containsInsensitive(dialect: DialectName, column: string, text: string) {
  const pattern = `%${escapeLike(text)}%`;
  return dialect === 'postgres'
    ? sql<boolean>`${sql.ref(column)} ILIKE ${pattern} ESCAPE '\\'`
    : sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;
}

/** Seconds since 1970 of an ISO-8601 UTC text column, as an integer. */
export function epochSeconds(dialect: DialectName, column: string) {
  return dialect === 'postgres'
    ? sql<number>`cast(extract(epoch from cast(${sql.ref(column)} as timestamptz)) as bigint)`
    : sql<number>`cast(strftime('%s', ${sql.ref(column)}) as integer)`;
}
