/** All SQL of the circuits area: the circuit at its service location. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The circuit, only when it is at this service location. */
export function findCircuitAt(db: Kysely<Database>, circuitId: number, serviceLocationId: number) {
  return db
    .selectFrom('circuits')
    .selectAll()
    .where('id', '=', circuitId)
    .where('service_location_id', '=', serviceLocationId)
    .executeTakeFirst();
}
