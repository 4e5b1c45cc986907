/**
 * Step 8: the believable background: about 1,000 work orders per unit of `scale` (ids from 200001) on ~400 customers
 * around Columbia and Jefferson City, with locations, contacts, packages, ONTs, sales orders, assignments and
 * address points. Each unit has its own PRNG stream, so a larger scale only adds data.
 */
import type { NewRow } from '../db/database.js';
import {
  BUSINESS_INTERNET,
  BUSINESS_TYPE_WEIGHTS,
  CONSUMER_TYPE_WEIGHTS,
  CONTRACTOR_WEIGHTS,
  CUSTOMER_TYPE_WEIGHTS,
  ORDER_NOTES,
  RESIDENTIAL_INTERNET,
  SUMMARIES,
  summaryFamily,
} from './background-data.js';
import { EQUIPMENT_IDS, PACKAGE_IDS, PACKAGES } from './catalog.js';
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';
import { assetRow, portRows } from './equipment.js';
import { mailingLocationRow, randomAddressIn, randomTown, serviceLocationRow } from './locations.js';
import { MAP_LAYERS } from './map-features.js';
import { BUSINESS_KINDS, BUSINESS_WORDS, FIRST_NAMES, LAST_NAMES } from './places.js';
import type { Random } from './random.js';
import { assignmentRows, salesOrderRow, workOrderRow } from './work-orders.js';

const CUSTOMERS_PER_UNIT = 400;
const ID_PREFIX = { Residential: '2000', Consumer: '2500', Business: '3000' } as const;

interface Location extends ReturnType<typeof serviceLocationRow> {
  business: boolean;
  surname: string;
  customerName: string;
  /** Active packages, for the sales-order lines. */
  packageIds: number[];
}

interface Unit {
  customers: NewRow<'customers'>[];
  locations: Location[];
  mailing: NewRow<'mailing_locations'>[];
  contacts: NewRow<'contact_methods'>[];
  links: NewRow<'contact_method_locations'>[];
  packages: NewRow<'service_location_packages'>[];
  assets: (NewRow<'assets'> & { id: number })[];
  salesOrders: NewRow<'sales_orders'>[];
  workOrders: NewRow<'work_orders'>[];
  assignments: NewRow<'work_order_assignments'>[];
  features: NewRow<'map_features'>[];
}

export interface BackgroundState {
  crewUserIds: readonly number[];
  customerSerial: number;
  nextWorkOrderId: number;
}

/** Seeds `total` background work orders (1,000 per unit) and their customers. */
export async function seedBackground(ctx: SeedContext, total: number, crewUserIds: readonly number[]): Promise<void> {
  const state: BackgroundState = { crewUserIds, customerSerial: 0, nextWorkOrderId: DEMO.backgroundWorkOrderStart };
  const perUnit = DEMO.backgroundWorkOrdersPerScale;
  for (let unit = 0, done = 0; done < total; unit++, done += perUnit) {
    const count = Math.min(perUnit, total - done);
    const rng = ctx.random(`background-${unit}`);
    const customers = Math.max(1, Math.round((CUSTOMERS_PER_UNIT * count) / perUnit));
    await insertUnit(ctx, buildUnit(ctx, rng, state, customers, count));
  }
}

async function insertUnit(ctx: SeedContext, u: Unit): Promise<void> {
  await ctx.insert('customers', u.customers);
  await ctx.insert(
    'service_locations',
    u.locations.map(({ business: _b, surname: _s, customerName: _n, packageIds: _p, ...row }) => row),
  );
  await ctx.insert('mailing_locations', u.mailing);
  await ctx.insert('contact_methods', u.contacts);
  await ctx.insert('contact_method_locations', u.links);
  await ctx.insert('service_location_packages', u.packages);
  await ctx.insert('assets', u.assets);
  await ctx.insert('asset_ports', portRows(u.assets));
  await ctx.insert('sales_orders', u.salesOrders);
  await ctx.insert('work_orders', u.workOrders);
  await ctx.insert('work_order_assignments', u.assignments);
  await ctx.insert('map_features', u.features);
}

