/**
 * The one set of helpers every migration uses. The dialect is passed in by migrate.ts (from the connection that was
 * opened), never guessed from a driver's class name, so each migration's `up(db, kit)` writes the same schema on
 * SQLite and PostgreSQL with the dialect-specific parts in one place.
 */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from './connect.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the raw schema, not the app's types.
export type AnyDb = Kysely<any>;
export type Table = CreateTableBuilder<string, string>;

export interface MigrationKit {
  dialect: DialectName;
  /** `(c) => c.notNull()`, the most common column modifier. */
  nn(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /** An integer primary key the database generates unless given (identity on PostgreSQL, autoincrement on SQLite). */
  id(t: Table, name?: string): Table;
  /** Creates a table. */
  table(name: string, build: (t: Table) => Table): Promise<void>;
  /** Creates an index (unique when asked). */
  index(name: string, on: string, columns: string[], unique?: boolean): Promise<void>;
  /** Adds columns to a table; a non-null fallback makes the column NOT NULL with that default. */
  addColumns(table: string, columns: [string, 'text' | 'integer', string | number | null][]): Promise<void>;
}

export type Migration = {
  up(db: AnyDb, kit: MigrationKit): Promise<void>;
  down(db: AnyDb, kit: MigrationKit): Promise<void>;
};

export function migrationKit(db: AnyDb, dialect: DialectName): MigrationKit {
  return {
    dialect,
    nn: (c) => c.notNull(),
    id: (t, name = 'id') =>
      dialect === 'postgres'
        ? t.addColumn(name, 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement()),
    table: async (name, build) => {
      await build(db.schema.createTable(name)).execute();
    },
    index: async (name, on, columns, unique = false) => {
      let b = db.schema.createIndex(name).on(on).columns(columns);
      if (unique) b = b.unique();
      await b.execute();
    },
    addColumns: async (table, columns) => {
      for (const [name, type, fallback] of columns) {
        await db.schema
          .alterTable(table)
          .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
          .execute();
      }
    },
  };
}
