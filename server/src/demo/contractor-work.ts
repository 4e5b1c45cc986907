/**
 * Step 4: contractor work orders. Company 2 (Prairie Fiber Builders: `contractor`, `fieldtech`) gets one open order
 * of each of the 23 checklist types plus a Complete install, a Closed backbone splice and a 'Template not found'
 * order; company 1 (the provider's crew: `contractor1`) a handful of its own. Each is assigned to its company's users.
 */
import { CHECKLIST_WORK_ORDER_TYPES, workOrderTypeByDescription } from '@strand/domain';
import type { NewRow } from '../db/database.js';
import { ASSEMBLY_UNITS, PACKAGE_IDS, PACKAGES } from './catalog.js';
import type { SeedContext } from './context.js';
import { DEMO_FILES } from './demo-files.js';
import { DEMO } from './demo-ids.js';
import { type Address, randomAddressIn, serviceLocationRow } from './locations.js';
import { BUSINESS_KINDS, BUSINESS_WORDS, FIRST_NAMES, LAST_NAMES, TOWNS } from './places.js';
import type { Random } from './random.js';
import { assignmentRows, salesOrderRow, workOrderRow } from './work-orders.js';

const U = DEMO.users;
const CW = DEMO.contractorWorkOrders;

/** Network jobs belong to the provider's own plant, not to a subscriber. */
const NETWORK_TYPES = new Set(['Backbone Splice', 'Splice Field Splitter', 'MST Splicing', 'Legacy Pole Audit']);

export interface ContractorOrder {
  id: number;
  type: string;
  status: 'Open' | 'Complete' | 'Closed';
  companyId: number;
  day: number;
}

export interface ContractorSite extends ContractorOrder {
  customerId: string;
  customerName: string;
  location: ReturnType<typeof serviceLocationRow>;
  address: Address;
}

const COMPANY1_TYPES = [
  'Consumer Drop Construction',
  'Consumer Fiber Install',
  'Consumer Splicing',
  'Yard Complaint',
  'Dispatch',
];
const COMPANY1_DAYS = [1, 2, -1, 0, 4];

function contractorOrders(): ContractorOrder[] {
  const open2 = CHECKLIST_WORK_ORDER_TYPES.map(
    (t, i): ContractorOrder => ({
      id: CW.company2OpenByType[t.description] ?? 0,
      type: t.description,
      status: 'Open',
      companyId: 2,
      day: -6 + ((i * 5) % 21),
    }),
  );
  const company1 = COMPANY1_TYPES.map(
    (type, i): ContractorOrder => ({
      id: CW.company1[i] ?? 0,
      type,
      status: 'Open',
      companyId: 1,
      day: COMPANY1_DAYS[i] ?? 0,
    }),
  );
  return [
    ...open2,
    { id: CW.company2Complete, type: 'Consumer Fiber Install', status: 'Complete', companyId: 2, day: -12 },
    { id: CW.company2Closed, type: 'Backbone Splice', status: 'Closed', companyId: 2, day: -30 },
    { id: CW.company2TemplateNotFound, type: 'Legacy Pole Audit', status: 'Open', companyId: 2, day: 2 },
    ...company1,
  ];
}

export const companyUsers = (companyId: number): number[] =>
  companyId === 2 ? [U.contractor.id, U.fieldtech.id] : [U.contractor1.id];

function summaryFor(type: string): string {
  const t = type.toLowerCase();
  if (t.includes('construction') || t.includes('drop'))
    return 'Place the drop per the construction print; locates on file';
  if (t.includes('install')) return 'Install the ONT, run inside wiring and record a speed test';
  if (t.includes('survey')) return 'Walk the drop path and fill in the survey';
  if (t.includes('splic')) return 'Splice fibers at the hand hole and light-test';
  if (t.includes('yard')) return 'Restore the yard along the drop path';
  return 'See the work order notes for the scope';
}

const personName = (rng: Random) => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
const businessName = (rng: Random) => `${rng.pick(BUSINESS_WORDS)} ${rng.pick(BUSINESS_KINDS)}`;

