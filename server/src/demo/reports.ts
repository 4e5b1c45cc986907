/**
 * Reports: Acme Dental's invoice lines name the service location they bill. A line for a location ends with its
 * street address ("Business Fiber 500 - 2316 Missouri Blvd"); PBX seats, the IP block and taxes are for the whole
 * account and keep no location. Runs after the bills are seeded; changes no other column.
 */
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';

export async function seedReports(ctx: SeedContext): Promise<void> {
  const customerId = DEMO.customers.business;
  const locations = await ctx.db
    .selectFrom('service_locations')
    .select(['id', 'address'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  for (const location of locations) {
    await ctx.db
      .updateTable('invoice_lines')
      .set({ service_location_id: location.id })
      .where('description', 'like', `% - ${location.address}`)
      .where('invoice_id', 'in', (eb) => eb.selectFrom('invoices').select('id').where('customer_id', '=', customerId))
      .execute();
  }
}
