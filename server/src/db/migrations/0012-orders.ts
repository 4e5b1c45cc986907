/**
 * Orders (issue 12): a sales order is the order. It gains a status that the work drives, its install window, its
 * money (monthly and one-time, what was paid and refunded through the gateway), who placed it, its lines (packages
 * added or removed) and its timeline of events. Packages say what they are and where they are sold, and a work
 * order created by an order may wait for the one before it (site survey -> drop construction -> splicing -> install).
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn } = kit;
  const add = (column: string, type: 'text' | 'integer', dflt?: string | number) =>
    db.schema
      .alterTable('sales_orders')
      .addColumn(column, type, (c) => (dflt === undefined ? c : c.notNull().defaultTo(dflt)))
      .execute();
  // placed | survey_done | drop_built | spliced | installed | cancelled (domain/src/orders.ts ORDER_STATUSES).
  await add('status', 'text', 'installed');
  // new (a new service) or change (packages added to or removed from an active location).
  await add('kind', 'text', 'new');
  await add('mailing_location_id', 'integer');
  await add('install_date', 'text');
  await add('install_window', 'text');
  await add('monthly_cents', 'integer', 0);
  await add('one_time_cents', 'integer', 0);
  await add('paid_cents', 'integer', 0);
  await add('refunded_cents', 'integer', 0);
  await add('gateway_charge_id', 'text');
  await add('placed_by_user_id', 'integer');
  await add('placed_by_employee_id', 'integer');
  await add('updated_at', 'text');
  await add('installed_at', 'text');
  await add('cancelled_at', 'text');
  await add('cancel_reason', 'text');
  await db.schema.createIndex('sales_orders_status_idx').on('sales_orders').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('sales_orders_location_idx')
    .on('sales_orders')
    .columns(['service_location_id'])
    .execute();
  await db.schema.createIndex('sales_orders_created_idx').on('sales_orders').columns(['created_at']).execute();

  await id(db.schema.createTable('sales_order_lines'))
    .addColumn('sales_order_id', 'integer', (c) => c.notNull().references('sales_orders.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
    // add | remove
    .addColumn('action', 'text', nn)
    .addColumn('description', 'text', nn)
    .addColumn('monthly_cents', 'integer', nn)
    .addColumn('install_fee_cents', 'integer', nn)
    // The service location's package row this line became (set when the order activates).
    .addColumn('service_location_package_id', 'integer', (c) => c.references('service_location_packages.id'))
    .execute();
  await db.schema
    .createIndex('sales_order_lines_order_idx')
    .on('sales_order_lines')
    .columns(['sales_order_id'])
    .execute();

  await id(db.schema.createTable('sales_order_events'))
    .addColumn('sales_order_id', 'integer', (c) => c.notNull().references('sales_orders.id'))
    .addColumn('at', 'text', nn)
    // domain/src/orders.ts ORDER_EVENT_KINDS: placed, paid, survey_done, drop_built, spliced, install_scheduled, …
    .addColumn('kind', 'text', nn)
    .addColumn('message', 'text', nn)
    .addColumn('work_order_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('employee_id', 'integer')
    .execute();
  await db.schema
    .createIndex('sales_order_events_order_idx')
    .on('sales_order_events')
    .columns(['sales_order_id', 'at'])
    .execute();

  const pkg = (column: string, type: 'text' | 'integer', dflt?: string | number) =>
    db.schema
      .alterTable('packages')
      .addColumn(column, type, (c) => (dflt === undefined ? c : c.notNull().defaultTo(dflt)))
      .execute();
  // internet | phone | tv | static_ip | wifi | pbx
  await pkg('category', 'text', 'internet');
  await pkg('install_fee_cents', 'integer', 0);
  // Comma-separated area kinds where it is sold (domain/src/orders.ts AREA_KINDS); '' = not sold online.
  await pkg('area_kinds', 'text', '');
  await pkg('speed_mbps', 'integer');
  await pkg('description', 'text');

  // A work order an order created waits (status 'Waiting') for this one to be complete.
  await db.schema
    .alterTable('work_orders')
    .addColumn('depends_on_work_order_id', 'integer', (c) => c.references('work_orders.id'))
    .execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('work_orders').dropColumn('depends_on_work_order_id').execute();
  for (const c of ['category', 'install_fee_cents', 'area_kinds', 'speed_mbps', 'description']) {
    await db.schema.alterTable('packages').dropColumn(c).execute();
  }
  await db.schema.dropTable('sales_order_events').execute();
  await db.schema.dropTable('sales_order_lines').execute();
  for (const i of ['sales_orders_status_idx', 'sales_orders_location_idx', 'sales_orders_created_idx']) {
    await db.schema.dropIndex(i).execute();
  }
  for (const c of [
    'status',
    'kind',
    'mailing_location_id',
    'install_date',
    'install_window',
    'monthly_cents',
    'one_time_cents',
    'paid_cents',
    'refunded_cents',
    'gateway_charge_id',
    'placed_by_user_id',
    'placed_by_employee_id',
    'updated_at',
    'installed_at',
    'cancelled_at',
    'cancel_reason',
  ]) {
    await db.schema.alterTable('sales_orders').dropColumn(c).execute();
  }
}
