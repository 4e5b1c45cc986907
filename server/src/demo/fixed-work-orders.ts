/**
 * Step 3: installer work orders 100001-100006 exactly as DEMO-DATA.md describes them, with their sales orders,
 * packages, equipment, circuits, plant configs, attachments and notes.
 */
import type { NewRow } from '../db/database.js';
import { FIXED_CUSTOMER_NAMES } from './accounts.js';
import { EQUIPMENT_IDS, PACKAGE_IDS, PACKAGES } from './catalog.js';
import type { SeedContext } from './context.js';
import { DEMO_FILES, type DemoFile } from './demo-files.js';
import { DEMO } from './demo-ids.js';
import { assetRow, insertAssets, seedStock } from './equipment.js';
import { assignmentRows, salesOrderRow, workOrderRow } from './work-orders.js';

const W = DEMO.workOrders;
const L = DEMO.serviceLocations;
const C = DEMO.customers;
const U = DEMO.users;

interface FixedOrder {
  id: number;
  type: string;
  customerId: string;
  locationId: number;
  day: number;
  hour: number;
  dueIn: number;
  summary: string;
  scheduledName: string;
  notes: string;
  packages: { packageId: number; active: boolean; sinceDays: number }[];
  assignees: number[];
  gisObjectId: string | null;
}

const FIXED_ORDERS: FixedOrder[] = [
  {
    id: W.fullInstall,
    type: 'Consumer Fiber Install',
    customerId: C.residential,
    locationId: L.residential,
    day: 0,
    hour: 15,
    dueIn: 2,
    summary: 'Upgrade to 1 Gig: replace ONT, new aerial drop from CLM-P-2231, add home phone on POTS1',
    scheduledName: 'Fiber install - Reyes',
    notes:
      'Upgrading from 300 Mbps to 1 Gig and keeping home phone. Morning window preferred; dog in back yard, call on arrival.',
    packages: [
      { packageId: PACKAGE_IDS.fiber300, active: false, sinceDays: 420 },
      { packageId: PACKAGE_IDS.fiber1G, active: true, sinceDays: 35 },
      { packageId: PACKAGE_IDS.homePhone, active: true, sinceDays: 420 },
    ],
    assignees: [U.installer.id, U.fieldtech.id],
    gisObjectId: 'GIS-SL-2208-CLARK',
  },
  {
    id: W.businessInstall,
    type: 'Business Fiber Install',
    customerId: C.business,
    locationId: L.businessMain,
    day: 1,
    hour: 14,
    dueIn: 3,
    summary: 'Install 844G ONT and 24-port switch in the second-floor network closet; hosted PBX handsets',
    scheduledName: 'Business install - Acme Dental',
    notes: 'Install during lunch (12-1) to avoid patient hours. Closet key at the front desk.',
    packages: [
      { packageId: PACKAGE_IDS.business1G, active: true, sinceDays: 14 },
      { packageId: PACKAGE_IDS.hostedPbx, active: true, sinceDays: 14 },
    ],
    assignees: [U.installer.id, U.fieldtech.id],
    gisObjectId: null,
  },
  {
    id: W.siteSurvey,
    type: 'Consumer Site Survey',
    customerId: C.consumer,
    locationId: L.consumer,
    day: -3,
    hour: 19,
    dueIn: 4,
    summary: 'Survey drop path from pedestal CLM-PED-118; check for invisible fence and sprinklers',
    scheduledName: 'Site survey - Cole',
    notes: 'New sign-up, 300 Mbps.',
    packages: [{ packageId: PACKAGE_IDS.fiber300, active: true, sinceDays: 18 }],
    assignees: [U.installer.id, U.fieldtech.id],
    gisObjectId: null,
  },
  {
    id: W.splicing,
    type: 'Consumer Splicing',
    customerId: C.spliceCustomer,
    locationId: L.spliceCustomer,
    day: 3,
    hour: 16,
    dueIn: 2,
    summary: 'Splice drop into FOSC 450 B at HH-CLM-3307, fibers 25-36 to SPL-CLM-021 port 5',
    scheduledName: 'Splicing - Patel',
    notes: 'Replacement drop after lawn-mower damage.',
    packages: [{ packageId: PACKAGE_IDS.fiber1G, active: true, sinceDays: 200 }],
    assignees: [U.installer.id, U.fieldtech.id],
    gisObjectId: 'GIS-HH-CLM-3307',
  },
  {
    id: W.pending,
    type: 'Consumer Fiber Install',
    customerId: C.neighbour,
    locationId: L.neighbour,
    day: 5,
    hour: 18,
    dueIn: 5,
    summary: 'New install: buried drop from the shared pedestal with 2208 Clark Ln',
    scheduledName: 'Fiber install - Nguyen',
    notes: 'Pending assignment. Shares the pedestal with 2208 Clark Ln.',
    packages: [{ packageId: PACKAGE_IDS.fiber1G, active: true, sinceDays: 6 }],
    assignees: [],
    gisObjectId: null,
  },
  {
    id: W.otherInstallers,
    type: 'Business Site Survey',
    customerId: C.surveyBusiness,
    locationId: L.surveyBusiness,
    day: -10,
    hour: 17,
    dueIn: 7,
    summary: 'Survey lateral from I-70 Dr SE hand hole to the shop; confirm demarc location',
    scheduledName: 'Site survey - Katy Trail Bikes',
    notes: 'Business Fiber 500 quote accepted.',
    packages: [{ packageId: PACKAGE_IDS.business500, active: true, sinceDays: 55 }],
    assignees: [U.otherInstaller.id],
    gisObjectId: null,
  },
];

