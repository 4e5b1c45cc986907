/**
 * The work order home's answer (GET /api/installer/work-orders/:WOId, the installer area's hottest read), kept per
 * work order as the JSON text sent, with its compressed forms once asked for (issue 16, plugins/json-text.ts). An
 * installer opens the same work order again and again on site; its answer reads 13 tables in 4 statements, and under
 * load those statements were most of the request's CPU.
 *
 * Kept on SQLite only (db/row-changes.ts): an answer is dropped the moment any row it was made from is inserted,
 * updated or deleted (TEMP triggers on the 13 tables below), and all of them when another connection commits. On
 * PostgreSQL there is no cache (several instances share the database), and the answer is read every time.
 *
 * Only answers an installer may read are kept, with the work order's owner row, so a kept answer also answers the
 * access check: a work order given to a contractor company changes its own row, which drops the answer.
 */
import type { AppContext } from '../../context.js';
import { type RowChangeWatch, type WatchedColumn, watchRowChanges } from '../../db/row-changes.js';
import { AnswerCache } from '../../lib/answer-cache.js';
import type { JsonText } from '../../plugins/json-text.js';

/** Every table the answer reads, by the column that names the work order, location, customer, … a row belongs to. */
const WATCHED: readonly WatchedColumn[] = [
  { table: 'work_orders', column: 'id', kind: 'work-order' },
  { table: 'work_order_assignments', column: 'work_order_id', kind: 'work-order' },
  { table: 'work_order_notes', column: 'work_order_id', kind: 'work-order' },
  { table: 'attachments', column: 'work_order_id', kind: 'work-order' },
  { table: 'work_order_types', column: 'id', kind: 'type' },
  { table: 'customers', column: 'id', kind: 'customer' },
  { table: 'service_locations', column: 'id', kind: 'location' },
  { table: 'circuits', column: 'service_location_id', kind: 'location' },
  { table: 'contact_method_locations', column: 'service_location_id', kind: 'location' },
  { table: 'contact_methods', column: 'id', kind: 'contact' },
  { table: 'sales_orders', column: 'id', kind: 'order' },
  { table: 'physical_plant_configs', column: 'order_id', kind: 'order' },
  { table: 'users', column: 'id', kind: 'user' },
];

/** What one work order's answer was read from, by the kinds above. */
export interface HomeSources {
  workOrderId: number;
  typeId: number;
  customerId: string;
  locationId: number | null;
  orderId: number | null;
  contactIds: readonly number[];
  userIds: readonly number[];
}

export function homeDependencies(s: HomeSources): string[] {
  return [
    `work-order:${s.workOrderId}`,
    `type:${s.typeId}`,
    `customer:${s.customerId}`,
    ...(s.locationId === null ? [] : [`location:${s.locationId}`]),
    ...(s.orderId === null ? [] : [`order:${s.orderId}`]),
    ...s.contactIds.map((id) => `contact:${id}`),
    ...s.userIds.map((id) => `user:${id}`),
  ];
}

/** About 1.5 KB each: a few megabytes at most. */
const MAX_KEPT = 5_000;

export type HomeCache = AnswerCache<number, JsonText>;

/** Per app instance: its cache once the triggers are in place, null on PostgreSQL. */
const caches = new WeakMap<AppContext, Promise<HomeCache | null>>();

async function open(ctx: AppContext): Promise<HomeCache | null> {
  let watch: RowChangeWatch | null = null;
  const cache: HomeCache = new AnswerCache({ max: MAX_KEPT, stale: () => watch?.committedElsewhere() ?? false });
  watch = await watchRowChanges(ctx.db, WATCHED, (kind, value) => cache.changed(`${kind}:${value}`));
  return watch ? cache : null;
}

/**
 * The instance's cache of work order home answers; null where answers are not kept (PostgreSQL), and for this call
 * when its triggers could not be made (logged; the next call tries again).
 */
export function workOrderHomeCache(ctx: AppContext): Promise<HomeCache | null> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = open(ctx).catch((err: unknown) => {
      caches.delete(ctx);
      ctx.log.warn({ err }, 'work order home answers are not kept: their row watch could not start');
      return null;
    });
    caches.set(ctx, cache);
  }
  return cache;
}
