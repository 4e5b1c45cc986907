/** All SQL of business-center categories. */

import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';

/** Every category in the staff's order, with how many requests carry its name. */
export function allCategories(db: Queryable) {
  return db
    .selectFrom('business_center_categories as c')
    .select([
      'c.id',
      'c.name',
      'c.position',
      'c.retired_at',
      (eb) =>
        eb
          .selectFrom('business_center_requests as r')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('r.category', '=', 'c.name')
          .as('request_count'),
    ])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
}

/** The categories customers are offered, in order. */
export function offeredCategories(db: Queryable) {
  return db
    .selectFrom('business_center_categories')
    .select(['id', 'name'])
    .where('retired_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findCategory(db: Queryable, id: number) {
  return db
    .selectFrom('business_center_categories')
    .select(['id', 'name', 'position', 'retired_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * A category with this name in any case (names are compared without case, by the database's own lower() on both
 * sides, so what it calls equal the unique index can never see as new), other than `exceptId`.
 */
export function findByName(db: Queryable, name: string, exceptId?: number) {
  let q = db
    .selectFrom('business_center_categories')
    .select(['id', 'name', 'retired_at'])
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** Whether `name` is offered now (exactly as offered). */
export async function isOffered(db: Queryable, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('business_center_categories')
    .select('id')
    .where('name', '=', name)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countOffered(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('business_center_categories')
    .select(sql<number>`count(*)`.as('n'))
    .where('retired_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCategory(db: Queryable, name: string, now: string): Promise<number> {
  const last = await db
    .selectFrom('business_center_categories')
    .select(sql<number | null>`max(position)`.as('p'))
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('business_center_categories')
    .values({ name, position: Number(last.p ?? 0) + 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(
  db: Queryable,
  id: number,
  changes: { name?: string; retired_at?: string | null; updated_at: string },
) {
  await db.updateTable('business_center_categories').set(changes).where('id', '=', id).execute();
}

export async function setPosition(db: Queryable, id: number, position: number) {
  await db.updateTable('business_center_categories').set({ position }).where('id', '=', id).execute();
}
