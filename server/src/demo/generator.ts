/**
 * The deterministic demo-data generator (DEMO-DATA.md): fills an empty, migrated database with the demo provider,
 * its named accounts and work orders, and a background population whose size `scale` sets.
 */
import { workOrderTypeByDescription } from '@strand/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { seedAccounts } from './accounts.js';
import { seedApplicants } from './applicants.js';
import { seedAuthCodes } from './auth-codes.js';
import { seedAvailabilityChecks } from './availability-checks.js';
import { seedBackground } from './background.js';
import { type DialectName, resetIdentitySequences } from './batch.js';
import { seedBilling } from './billing.js';
import { DemoClock } from './clock.js';
import { SeedContext } from './context.js';
import { seedContractorContracts } from './contractor-contracts.js';
import { seedCalendar, seedRestorationTickets } from './contractor-field.js';
import { type ContractorSite, seedContractorWork } from './contractor-work.js';
import { seedCustomerPortal } from './customer-portal.js';
import { seedCustomerServices } from './customer-services.js';
import { DEMO, DEMO_PASSWORD } from './demo-ids.js';
import { seedDispatchSlots } from './dispatch.js';
import { seedFixedWorkOrders } from './fixed-work-orders.js';
import { type MapAnchor, seedMapFeatures } from './map-features.js';
import { seedNotices } from './notices.js';
import { seedOrderLoop } from './order-loop.js';
import { seedOrdering } from './ordering.js';
import { seedDemoOrders } from './orders.js';
import { seedPhoneCalls } from './phone-calls.js';
import { seedReferenceData } from './reference.js';
import { seedReports } from './reports.js';
import { seedServices } from './services.js';

export { allDemoFiles, DEMO_FILES, storeDemoFiles, writeDemoFiles } from './demo-files.js';
export { DEMO, DEMO_PASSWORD } from './demo-ids.js';

/** Sales-order numbers (nOrderID) start here, so they never look like the other ids. */
const FIRST_SALES_ORDER_ID = 50_001;

/** The fixed PRNG seed: change it and every generated (not fixed) record changes. */
export const DEMO_SEED = 0x5742_2025;

export interface SeedOptions {
  dialect: DialectName;
  /** Multiplies the background population: about `scale` x 1,000 work orders. Default 1; 0 for none. */
  scale?: number;
  /** Day 0 of every relative date. Default: now. */
  today?: Date;
  /** An argon2 hash of the demo password, to skip hashing (tests). Default: hashPassword('demo-password'). */
  passwordHash?: string;
}

export interface SeedSummary {
  /** Day 0 as YYYY-MM-DD. */
  today: string;
  scale: number;
  /** Work orders in total, fixed and background. */
  workOrders: number;
  backgroundWorkOrders: number;
  /** Rows inserted per table. */
  counts: Record<string, number>;
  elapsedMs: number;
}

/** True when the database has no customers yet (the demo data has not been loaded). */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('customers').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export function crewSizeFor(scale: number): number {
  return Math.max(12, Math.round(12 * Math.sqrt(scale)));
}

export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale < 0) throw new Error(`scale must be a number >= 0, got ${scale}`);
  if (!(await isDatabaseEmpty(db))) throw new Error('seedDemoData needs an empty database (customers has rows)');
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const clock = new DemoClock(options.today ?? new Date());
  const background = Math.round(scale * DEMO.backgroundWorkOrdersPerScale);

  const counts = await db.transaction().execute(async (trx) => {
    const ctx = new SeedContext(trx, options.dialect, DEMO_SEED, clock, passwordHash);
    ctx.ids.startAt('sales_orders', FIRST_SALES_ORDER_ID);
    await seedReferenceData(ctx);
    const accounts = await seedAccounts(ctx, crewSizeFor(scale));
    await seedFixedWorkOrders(ctx);
    const sites = await seedContractorWork(ctx);
    await seedCalendar(ctx, sites);
    await seedRestorationTickets(ctx, sites);
    await seedContractorContracts(ctx);
    await seedBilling(ctx, accounts.mailingLocationOf);
    await seedReports(ctx);
    await seedPhoneCalls(ctx);
    await seedCustomerPortal(ctx);
    await seedApplicants(ctx);
    await seedServices(ctx);
    await seedAuthCodes(ctx);
    await seedDemoOrders(ctx);
    await seedCustomerServices(ctx);
    await seedMapFeatures(ctx, [...(await fixedAnchors(ctx)), ...sites.map(contractorAnchor)]);
    await seedBackground(ctx, background, accounts.crewUserIds);
    await seedOrdering(ctx);
    await seedAvailabilityChecks(ctx);
    await seedOrderLoop(ctx);
    await seedDispatchSlots(ctx);
    await seedNotices(ctx);
    return ctx.counts;
  });
  await resetIdentitySequences(db, options.dialect);

  return {
    today: clock.date(0),
    scale,
    workOrders: counts.work_orders ?? 0,
    backgroundWorkOrders: background,
    counts,
    elapsedMs: Math.round(performance.now() - started),
  };
}

const L = DEMO.serviceLocations;

/** How the fixed locations look on the map. */
const FIXED_ANCHORS: Record<number, Pick<MapAnchor, 'stage' | 'hasOnt' | 'business'>> = {
  [L.residential]: { stage: 'installed', hasOnt: true, business: false },
  [L.businessMain]: { stage: 'installed', hasOnt: true, business: true },
  [L.businessBranch]: { stage: 'installed', hasOnt: false, business: true },
  [L.consumer]: { stage: 'planned', hasOnt: false, business: false },
  [L.spliceCustomer]: { stage: 'installed', hasOnt: true, business: false },
  [L.neighbour]: { stage: 'planned', hasOnt: false, business: false },
  [L.surveyBusiness]: { stage: 'planned', hasOnt: false, business: true },
};

async function fixedAnchors(ctx: SeedContext): Promise<MapAnchor[]> {
  const rows = await ctx.db
    .selectFrom('service_locations')
    .innerJoin('customers', 'customers.id', 'service_locations.customer_id')
    .select(['service_locations.id', 'address', 'latitude', 'longitude', 'customers.name'])
    .where('service_locations.id', 'in', Object.keys(FIXED_ANCHORS).map(Number))
    .orderBy('service_locations.id')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    ...(FIXED_ANCHORS[r.id] ?? { stage: 'installed', hasOnt: false, business: false }),
  }));
}

function contractorAnchor(site: ContractorSite): MapAnchor {
  const type = site.type.toLowerCase();
  const stage: MapAnchor['stage'] =
    site.status !== 'Open' || type.includes('install') || type.includes('splic')
      ? 'installed'
      : type.includes('survey')
        ? 'planned'
        : 'construction';
  return {
    name: site.customerName,
    address: site.address.address,
    latitude: site.address.latitude,
    longitude: site.address.longitude,
    business: workOrderTypeByDescription(site.type)?.isBusiness ?? false,
    stage,
    hasOnt: stage === 'installed',
  };
}