const price = (packageId: number) => PACKAGES.find((p) => p.id === packageId)?.price_cents ?? 0;
const packageName = (packageId: number) => PACKAGES.find((p) => p.id === packageId)?.name ?? 'Package';

export async function seedFixedWorkOrders(ctx: SeedContext): Promise<void> {
  const locations = await ctx.db
    .selectFrom('service_locations')
    .select(['id', 'address', 'city', 'zip', 'colo_area'])
    .where(
      'id',
      'in',
      FIXED_ORDERS.map((o) => o.locationId),
    )
    .execute();
  const locationOf = (id: number) => {
    const found = locations.find((l) => l.id === id);
    if (!found) throw new Error(`service location ${id} missing`);
    return found;
  };

  const orders = FIXED_ORDERS.map((o) => {
    const l = locationOf(o.locationId);
    return salesOrderRow(ctx, {
      customerId: o.customerId,
      customerName: FIXED_CUSTOMER_NAMES[o.customerId] ?? o.customerId,
      locationId: o.locationId,
      address: `${l.address}, ${l.city}, MO ${l.zip}`,
      notes: o.notes,
      lines: o.packages
        .filter((p) => p.active)
        .map((p) => ({ description: packageName(p.packageId), priceCents: price(p.packageId) })),
      createdAt: ctx.clock.at(o.day - 14, 16),
    });
  });
  await ctx.insert('sales_orders', orders);
  const orderIdOf = (woId: number) => orders[FIXED_ORDERS.findIndex((o) => o.id === woId)]?.id ?? null;

  await ctx.insert(
    'service_location_packages',
    FIXED_ORDERS.flatMap((o) =>
      o.packages.map((p) => ({
        service_location_id: o.locationId,
        package_id: p.packageId,
        order_id: orderIdOf(o.id),
        start_date: ctx.clock.date(-p.sinceDays),
        last_invoiced: p.sinceDays > 25 ? ctx.clock.date(-10) : null,
        active: p.active ? 1 : 0,
      })),
    ),
  );

  await ctx.insert(
    'work_orders',
    FIXED_ORDERS.map((o) =>
      workOrderRow({
        id: o.id,
        type: o.type,
        customerId: o.customerId,
        location: locationOf(o.locationId),
        orderId: orderIdOf(o.id),
        status: 'Open',
        summary: o.summary,
        scheduledAt: ctx.clock.at(o.day, o.hour),
        scheduledName: o.scheduledName,
        dueDate: ctx.clock.date(o.day + o.dueIn),
        gisObjectId: o.gisObjectId,
        createdAt: ctx.clock.at(o.day - 14, 16),
        lastUpdated: ctx.clock.at(Math.min(o.day, 0) - 1, 21, 30),
      }),
    ),
  );
  await ctx.insert(
    'work_order_assignments',
    FIXED_ORDERS.flatMap((o) => assignmentRows(o.id, o.assignees, ctx.clock.at(o.day - 7, 14))),
  );

  await seedFixedEquipment(ctx);
  await seedStock(ctx);
  await seedPlantConfigs(ctx, orderIdOf);
  await seedAttachmentsAndNotes(ctx);
}