/** A subscriber (or the provider, for network jobs) and a location for one contractor order. */
function siteFor(ctx: SeedContext, rng: Random, order: ContractorOrder, index: number): ContractorSite {
  const town = order.companyId === 1 ? TOWNS[0] : TOWNS[index % 2];
  if (!town) throw new Error('no towns');
  const address = randomAddressIn(rng, town);
  const isBusiness = workOrderTypeByDescription(order.type)?.isBusiness ?? false;
  const network = NETWORK_TYPES.has(order.type);
  const customerId = network
    ? DEMO.customers.provider
    : `1000-${isBusiness ? '3100' : '2100'}-${String(index + 1).padStart(4, '0')}`;
  const customerName = network ? DEMO.customerNames.provider : isBusiness ? businessName(rng) : personName(rng);
  const location = serviceLocationRow(ctx, customerId, address);
  return { ...order, customerId, customerName, location, address };
}

export async function seedContractorWork(ctx: SeedContext): Promise<ContractorSite[]> {
  const rng = ctx.random('contractor-work');
  const sites = contractorOrders().map((order, i) => siteFor(ctx, rng, order, i));
  const subscribers = sites.filter((s) => s.customerId !== DEMO.customers.provider);
  await ctx.insert(
    'customers',
    subscribers.map((s) => ({
      id: s.customerId,
      name: s.customerName,
      customer_type: workOrderTypeByDescription(s.type)?.isBusiness ? 'Business' : 'Residential',
      status: 'Active',
      created_at: ctx.clock.at(s.day - 40, 16),
    })),
  );
  await ctx.insert(
    'service_locations',
    sites.map((s) => s.location),
  );
  const contacts = subscribers.map((s) => ({
    id: ctx.ids.next('contact_methods'),
    customer_id: s.customerId,
    category: 'Primary',
    name: workOrderTypeByDescription(s.type)?.isBusiness ? personName(rng) : s.customerName,
    phone: `573555${rng.digits(4)}`,
    phone2: null,
    email: null,
  }));
  await ctx.insert('contact_methods', contacts);
  await ctx.insert(
    'contact_method_locations',
    contacts.map((c, i) => ({
      contact_method_id: c.id,
      service_location_id: subscribers[i]?.location.id ?? 0,
      link_type: 'Primary',
    })),
  );
  await seedOrders(ctx, rng, sites);
  await seedChecklists(ctx);
  return sites;
}

function salesOrderFor(ctx: SeedContext, s: ContractorSite) {
  const packageId = workOrderTypeByDescription(s.type)?.isBusiness ? PACKAGE_IDS.business500 : PACKAGE_IDS.fiber1G;
  const pkg = PACKAGES.find((p) => p.id === packageId);
  return salesOrderRow(ctx, {
    customerId: s.customerId,
    customerName: s.customerName,
    locationId: s.location.id,
    address: `${s.address.address}, ${s.address.city}, MO ${s.address.zip}`,
    notes: `${s.type} released to contractor ${s.companyId}.`,
    lines:
      pkg && s.customerId !== DEMO.customers.provider ? [{ description: pkg.name, priceCents: pkg.price_cents }] : [],
    createdAt: ctx.clock.at(s.day - 21, 15),
  });
}

async function seedOrders(ctx: SeedContext, rng: Random, sites: ContractorSite[]): Promise<void> {
  const salesOrders = sites.map((s) => salesOrderFor(ctx, s));
  await ctx.insert('sales_orders', salesOrders);
  await ctx.insert(
    'work_orders',
    sites.map((s, i) => {
      const acknowledged = s.status !== 'Open' || i % 2 === 0;
      return workOrderRow({
        id: s.id,
        type: s.type,
        customerId: s.customerId,
        location: s.location,
        orderId: salesOrders[i]?.id ?? null,
        contractorId: s.companyId,
        status: s.status,
        summary: summaryFor(s.type),
        scheduledAt: ctx.clock.at(s.day, 13 + rng.int(0, 7)),
        scheduledName: `${s.type} - ${s.address.address}`,
        dueDate: ctx.clock.date(s.day + rng.int(1, 10)),
        gisObjectId: rng.chance(0.3) ? `GIS-${s.id}` : null,
        acknowledgedAt: acknowledged ? ctx.clock.at(Math.min(s.day - 2, -1), 14) : null,
        acknowledgedBy: acknowledged ? (companyUsers(s.companyId)[0] ?? null) : null,
        createdAt: ctx.clock.at(s.day - 20, 15),
        lastUpdated: ctx.clock.at(Math.min(s.day, 0) - 1, 20),
      });
    }),
  );
  await ctx.insert(
    'work_order_assignments',
    sites.flatMap((s) => assignmentRows(s.id, companyUsers(s.companyId), ctx.clock.at(Math.min(s.day - 10, -1), 14))),
  );
  const print = DEMO_FILES.constructionPrint;
  await ctx.insert('attachments', [
    {
      work_order_id: CW.company2OpenByType['Business Construction'] ?? 0,
      file_name: print.fileName,
      description: 'Construction print',
      storage_key: print.storageKey,
      content_type: print.contentType,
      size_bytes: print.sizeBytes,
      sha256: print.sha256,
      uploaded_by: null,
      idempotency_key: null,
      created_at: ctx.clock.at(-8, 15),
    },
  ]);
}

