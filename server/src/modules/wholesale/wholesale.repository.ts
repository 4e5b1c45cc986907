/** All SQL of wholesale services: the account's circuits and their monthly usage and billing. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export function servicesOf(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom('wholesale_services')
    .select([
      'id',
      'circuit_id',
      'a_endpoint',
      'z_endpoint',
      'bandwidth_mbps',
      'monthly_rate_cents',
      'status',
      'start_date',
      'end_date',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('circuit_id')
    .execute();
}

/** Usage rows of the account's circuits in [from, to] (months YYYY-MM), through the (service, month) index. */
export function usageOf(db: Kysely<Database>, customerId: string, from: string, to: string) {
  return db
    .selectFrom('wholesale_usage as u')
    .innerJoin('wholesale_services as s', 's.id', 'u.wholesale_service_id')
    .select([
      'u.wholesale_service_id',
      'u.month',
      'u.in_gb',
      'u.out_gb',
      'u.peak_mbps',
      'u.availability_bp',
      'u.billed_cents',
    ])
    .where('s.customer_id', '=', customerId)
    .where('u.month', '>=', from)
    .where('u.month', '<=', to)
    .orderBy('u.month')
    .orderBy('s.circuit_id')
    .execute();
}