async function seedFixedEquipment(ctx: SeedContext): Promise<void> {
  const rng = ctx.random('fixed-equipment');
  const a = DEMO.assets;
  const installed = (tag: string, definitionId: number, locationId: number, createdDaysAgo: number) =>
    assetRow(ctx, rng, { tag, definitionId, status: 'Active', locationId, createdDaysAgo });
  const [ont, router, ata, businessOnt, businessSwitch, spliceOnt] = await insertAssets(ctx, [
    installed(a.ont, EQUIPMENT_IDS.ont803, L.residential, 420),
    installed(a.router, EQUIPMENT_IDS.router, L.residential, 420),
    installed(a.voiceAdapter, EQUIPMENT_IDS.ata, L.residential, 420),
    installed('ONT-100002', EQUIPMENT_IDS.ont844, L.businessMain, 900),
    installed('SW-100002', EQUIPMENT_IDS.switch, L.businessMain, 900),
    installed(a.splicingOnt, EQUIPMENT_IDS.ont803, L.spliceCustomer, 200),
  ]);
  if (!ont || !router || !ata || !businessOnt || !businessSwitch || !spliceOnt) throw new Error('assets missing');
  await ctx.insert('circuits', [
    circuit(L.residential, 'Data', 'DATA-100001', 'Fiber 1 Gig Internet - 2208 Clark Ln', ont.id, 1),
    circuit(L.residential, 'Voice', 'VOICE-100001', 'Home Phone (573)555-0142', ont.id, 4),
    circuit(L.spliceCustomer, 'Data', 'DATA-100004', 'Fiber 1 Gig Internet - 1812 Hinkson Ave', spliceOnt.id, 1),
    circuit(L.businessBranch, 'Data', 'DATA-ACME-JC', 'Business Fiber 500 - 2316 Missouri Blvd', null, 3),
  ]);
}

function circuit(
  locationId: number,
  product: string,
  code: string,
  description: string,
  assetId: number | null,
  port: number,
): NewRow<'circuits'> {
  return {
    service_location_id: locationId,
    product,
    circuit_code: code,
    description,
    asset_id: assetId,
    server_ip: '127.0.0.1',
    slot: 1,
    port,
  };
}

const NULL_PLANT: Omit<NewRow<'physical_plant_configs'>, 'order_id'> = {
  splitter_port_label: null,
  splitter_asset_description: null,
  is_fiber_drop_only: null,
  cabinet_location: null,
  fiber_size: null,
  fiber_size2: null,
  existing_logical_circuit_id: null,
  existing_fiber_drop: null,
  fiber_strand: null,
  fiber_strand2: null,
  ont_number: null,
  fiber_port: null,
  hand_hole_address: null,
  splitter_asset_id: null,
};

