/** The SQL of TV credentials: which of the account's packages are TV. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The account's active TV packages with their location (packages.category 'tv', from 0012). */
export function activeTvPackagesOf(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom('service_location_packages as sp')
    .innerJoin('service_locations as l', 'l.id', 'sp.service_location_id')
    .innerJoin('packages as p', 'p.id', 'sp.package_id')
    .select(['p.name', 'sp.start_date', 'l.address', 'l.address2', 'l.city', 'l.state', 'l.zip'])
    .where('l.customer_id', '=', customerId)
    .where('p.category', '=', 'tv')
    .where('sp.active', '=', 1)
    .orderBy('sp.start_date')
    .orderBy('sp.id')
    .execute();
}
