/** All SQL of the circuits area: the work order a circuit is reached through, and the circuit at its location. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** What the access check needs of a work order (assets.policy's WorkOrderScope). */
export function findWorkOrderScope(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('work_orders')
    .select(['id', 'contractor_id', 'service_location_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The circuit, only when it is at this service location. */
export function findCircuitAt(db: Kysely<Database>, circuitId: number, serviceLocationId: number) {
  return db
    .selectFrom('circuits')
    .selectAll()
    .where('id', '=', circuitId)
    .where('service_location_id', '=', serviceLocationId)
    .executeTakeFirst();
}
