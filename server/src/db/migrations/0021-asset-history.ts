/**
 * getAssetEditData (issue 15): an installer or contractor corrects an asset's serial number, MAC address, status or
 * description in a work order; every change is kept (who, when, which field, from what to what) and shown with it.
 * MAC addresses are unique when set (the OLT and DHCP know a device by it).
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn } = kit;
  await id(db.schema.createTable('asset_changes'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id'))
    .addColumn('at', 'text', nn)
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('work_order_id', 'integer')
    .addColumn('field', 'text', nn)
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .execute();
  await db.schema.createIndex('asset_changes_asset_idx').on('asset_changes').columns(['asset_id', 'at']).execute();
  await db.schema.createIndex('assets_mac_idx').on('assets').columns(['mac_address']).execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('assets_mac_idx').execute();
  await db.schema.dropTable('asset_changes').execute();
}
