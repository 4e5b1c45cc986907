/**
 * The contractor portal's tables (issue 6): each user's remembered work-order search (queryLastWOSearch), the
 * contractor companies' fiber contracts and their unit price sheets (getFiberContracts, getCUPSheet), and the index
 * the company's work-order search by date uses.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn } = kit;

  await db.schema
    .createTable('contractor_last_searches')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('criteria', 'text', nn)
    .addColumn('saved_at', 'text', nn)
    .execute();

  await id(db.schema.createTable('fiber_contracts'))
    .addColumn('contractor_id', 'integer', (c) => c.notNull().references('contractor_companies.id'))
    .addColumn('contract_number', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', nn)
    .addColumn('starts_on', 'text', nn)
    .addColumn('ends_on', 'text', nn)
    .execute();
  await db.schema
    .createIndex('fiber_contracts_contractor_idx')
    .on('fiber_contracts')
    .columns(['contractor_id', 'starts_on'])
    .execute();

  await db.schema
    .createTable('contract_unit_prices')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('fiber_contracts.id').onDelete('cascade'))
    .addColumn('assembly_unit_id', 'integer', (c) => c.notNull().references('assembly_units.id'))
    .addColumn('unit_price_cents', 'integer', nn)
    .addPrimaryKeyConstraint('contract_unit_prices_pk', ['contract_id', 'assembly_unit_id'])
    .execute();

  // The contractor search filters by company and sorts or filters by the next scheduled time.
  await db.schema
    .createIndex('work_orders_contractor_scheduled_idx')
    .on('work_orders')
    .columns(['contractor_id', 'next_scheduled_at'])
    .execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('work_orders_contractor_scheduled_idx').ifExists().execute();
  await db.schema.dropTable('contract_unit_prices').ifExists().execute();
  await db.schema.dropTable('fiber_contracts').ifExists().execute();
  await db.schema.dropTable('contractor_last_searches').ifExists().execute();
}
