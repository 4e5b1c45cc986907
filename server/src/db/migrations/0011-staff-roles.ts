/**
 * Staff roles (issue 13): which part of the back office a staff member runs, as a comma-separated list of
 * admin, sales, dispatcher, billing and network (domain/src/session.ts). Empty for everyone who is not staff;
 * staff who had no roles before (the demo's `staff`) become admins, as they could use every staff page.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('staff_roles', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update users set staff_roles = 'admin' where is_staff = 1`.execute(db);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('users').dropColumn('staff_roles').execute();
}
