/**
 * Business-center categories (SPEC §7 "business center categories"): the list a business customer picks from when
 * filing a business-center request. Admin staff add, rename, reorder and retire them; a retired category is no
 * longer offered, and requests keep the name they were filed under. The server refuses a request whose category is
 * not offered (400 naming `category`).
 */
import {
  BUSINESS_CENTER_CATEGORIES_MAX,
  type BusinessCenterCategory,
  type BusinessCenterCategoryUpdateSchema,
  type NewBusinessCenterCategorySchema,
  type StaffBusinessCenterCategory,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import * as repo from './categories.repository.js';

export async function offeredCategories(ctx: AppContext): Promise<BusinessCenterCategory[]> {
  return (await repo.offeredCategories(ctx.db)).map((c) => ({ CategoryID: c.id, name: c.name }));
}

/** Refuses a category that is not offered (the customer's form only offers those). */
export async function assertCategoryOffered(db: Queryable, name: string) {
  if (await repo.isOffered(db, name)) return;
  const offered = (await repo.offeredCategories(db)).map((c) => c.name);
  const message = `Category must be one of: ${offered.join(', ')}.`;
  throw badRequest(message, { category: message });
}

export async function staffCategories(ctx: AppContext): Promise<StaffBusinessCenterCategory[]> {
  return (await repo.allCategories(ctx.db)).map((c, i) => ({
    CategoryID: c.id,
    name: c.name,
    position: i + 1,
    retired: c.retired_at !== null,
    requestCount: Number(c.request_count ?? 0),
  }));
}

const staffAudit = (staff: Viewer, at: string, action: string, id: number, detail: Record<string, unknown>) => ({
  at,
  userId: staff.userId,
  employeeId: staff.employeeId,
  action: `staff.business-center-category.${action}`,
  subject: `business-center-category:${id}`,
  detail,
});

async function assertNameFree(db: Queryable, name: string, exceptId?: number) {
  const other = await repo.findByName(db, name, exceptId);
  if (!other) return;
  const message = other.retired_at
    ? `A retired category is already called “${other.name}”; bring it back instead.`
    : `A category is already called “${other.name}”.`;
  throw conflict(message, { name: message });
}

async function assertRoomForOne(db: Queryable, field: string) {
  if ((await repo.countOffered(db)) < BUSINESS_CENTER_CATEGORIES_MAX) return;
  const message = `At most ${BUSINESS_CENTER_CATEGORIES_MAX} categories can be offered at once; retire one first.`;
  throw conflict(message, { [field]: message });
}

export async function addCategory(
  ctx: AppContext,
  staff: Viewer,
  input: z.output<typeof NewBusinessCenterCategorySchema>,
): Promise<StaffBusinessCenterCategory> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name);
    await assertRoomForOne(trx, 'name');
    const now = ctx.now().toISOString();
    const newId = await repo.insertCategory(trx, input.name, now);
    await audit(trx, staffAudit(staff, now, 'add', newId, { name: input.name }));
    return newId;
  });
  return (await staffCategories(ctx)).find((c) => c.CategoryID === id) as StaffBusinessCenterCategory;
}

export async function updateCategory(
  ctx: AppContext,
  staff: Viewer,
  id: number,
  input: z.output<typeof BusinessCenterCategoryUpdateSchema>,
): Promise<StaffBusinessCenterCategory[]> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findCategory(trx, id);
    if (!row) throw notFound('No business-center category has that id.');
    const now = ctx.now().toISOString();
    const detail: Record<string, unknown> = {};
    const changes: { name?: string; retired_at?: string | null; updated_at: string } = { updated_at: now };
    if (input.name !== undefined && input.name !== row.name) {
      await assertNameFree(trx, input.name, id);
      changes.name = input.name;
      detail.name = { from: row.name, to: input.name };
    }
    if (input.retired !== undefined && input.retired !== (row.retired_at !== null)) {
      if (input.retired && (await repo.countOffered(trx)) <= 1) {
        const message = 'At least one category must stay offered.';
        throw conflict(message, { retired: message });
      }
      if (!input.retired) await assertRoomForOne(trx, 'retired');
      changes.retired_at = input.retired ? now : null;
      detail.retired = input.retired;
    }
    await repo.updateCategory(trx, id, changes);
    if (input.position !== undefined) {
      const order = (await repo.allCategories(trx)).map((c) => c.id).filter((c) => c !== id);
      const at = Math.min(Math.max(input.position, 1), order.length + 1) - 1;
      order.splice(at, 0, id);
      for (const [i, categoryId] of order.entries()) await repo.setPosition(trx, categoryId, i + 1);
      detail.position = at + 1;
    }
    if (Object.keys(detail).length > 0) await audit(trx, staffAudit(staff, now, 'update', id, detail));
  });
  return staffCategories(ctx);
}