function emptyUnit(): Unit {
  return {
    customers: [],
    locations: [],
    mailing: [],
    contacts: [],
    links: [],
    packages: [],
    assets: [],
    salesOrders: [],
    workOrders: [],
    assignments: [],
    features: [],
  };
}

function buildUnit(ctx: SeedContext, rng: Random, state: BackgroundState, customers: number, orders: number): Unit {
  const unit = emptyUnit();
  for (let i = 0; i < customers; i++) addCustomer(ctx, rng, state, unit);
  for (let i = 0; i < orders; i++) addWorkOrder(ctx, rng, state, unit);
  return unit;
}

const pad4 = (n: number) => String(n).padStart(4, '0');

function addCustomer(ctx: SeedContext, rng: Random, state: BackgroundState, unit: Unit): void {
  const serial = ++state.customerSerial;
  const type = rng.weighted(CUSTOMER_TYPE_WEIGHTS);
  const business = type === 'Business';
  const id = `${ID_PREFIX[type]}-${pad4(Math.floor(serial / 10_000))}-${pad4(serial % 10_000)}`;
  const first = rng.pick(FIRST_NAMES);
  const surname = rng.pick(LAST_NAMES);
  const name = business ? `${rng.pick(BUSINESS_WORDS)} ${rng.pick(BUSINESS_KINDS)}` : `${first} ${surname}`;
  const since = rng.int(30, 2_000);
  unit.customers.push({ id, name, customer_type: type, status: 'Active', created_at: ctx.clock.at(-since, 16) });

  const town = randomTown(rng);
  const sites = business && rng.chance(0.3) ? 2 : 1;
  for (let s = 0; s < sites; s++) {
    const address = randomAddressIn(rng, s === 0 ? town : randomTown(rng));
    const row = serviceLocationRow(ctx, id, address);
    const location: Location = { ...row, business, surname, customerName: name, packageIds: [] };
    unit.locations.push(location);
    if (s === 0) unit.mailing.push(mailingLocationRow(ctx, id, address));
    addPackages(ctx, rng, unit, location, since);
    addFeatures(rng, unit, location);
    if (rng.chance(0.65)) addOnt(ctx, rng, unit, location, since);
  }
  const contactId = ctx.ids.next('contact_methods');
  unit.contacts.push({
    id: contactId,
    customer_id: id,
    category: 'Primary',
    name: business ? `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}` : name,
    phone: `573${rng.int(200, 999)}${rng.digits(4)}`,
    phone2: rng.chance(0.2) ? `573${rng.int(200, 999)}${rng.digits(4)}` : null,
    email: rng.chance(0.7) ? `${first}.${surname}${rng.int(1, 99)}@example.com`.toLowerCase() : null,
  });
  const firstSite = unit.locations[unit.locations.length - sites];
  if (firstSite)
    unit.links.push({ contact_method_id: contactId, service_location_id: firstSite.id, link_type: 'Primary' });
}

function addPackages(ctx: SeedContext, rng: Random, unit: Unit, location: Location, since: number): void {
  const ids: number[] = location.business
    ? [
        rng.pick(BUSINESS_INTERNET),
        ...(rng.chance(0.5) ? [PACKAGE_IDS.hostedPbx] : []),
        ...(rng.chance(0.4) ? [PACKAGE_IDS.staticIp] : []),
      ]
    : [
        rng.pick(RESIDENTIAL_INTERNET),
        ...(rng.chance(0.3) ? [PACKAGE_IDS.homePhone] : []),
        ...(rng.chance(0.2) ? [rng.pick([PACKAGE_IDS.tvBasic, PACKAGE_IDS.tvPlus])] : []),
        ...(rng.chance(0.25) ? [PACKAGE_IDS.wifi] : []),
      ];
  for (const packageId of ids) {
    const start = -rng.int(5, since);
    unit.packages.push({
      service_location_id: location.id,
      package_id: packageId,
      order_id: null,
      start_date: ctx.clock.date(start),
      last_invoiced: start < -20 ? ctx.clock.date(-rng.int(1, 20)) : null,
      active: rng.chance(0.92) ? 1 : 0,
    });
    if (unit.packages[unit.packages.length - 1]?.active === 1) location.packageIds.push(packageId);
  }
}

