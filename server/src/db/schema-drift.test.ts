/**
 * db/database.ts (the table types every query is checked against) must say what the migrations really build. This
 * test reads database.ts with the TypeScript compiler and compares it with the schema of a freshly migrated
 * database — SQLite here, PostgreSQL when DATABASE_URL is set (CI runs both): the same tables, the same columns, the
 * same nullability, a matching type family, and a database default behind every `Generated<…>`. A migration that
 * adds a column without the type, or a type without the migration, fails here with the table and column named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/** Tables the migrations make that queries reach only through raw SQL, with the reason. */
const UNTYPED_TABLES: Record<string, string> = {
  kysely_migration: "Kysely's own bookkeeping",
  kysely_migration_lock: "Kysely's own bookkeeping",
  name_words: 'PostgreSQL: the words of customer names, kept by a trigger for the name search (0033)',
  customer_name_words: 'PostgreSQL: which customers each name word belongs to, kept by a trigger (0033)',
};

interface TypedColumn {
  nullable: boolean;
  family: 'number' | 'string' | 'other';
  generated: boolean;
  text: string;
}

interface DbColumn {
  nullable: boolean;
  family: 'number' | 'string' | 'other';
  hasDefault: boolean;
  type: string;
}

/** The select type of a column type node: Generated<T> → T, ColumnType<S, I, U> → S. */
function columnOf(node: ts.TypeNode, source: ts.SourceFile): TypedColumn {
  let select = node;
  let generated = false;
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const name = node.typeName.text;
    const [first, insert] = node.typeArguments ?? [];
    if (name === 'Generated' && first) {
      select = first;
      generated = true;
    } else if (name === 'ColumnType' && first) {
      select = first;
      generated = insert?.getText(source).includes('undefined') ?? false;
    }
  }
  const members = ts.isUnionTypeNode(select) ? select.types : [select];
  const texts = members.map((m) => m.getText(source));
  const nullable = texts.includes('null');
  const rest = texts.filter((t) => t !== 'null');
  const family = rest.every((t) => t === 'number' || t === 'bigint')
    ? 'number'
    : rest.every((t) => t === 'string' || /^'.*'$/.test(t))
      ? 'string'
      : 'other';
  return { nullable, family, generated, text: node.getText(source) };
}

/** database.ts as data: table name → column name → what the type says. */
function typedSchema(): Map<string, Map<string, TypedColumn>> {
  const file = path.join(import.meta.dirname, 'database.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const database = interfaces.get('Database');
  if (!database) throw new Error('database.ts has no interface Database');
  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = member.name.getText(source);
    const shape = interfaces.get(member.type.typeName.getText(source));
    if (!shape) throw new Error(`database.ts: ${table} names an interface that is not in the file`);
    const columns = new Map<string, TypedColumn>();
    for (const column of shape.members) {
      if (ts.isPropertySignature(column) && column.type) {
        columns.set(column.name.getText(source), columnOf(column.type, source));
      }
    }
    tables.set(table, columns);
  }
  return tables;
}

const familyOf = (type: string): DbColumn['family'] => {
  const t = type.toLowerCase();
  if (/int|real|double|numeric|decimal|float/.test(t)) return 'number';
  if (/text|char|clob/.test(t)) return 'string';
  return 'other';
};

/**
 * SQLite's FTS5 tables (the trigram search indexes of 0002) and their shadow tables: the search reaches them through
 * raw SQL only, so they have no types. PostgreSQL has none (it uses pg_trgm indexes).
 */
async function ftsTables(t: TestApp): Promise<(name: string) => boolean> {
  if (t.db.dialect === 'postgres') return () => false;
  const virtual = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(t.db.db);
  const bases = virtual.rows.map((r) => r.name);
  return (name) => bases.some((base) => name === base || name.startsWith(`${base}_`));
}

async function migratedSchema(t: TestApp): Promise<Map<string, Map<string, DbColumn>>> {
  const db = t.db.db;
  const tables = new Map<string, Map<string, DbColumn>>();
  const put = (table: string, column: string, value: DbColumn) => {
    if (!tables.has(table)) tables.set(table, new Map());
    tables.get(table)?.set(column, value);
  };
  if (t.db.dialect === 'postgres') {
    const rows = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>`select table_name, column_name, data_type, is_nullable, column_default, is_identity
       from information_schema.columns where table_schema = 'public'`.execute(db);
    for (const r of rows.rows) {
      put(r.table_name, r.column_name, {
        nullable: r.is_nullable === 'YES',
        family: familyOf(r.data_type),
        hasDefault: r.column_default !== null || r.is_identity === 'YES',
        type: r.data_type,
      });
    }
    return tables;
  }
  const names = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name } of names.rows) {
    const columns = await sql<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`select name, type, "notnull", dflt_value, pk from pragma_table_info(${name})`.execute(db);
    const pkCount = columns.rows.filter((c) => c.pk > 0).length;
    for (const c of columns.rows) {
      // A lone INTEGER PRIMARY KEY is SQLite's rowid: never null, generated when left out.
      const rowid = c.pk > 0 && pkCount === 1 && c.type.toUpperCase() === 'INTEGER';
      put(name, c.name, {
        nullable: c.notnull === 0 && c.pk === 0,
        family: familyOf(c.type),
        hasDefault: c.dflt_value !== null || rowid,
        type: c.type,
      });
    }
  }
  return tables;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('db/database.ts against the migrated schema', () => {
  it('has exactly the tables, columns, nullability, type families and defaults the migrations make', async () => {
    const typed = typedSchema();
    const actual = await migratedSchema(t);
    const isFtsTable = await ftsTables(t);
    const problems: string[] = [];
    for (const table of actual.keys()) {
      if (UNTYPED_TABLES[table] || isFtsTable(table)) continue;
      if (!typed.has(table)) problems.push(`${table}: made by the migrations, missing from database.ts`);
    }
    for (const [table, columns] of typed) {
      const real = actual.get(table);
      if (!real) {
        problems.push(`${table}: in database.ts, not made by any migration`);
        continue;
      }
      for (const column of real.keys()) {
        if (!columns.has(column)) problems.push(`${table}.${column}: in the database, missing from database.ts`);
      }
      for (const [column, type] of columns) {
        const db = real.get(column);
        if (!db) {
          problems.push(`${table}.${column}: in database.ts, not in the database`);
          continue;
        }
        if (db.nullable !== type.nullable) {
          problems.push(
            `${table}.${column}: the database says ${db.nullable ? 'NULL allowed' : 'NOT NULL'}, database.ts says ${type.text}`,
          );
        }
        if (type.family !== 'other' && db.family !== type.family) {
          problems.push(`${table}.${column}: the database type is ${db.type}, database.ts says ${type.text}`);
        }
        // A nullable column may be left out without a default (it is then null).
        if (type.generated && !type.nullable && !db.hasDefault) {
          problems.push(`${table}.${column}: database.ts says ${type.text} but the column has no default`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads database.ts itself (a table the test cannot see would make the comparison empty)', () => {
    const typed = typedSchema();
    expect(typed.size).toBeGreaterThan(40);
    expect(typed.get('sessions')?.get('revoked_at')).toMatchObject({ nullable: true, family: 'string' });
    expect(typed.get('mail_requests')?.get('id')).toMatchObject({ generated: true, family: 'number' });
  });
});