async function seedPlantConfigs(ctx: SeedContext, orderIdOf: (woId: number) => number | null): Promise<void> {
  const config = (woId: number, values: Partial<typeof NULL_PLANT>) => ({
    ...NULL_PLANT,
    ...values,
    order_id: orderIdOf(woId) ?? 0,
  });
  await ctx.insert('physical_plant_configs', [
    config(W.fullInstall, {
      splitter_port_label: 'SPL-CLM-014 P07',
      splitter_asset_description: '1x32 PLC splitter, cabinet CLM-CLARK',
      is_fiber_drop_only: '0',
      cabinet_location: 'Clark Ln & Woodridge Dr, east side',
      fiber_size: '144',
      fiber_size2: '12',
      existing_logical_circuit_id: 'LC-88412',
      existing_fiber_drop: '1',
      fiber_strand: 'Blue/Orange',
      fiber_strand2: 'Blue/Green',
      ont_number: '1',
      fiber_port: '7',
      hand_hole_address: 'HH-CLM-2231, 2200 Clark Ln',
      splitter_asset_id: 'SPL-CLM-014',
    }),
    config(W.businessInstall, {
      splitter_port_label: 'SPL-CLM-002 P12',
      splitter_asset_description: '1x16 PLC splitter, Columbia Main CO',
      is_fiber_drop_only: '1',
      fiber_size: '48',
      fiber_strand: 'Orange/Slate',
      ont_number: '1',
      fiber_port: '12',
      splitter_asset_id: 'SPL-CLM-002',
    }),
    config(W.siteSurvey, {}),
    config(W.splicing, {
      splitter_port_label: 'SPL-CLM-021 P05',
      splitter_asset_description: '1x32 PLC splitter, HH-CLM-3307',
      is_fiber_drop_only: '1',
      hand_hole_address: 'HH-CLM-3307, 1800 Hinkson Ave',
      fiber_size: '144',
      fiber_strand: 'Green/Blue',
      splitter_asset_id: 'SPL-CLM-021',
    }),
  ]);
}

function attachmentRow(ctx: SeedContext, workOrderId: number, f: DemoFile, description: string, day: number) {
  return {
    work_order_id: workOrderId,
    file_name: f.fileName,
    description,
    storage_key: f.storageKey,
    content_type: f.contentType,
    size_bytes: f.sizeBytes,
    sha256: f.sha256,
    uploaded_by: null,
    idempotency_key: null,
    created_at: ctx.clock.at(day, 18),
  };
}

async function seedAttachmentsAndNotes(ctx: SeedContext): Promise<void> {
  const f = DEMO_FILES;
  await ctx.insert('attachments', [
    attachmentRow(ctx, W.fullInstall, f.sitePlan, 'Site plan from engineering', -10),
    attachmentRow(ctx, W.fullInstall, f.ontPhoto, 'Light level at the pedestal', -6),
    attachmentRow(ctx, W.fullInstall, f.dropPhoto, 'Drop route from the pole', -6),
    attachmentRow(ctx, W.splicing, f.spliceDiagram, 'Splice diagram', -4),
    attachmentRow(ctx, W.splicing, f.spliceCase, 'Splice case before work', -4),
  ]);
  const note = (work_order_id: number, author: string, body: string, day: number, hour: number) => ({
    work_order_id,
    author,
    body,
    created_at: ctx.clock.at(day, hour),
  });
  await ctx.insert('work_order_notes', [
    note(
      W.fullInstall,
      'Tara Lin (Dispatch)',
      'Customer confirmed the 9-11 AM window. Call (573)555-0142 on arrival; dog in the back yard.',
      -2,
      17,
    ),
    note(
      W.fullInstall,
      'Ian Ingram',
      'Drive-by: pole CLM-P-2231 is clear, route across the front yard is open. Bring the 150 ft aerial drop.',
      -1,
      20,
    ),
    note(W.businessInstall, 'Tara Lin (Dispatch)', 'Install during the lunch closure only (12-1).', -1, 15),
    note(
      W.splicing,
      'Marcus Webb (Plant)',
      'Old drop was cut by a mower near the sidewalk; replacement drop already placed.',
      -5,
      16,
    ),
  ]);
}
