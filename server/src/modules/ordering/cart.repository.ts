/** SQL of the cart: the package catalogue, carts, and the install capacity (installers, installs already due). */
import type { NewRow } from '../../db/database.js';
import type { Q } from './ordering.repository.js';

// ---- packages and carts ----------------------------------------------------------------------------------------

export function allPackages(db: Q) {
  return db
    .selectFrom('packages')
    .select(['id', 'name', 'category', 'price_cents', 'install_fee_cents', 'area_kinds', 'speed_mbps', 'description'])
    .orderBy('id')
    .execute();
}

export async function insertCart(db: Q, row: NewRow<'carts'>) {
  await db.insertInto('carts').values(row).execute();
}
export function findCart(db: Q, id: string) {
  return db.selectFrom('carts').selectAll().where('id', '=', id).executeTakeFirst();
}
export type CartRow = NonNullable<Awaited<ReturnType<typeof findCart>>>;
export async function setCartPackages(db: Q, id: string, packageIds: string, now: string) {
  await db.updateTable('carts').set({ package_ids: packageIds, updated_at: now }).where('id', '=', id).execute();
}
/** Marks the cart ordered, once: false when another checkout got there first. */
export async function markCartOrdered(db: Q, id: string, orderId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('carts')
    .set({ order_id: orderId, updated_at: now })
    .where('id', '=', id)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- install capacity ------------------------------------------------------------------------------------------

/** Installers who can take an install visit: the provider's installer users, not disabled. */
export async function installerCount(db: Q): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('installer', '=', 1)
    .where('disabled', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Install visits already due per day and window between two dates: install work orders not complete or cancelled,
 * counted in their order's window (work orders from before ordering have no window: they count in the first).
 */
export async function bookedInstalls(db: Q, from: string, to: string) {
  const rows = await db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as t', 't.id', 'w.type_id')
    .leftJoin('sales_orders as s', 's.id', 'w.order_id')
    .select(['w.due_date', 's.install_window', (eb) => eb.fn.countAll<number>().as('n')])
    .where('w.due_date', '>=', from)
    .where('w.due_date', '<=', to)
    .where('w.status', 'not in', ['Complete', 'Completed', 'Closed', 'Cancelled'])
    .where('t.description', 'like', '%Install%')
    .groupBy(['w.due_date', 's.install_window'])
    .execute();
  return rows.map((r) => ({ date: r.due_date ?? '', window: r.install_window, n: Number(r.n) }));
}
