/** SQL of the charges whose order could not be placed (unplaced_charges), queued for their refund. */
import type { Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.js';
import type { Q } from './ordering.repository.js';

/** Records a charge left without an order, once per gateway reference (a second failure changes nothing). */
export async function insertUnplacedCharge(db: Q, row: NewRow<'unplaced_charges'>) {
  await db
    .insertInto('unplaced_charges')
    .values(row)
    .onConflict((oc) => oc.column('gateway_reference').doNothing())
    .execute();
}

export function findUnplacedCharge(db: Q, reference: string) {
  return db.selectFrom('unplaced_charges').selectAll().where('gateway_reference', '=', reference).executeTakeFirst();
}

/**
 * A retried checkout that places its order after all takes its charge back from the refund queue: true when the
 * charge was pending (or never queued), false when the job has claimed or refunded it (the order must not be placed).
 */
export async function claimUnplacedForOrder(trx: Transaction<Database>, reference: string, now: string) {
  const row = await findUnplacedCharge(trx, reference);
  if (!row) return true;
  const r = await trx
    .updateTable('unplaced_charges')
    .set({ status: 'placed', updated_at: now })
    .where('id', '=', row.id)
    .where('status', 'in', ['pending', 'placed'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Charges to refund: pending ones older than `before`, and ones a round claimed but did not finish. */
export function unplacedChargesDue(db: Q, before: string, limit: number) {
  return db
    .selectFrom('unplaced_charges')
    .selectAll()
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'pending'), eb('created_at', '<=', before)]), eb('status', '=', 'refunding')]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Moves a charge from one status to the next; false when someone else moved it first. */
export async function moveUnplacedCharge(
  db: Q,
  id: number,
  from: string[],
  values: Partial<Omit<NewRow<'unplaced_charges'>, 'id'>> & { status: string; updated_at: string },
) {
  const r = await db
    .updateTable('unplaced_charges')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether an order holds the charge (a retry placed it). */
export async function orderWithCharge(db: Q, reference: string) {
  return db.selectFrom('sales_orders').select('id').where('gateway_charge_id', '=', reference).executeTakeFirst();
}