interface ChecklistSpec {
  workOrderId: number;
  template: string;
  data: Record<string, string | number>;
  arrival: string | null;
  complete: string | null;
  notes: string | null;
}

function checklistRow(ctx: SeedContext, c: ChecklistSpec): NewRow<'checklists'> {
  return {
    work_order_id: c.workOrderId,
    template: c.template,
    data: JSON.stringify(c.data),
    arrival_onsite: c.arrival,
    work_complete: c.complete,
    notes: c.notes,
    updated_by: U.contractor.id,
    updated_at: c.complete ?? c.arrival ?? ctx.clock.at(-1, 20),
  };
}

const unitId = (code: string) => ASSEMBLY_UNITS.findIndex((u) => u.code === code) + 1;

/** Checklists already under way: a finished install, a closed backbone splice, a half-done survey, and units. */
async function seedChecklists(ctx: SeedContext): Promise<void> {
  const byType = CW.company2OpenByType;
  const install = {
    nYardSignPlaced: 1,
    nAdditionalRooms: 2,
    vcLightSignalStrength: '-19.4 dBm',
    txtSpeedTestURL: 'https://www.speedtest.net/result/15873310442',
  };
  const survey = {
    vcSecNum: '12',
    vcStakingSheetNum: 'SS-4471',
    vcONT: 'Outdoor',
    nInvisibleFence: 1,
    nSprinkler: 2,
    nSepticSys: 0,
    nFencedYard: 1,
    nYardLights: 2,
    nLPGas: 2,
    nPrivatePower: 0,
  };
  const c = ctx.clock;
  await ctx.insert('checklists', [
    checklistRow(ctx, {
      workOrderId: CW.company2Complete,
      template: 'install',
      data: install,
      arrival: c.at(-12, 14, 5),
      complete: c.at(-12, 17, 40),
      notes: 'ONT in the garage; two extra rooms wired.',
    }),
    checklistRow(ctx, {
      workOrderId: CW.company2Closed,
      template: 'base',
      data: { vcInvoiceNum: 'PFB-2291' },
      arrival: c.at(-30, 13),
      complete: c.at(-30, 22),
      notes: 'Backbone splice finished; OTDR traces sent to engineering.',
    }),
    checklistRow(ctx, {
      workOrderId: byType['Consumer Site Survey'] ?? 0,
      template: 'site-survey',
      data: survey,
      arrival: c.at(-1, 15),
      complete: null,
      notes: 'Invisible fence along the back lot line.',
    }),
  ]);
  const unit = (code: string, qty: number, extra: Partial<NewRow<'work_order_assembly_units'>>) => ({
    work_order_id: byType['Connectorized Install'] ?? 0,
    assembly_unit_id: unitId(code),
    qty_units: qty,
    asset_tags: null,
    serial_numbers: null,
    beg_sequential: null,
    end_sequential: null,
    reel_num: null,
    row_footage: null,
    created_by: U.contractor.id,
    created_at: c.at(-1, 18),
    ...extra,
  });
  await ctx.insert('work_order_assembly_units', [
    unit('ONT-INST', 1, { asset_tags: 'ONT-110019' }),
    unit('DROP-UG', 180, { beg_sequential: '10230', end_sequential: '10410', reel_num: 'R-5521', row_footage: 180 }),
  ]);
}
