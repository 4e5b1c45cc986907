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

/** Joins a group's texts with `|` (string_agg on PostgreSQL, group_concat on SQLite); the order is not guaranteed. */
export function joinedTexts(dialect: DialectName, column: string) {
  return dialect === 'postgres'
    ? sql<string | null>`string_agg(${sql.ref(column)}, '|')`
    : sql<string | null>`group_concat(${sql.ref(column)}, '|')`;
}
