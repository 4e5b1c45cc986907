/** Shared set-up of the generator's tests: one seeded database per test file, and look-ups on it. */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { DemoClock } from './clock.js';
import { DEMO, isDatabaseEmpty, seedDemoData } from './generator.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** Day 0 of the seeded data in every test. */
export const TODAY = new Date(2025, 5, 15, 12, 0, 0);
export const clock = new DemoClock(TODAY);
export const dialectName = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

export interface SeededDatabase {
  db(): Kysely<Database>;
  handle(): TestDatabase;
  passwordHash(): string;
}

/** Registers hooks that seed a fresh database (scale 1, day 0 = TODAY) before the file's tests and drop it after. */
export function useSeededDatabase(): SeededDatabase {
  let hash = '';
  let seeded: TestDatabase | undefined;
  beforeAll(async () => {
    hash = await hashPassword(DEMO.password);
    seeded = await createTestDatabase();
    if (!(await isDatabaseEmpty(seeded.db))) throw new Error('fresh test database is not empty');
    await seedDemoData(seeded.db, { dialect: seeded.dialect, today: TODAY, passwordHash: hash });
  });
  afterAll(async () => {
    await seeded?.destroy();
  });
  const handle = () => {
    if (!seeded) throw new Error('database not seeded yet');
    return seeded;
  };
  return { db: () => handle().db, handle, passwordHash: () => hash };
}

export function lookups(db: () => Kysely<Database>) {
  return {
    workOrder: (id: number) =>
      db()
        .selectFrom('work_orders')
        .innerJoin('work_order_types', 'work_order_types.id', 'work_orders.type_id')
        .selectAll('work_orders')
        .select(['work_order_types.description as type', 'work_order_types.class', 'work_order_types.view_file'])
        .where('work_orders.id', '=', id)
        .executeTakeFirstOrThrow(),
    assigneesOf: async (id: number): Promise<number[]> => {
      const rows = await db()
        .selectFrom('work_order_assignments')
        .select('user_id')
        .where('work_order_id', '=', id)
        .execute();
      return rows.map((r) => r.user_id).sort((a, b) => a - b);
    },
    contactsAt: (locationId: number) =>
      db()
        .selectFrom('contact_method_locations')
        .innerJoin('contact_methods', 'contact_methods.id', 'contact_method_locations.contact_method_id')
        .select(['contact_methods.name', 'contact_methods.email'])
        .where('service_location_id', '=', locationId)
        .execute(),
    location: (id: number) =>
      db().selectFrom('service_locations').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  };
}