function addOnt(ctx: SeedContext, rng: Random, unit: Unit, location: Location, since: number): void {
  const definitionId = location.business || rng.chance(0.3) ? EQUIPMENT_IDS.ont844 : EQUIPMENT_IDS.ont803;
  unit.assets.push(
    assetRow(ctx, rng, {
      tag: `ONT-${String(location.id).padStart(7, '0')}`,
      definitionId,
      status: 'Active',
      locationId: location.id,
      createdDaysAgo: rng.int(5, since),
    }),
  );
}

function addFeatures(rng: Random, unit: Unit, location: Location): void {
  const coordinates = JSON.stringify([location.longitude, location.latitude]);
  const layers: number[] = [MAP_LAYERS.addresses, ...(rng.chance(0.1) ? [MAP_LAYERS.residentialFiberSignUp] : [])];
  for (const layer_id of layers) {
    unit.features.push({
      layer_id,
      name: `${location.address}, ${location.city}`,
      geometry: `{"type":"Point","coordinates":${coordinates}}`,
      properties: JSON.stringify({ address: location.address, city: location.city, zip: location.zip }),
      latitude: location.latitude,
      longitude: location.longitude,
    });
  }
}

function statusFor(rng: Random, day: number): string {
  if (day < -7)
    return rng.weighted([
      ['Complete', 70],
      ['Closed', 15],
      ['Open', 15],
    ] as const);
  if (day < 0)
    return rng.weighted([
      ['Complete', 40],
      ['In Progress', 20],
      ['Open', 40],
    ] as const);
  return day === 0 && rng.chance(0.3) ? 'In Progress' : 'Open';
}

function crewFor(rng: Random, state: BackgroundState, status: string): number[] {
  const crew = state.crewUserIds;
  if (crew.length === 0 || (status === 'Open' && rng.chance(0.15))) return [];
  const first = rng.pick(crew);
  const second = rng.pick(crew);
  return rng.chance(0.2) && second !== first ? [first, second] : [first];
}

function addWorkOrder(ctx: SeedContext, rng: Random, state: BackgroundState, unit: Unit): void {
  const location = rng.pick(unit.locations);
  const type = rng.weighted(location.business ? BUSINESS_TYPE_WEIGHTS : CONSUMER_TYPE_WEIGHTS);
  const id = state.nextWorkOrderId++;
  const day = rng.int(-90, 30);
  const scheduled = rng.chance(0.92);
  const status = statusFor(rng, day);
  const contractorId = rng.weighted(CONTRACTOR_WEIGHTS);
  const c = ctx.clock;
  const created = Math.min(day, 0) - rng.int(3, 25);
  const order = salesOrderRow(ctx, {
    customerId: location.customer_id,
    customerName: location.customerName,
    locationId: location.id,
    address: `${location.address}, ${location.city}, MO ${location.zip}`,
    notes: rng.pick(ORDER_NOTES),
    lines: location.packageIds.map((packageId) => {
      const pkg = PACKAGES.find((k) => k.id === packageId);
      return { description: pkg?.name ?? 'Service', priceCents: pkg?.price_cents ?? 0 };
    }),
    createdAt: c.at(created, 15),
  });
  unit.salesOrders.push(order);
  const acknowledged = contractorId !== null && rng.chance(0.5);
  unit.workOrders.push(
    workOrderRow({
      id,
      type,
      customerId: location.customer_id,
      location,
      orderId: order.id,
      contractorId,
      status,
      summary: rng.pick(SUMMARIES[summaryFamily(type)] ?? ['']),
      scheduledAt: scheduled ? c.at(day, rng.int(13, 22), rng.pick([0, 15, 30, 45])) : null,
      scheduledName: scheduled ? `${type} - ${location.surname}` : null,
      dueDate: c.date(day + rng.int(0, 10)),
      gisObjectId: rng.chance(0.25) ? `GIS-${id}` : null,
      acknowledgedAt: acknowledged ? c.at(created + 1, 15) : null,
      createdAt: c.at(created, 15),
      lastUpdated: c.at(Math.min(day + 1, 0), 22),
    }),
  );
  if (contractorId === null)
    unit.assignments.push(...assignmentRows(id, crewFor(rng, state, status), c.at(created + 1, 14)));
}
