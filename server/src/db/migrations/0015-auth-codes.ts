/**
 * Auth codes and business-center categories (issue 13 parts 4 and 7, issue 14 part 5).
 *
 * `auth_codes`: the forced authorization codes of business phone customers. The code is kept (the switch needs it to
 * be pushed again after a failure) but never answered after the add; `code_reversed` is the same digits backwards so
 * that a search by the last digits is an index range scan (`LIKE '4321%'`) on both databases. A code is unique across
 * the provider while it exists; when the switch has removed it, code and reversed code are cleared (NULLs do not
 * clash in a unique index), so the row stays for the audit trail without keeping the secret.
 * The push to the switch is a claimed job: `push_action` says what the switch still has to be told, `push_claim` and
 * `push_claimed_until` are the lease of the instance working on it, `version` counts staff changes so a push that
 * raced an edit does not overwrite it.
 *
 * `business_center_categories`: the list a business customer picks from, managed by staff. Requests keep the name
 * they were filed under (business_center_requests.category), so renaming or retiring never rewrites history.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

const DEFAULT_CATEGORIES = [
  'Moves, Adds and Changes',
  'New Service',
  'Billing',
  'Technical Support',
  'Disconnect',
  'Other',
];

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { table, index, id, nn } = kit;
  await table('auth_codes', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('code', 'text')
      .addColumn('code_reversed', 'text')
      .addColumn('description', 'text', nn)
      .addColumn('class_of_service', 'text', nn)
      // pending | active | suspended | failed | removed
      .addColumn('status', 'text', nn)
      // 1: the staff want it usable; 0: suspended.
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      // null | provision | confirm | update | remove
      .addColumn('push_action', 'text')
      .addColumn('push_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_push_at', 'text')
      .addColumn('push_claim', 'text')
      .addColumn('push_claimed_until', 'text')
      .addColumn('pushed_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', nn)
      .addColumn('updated_at', 'text', nn)
      .addColumn('confirmed_at', 'text')
      .addColumn('removed_at', 'text'),
  );
  await index('auth_codes_code_uq', 'auth_codes', ['code'], true);
  await index('auth_codes_customer_idx', 'auth_codes', ['customer_id', 'created_at']);
  await index('auth_codes_reversed_idx', 'auth_codes', ['code_reversed']);
  await index('auth_codes_status_idx', 'auth_codes', ['status', 'created_at']);
  await index('auth_codes_push_idx', 'auth_codes', ['push_action', 'next_push_at']);

  await table('business_center_categories', (t) =>
    id(t)
      .addColumn('name', 'text', nn)
      .addColumn('position', 'integer', nn)
      .addColumn('retired_at', 'text')
      .addColumn('created_at', 'text', nn)
      .addColumn('updated_at', 'text', nn),
  );
  await index('bcc_name_uq', 'business_center_categories', ['name'], true);
  await index('bcc_position_idx', 'business_center_categories', ['position']);
  await index('bcr_category_idx', 'business_center_requests', ['category']);
  const now = new Date().toISOString();
  for (const [i, name] of DEFAULT_CATEGORIES.entries()) {
    await sql`insert into business_center_categories (name, position, created_at, updated_at)
      values (${name}, ${i + 1}, ${now}, ${now})`.execute(db);
  }
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('bcr_category_idx').execute();
  await db.schema.dropTable('business_center_categories').execute();
  await db.schema.dropTable('auth_codes').execute();
}
