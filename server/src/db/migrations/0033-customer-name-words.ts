/**
 * The words of customers' names, for the customer-name search on PostgreSQL (issue 16 goal 5, docs/performance.md
 * "Early session"). SQLite answers it from its FTS5 table (0032) and has nothing to do here.
 *
 * pg_trgm's index on customers.name (0002) finds the customers whose name contains the text, but each match is then
 * read from the table to recheck it and to get its id: a common surname on 1 M work orders is ~6,500 customers on
 * ~3,700 pages, 9–12 ms, and their ids were then bound to the search as a 6,500-element array. Text without white
 * space can only lie inside one word of a name, so a name contains it exactly when one of its words does:
 *
 * - name_words: every distinct word of a name (lowercased), with a pg_trgm index: a few hundred to a few hundred
 *   thousand short rows, where a search finds the words that contain the text;
 * - customer_name_words: (word, customer_id), its primary key an index from a word to its customers that is read
 *   alone (index-only), without visiting the table.
 *
 * A trigger on customers keeps both. A word no name uses any more stays in name_words, matching nobody: removing
 * it safely would need a lock against a concurrent insert of the same word, and the dictionary only grows with the
 * words ever used.
 *
 * Words are split on ASCII white space (NAME_WORD_SPACE, as isOneNameWord in db/sql.ts tests the search text).
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

/** The separators of name words, as a PostgreSQL regular expression (a standard string: the regex reads `\t`). */
const NAME_WORD_SPACE = '[ \\t\\n\\r\\f\\v]+';

const wordsOf = (name: string) =>
  `(SELECT DISTINCT w FROM regexp_split_to_table(lower(${name}), '${NAME_WORD_SPACE}') AS w WHERE w <> '')`;

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') return;
  await sql`CREATE TABLE name_words (word text PRIMARY KEY)`.execute(db);
  await sql`CREATE TABLE customer_name_words (
      word text NOT NULL,
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE ON UPDATE CASCADE,
      PRIMARY KEY (word, customer_id)
    )`.execute(db);
  await sql`CREATE INDEX customer_name_words_customer_idx ON customer_name_words (customer_id)`.execute(db);
  await sql
    .raw(`INSERT INTO customer_name_words (word, customer_id)
      SELECT w.w, c.id FROM customers c CROSS JOIN LATERAL ${wordsOf('c.name')} AS w`)
    .execute(db);
  await sql`INSERT INTO name_words (word) SELECT DISTINCT word FROM customer_name_words`.execute(db);
  // Without the extension (a server lacking contrib) the words are still found, by scanning name_words.
  const trgm = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(
    db,
  );
  if ((trgm.rows[0]?.n ?? 0) > 0) {
    await sql`CREATE INDEX name_words_trgm_idx ON name_words USING gin (word gin_trgm_ops)`.execute(db);
  }
  // customer_id follows an id change by ON UPDATE CASCADE; the trigger follows the name.
  await sql
    .raw(`CREATE FUNCTION customer_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        DELETE FROM customer_name_words WHERE customer_id = NEW.id;
      END IF;
      INSERT INTO customer_name_words (word, customer_id) SELECT w.w, NEW.id FROM ${wordsOf('NEW.name')} AS w;
      INSERT INTO name_words (word) SELECT w.w FROM ${wordsOf('NEW.name')} AS w ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER customer_name_words AFTER INSERT OR UPDATE OF name ON customers
    FOR EACH ROW EXECUTE FUNCTION customer_name_words()`.execute(db);
  await sql`ANALYZE customer_name_words`.execute(db);
  await sql`ANALYZE name_words`.execute(db);
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') return;
  await sql`DROP TRIGGER customer_name_words ON customers`.execute(db);
  await sql`DROP FUNCTION customer_name_words()`.execute(db);
  await sql`DROP TABLE customer_name_words`.execute(db);
  await sql`DROP TABLE name_words`.execute(db);
}
