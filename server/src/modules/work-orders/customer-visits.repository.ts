/** Scheduled visits at a customer's locations (installs, repairs, surveys), soonest first. */
import type { Queryable } from '../../db/database.js';

export function scheduledVisitsOf(db: Queryable, customerId: string, from: string, classes: readonly string[]) {
  return db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as t', 't.id', 'w.type_id')
    .innerJoin('service_locations as s', 's.id', 'w.service_location_id')
    .select([
      'w.id',
      'w.next_scheduled_at',
      't.description',
      't.class',
      's.address',
      's.address2',
      's.city',
      's.state',
      's.zip',
    ])
    .where('s.customer_id', '=', customerId)
    .where('w.next_scheduled_at', '>=', from)
    .where('w.status', 'not in', ['Complete', 'Closed', 'Cancelled'])
    .where('t.class', 'in', [...classes])
    .orderBy('w.next_scheduled_at')
    .orderBy('w.id')
    .limit(1)
    .execute();
}
