/** Assets and their ports: customer equipment at service locations and ONTs in stock for swaps and upgrades. */
import type { NewRow } from '../db/database.js';
import { EQUIPMENT_DEFINITIONS, EQUIPMENT_IDS, portLabels } from './catalog.js';
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';
import type { Random } from './random.js';

export interface AssetSpec {
  tag: string;
  definitionId: number;
  status: string;
  locationId?: number | null;
  assignedUserId?: number | null;
  nocLocationId?: number | null;
  information?: string | null;
  createdDaysAgo: number;
}

/** A serial number and MAC address in the maker's style, drawn from `rng`. */
function identity(rng: Random, definitionId: number): { serial: string; mac: string } {
  const maker = EQUIPMENT_DEFINITIONS.find((d) => d.id === definitionId)?.maker ?? 'Generic';
  const prefix = maker.slice(0, 4).toUpperCase().padEnd(4, 'X');
  const oui = { Calix: '00:02:5D', eero: 'F8:BB:BF', Grandstream: '00:0B:82', Amino: '00:02:02', Adtran: '00:A0:C8' }[
    maker
  ];
  const tail = [rng.hex(2), rng.hex(2), rng.hex(2)].join(':');
  return { serial: `${prefix}${rng.hex(8)}`, mac: `${oui ?? '02:00:00'}:${tail}` };
}

export function assetRow(ctx: SeedContext, rng: Random, spec: AssetSpec): NewRow<'assets'> & { id: number } {
  const def = EQUIPMENT_DEFINITIONS.find((d) => d.id === spec.definitionId);
  if (!def) throw new Error(`Unknown equipment definition ${spec.definitionId}`);
  const { serial, mac } = identity(rng, spec.definitionId);
  const created = -spec.createdDaysAgo;
  return {
    id: ctx.ids.next('assets'),
    asset_tag: spec.tag,
    definition_id: def.id,
    description: `${def.maker} ${def.description}`,
    information: spec.information ?? null,
    status: spec.status,
    warranty: `Manufacturer warranty through ${ctx.clock.date(created + 3 * 365)}`,
    serial_number: serial,
    mac_address: mac,
    service_location_id: spec.locationId ?? null,
    assigned_user_id: spec.assignedUserId ?? null,
    noc_location_id: spec.nocLocationId ?? null,
    created_at: ctx.clock.at(created, 14),
    updated_at: ctx.clock.at(Math.min(0, created + 2), 14),
  };
}

export function portRows(assets: readonly { id: number; definition_id: number }[]): NewRow<'asset_ports'>[] {
  return assets.flatMap((a) =>
    portLabels(a.definition_id).map((p) => ({ asset_id: a.id, slot: p.slot, port: p.port, label: p.label })),
  );
}

/** Inserts assets and the ports their definitions have; returns the rows (with ids). */
export async function insertAssets(ctx: SeedContext, rows: (NewRow<'assets'> & { id: number })[]) {
  await ctx.insert('assets', rows);
  await ctx.insert('asset_ports', portRows(rows));
  return rows;
}

/** ONTs in stock at NOC location 1: some assigned to `installer` and `fieldtech`, some on the warehouse shelf. */
export async function seedStock(ctx: SeedContext): Promise<void> {
  const rng = ctx.random('stock');
  const { installerStock, fieldtechStock, warehouseStock } = DEMO.assets;
  const stock = (tags: readonly string[], assignedUserId: number | null) =>
    tags.map((tag, i) =>
      assetRow(ctx, rng, {
        tag,
        definitionId: i % 2 === 0 ? EQUIPMENT_IDS.ont803 : EQUIPMENT_IDS.ont844,
        status: 'In Stock',
        assignedUserId,
        nocLocationId: DEMO.nocLocationId,
        information: assignedUserId ? 'On the truck' : 'Warehouse shelf B-4',
        createdDaysAgo: 20 + i,
      }),
    );
  await insertAssets(ctx, [
    ...stock(installerStock, DEMO.users.installer.id),
    ...stock(fieldtechStock, DEMO.users.fieldtech.id),
    ...stock(warehouseStock, null),
  ]);
}
