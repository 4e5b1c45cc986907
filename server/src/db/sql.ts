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

/** SQLite: an FTS5 phrase; with the trigram tokenizer it matches as a case-insensitive substring (3+ characters). */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * SQLite: the account numbers of the customers whose name contains the text (3+ characters), from the FTS5 trigram
 * table keyed by the account number's 12 digits (migration 0032): FTS5 returns the keys from its index alone.
 */
export function customerIdsNamed(text: string) {
  return sql<string>`SELECT printf('%04d-%04d-%04d', rowid / 100000000, rowid / 10000 % 10000, rowid % 10000)
    FROM customer_name_search WHERE customer_name_search MATCH ${ftsPhrase(text)}`;
}

/**
 * Whether a search text is one word of a name: the words of names (migration 0033) are split on ASCII white space
 * (NAME_WORD_SPACE), so a text without any can only lie inside one word, and a name contains it exactly when one of
 * its words does.
 */
export function isOneNameWord(text: string): boolean {
  return text.length > 0 && !/[ \t\n\r\f\v]/.test(text);
}

/**
 * PostgreSQL: the customers with a word of their name that contains the text (one word, isOneNameWord), from the
 * words of names (0033): the words that contain it (pg_trgm on name_words), then their customers from
 * customer_name_words' primary key alone. A customer comes once per such word. Case-insensitive as ILIKE is.
 */
export function customerIdsByNameWord(text: string) {
  const pattern = `%${escapeLike(text)}%`;
  return sql<string>`SELECT cw.customer_id FROM customer_name_words cw
    WHERE cw.word IN (SELECT nw.word FROM name_words nw WHERE nw.word LIKE lower(${pattern}) ESCAPE '\\')`;
}

/** Joins a group's texts with `|` (string_agg on PostgreSQL, group_concat on SQLite); the order is not guaranteed. */
export function joinedTexts(dialect: DialectName, column: string) {
  return dialect === 'postgres'
    ? sql<string | null>`string_agg(${sql.ref(column)}, '|')`
    : sql<string | null>`group_concat(${sql.ref(column)}, '|')`;
}

/** Seconds since 1970 of an ISO-8601 UTC text column, as an integer. */
export function epochSeconds(dialect: DialectName, column: string) {
  return dialect === 'postgres'
    ? sql<number>`cast(extract(epoch from cast(${sql.ref(column)} as timestamptz)) as bigint)`
    : sql<number>`cast(strftime('%s', ${sql.ref(column)}) as integer)`;
}

/** What the staff home shows of a tile: how many rows, and the earliest moment of a column among them. */
export interface AttentionCount {
  count: number;
  oldestAt: string | null;
}

/** The columns of a tile's one query: `count(*)` and `min(<column>)`, read by attentionOf. */
export function countAndOldest(column: string) {
  return [sql<number | string>`count(*)`.as('n'), sql<string | null>`min(${sql.ref(column)})`.as('oldest')] as const;
}

export function attentionOf(row: { n: number | string; oldest: string | null } | undefined): AttentionCount {
  const count = Number(row?.n ?? 0);
  return { count, oldestAt: count > 0 ? (row?.oldest ?? null) : null };
}
