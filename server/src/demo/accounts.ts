/**
 * Step 2: the named customers of DEMO-DATA.md with their locations and contacts, the sign-in accounts with their
 * flags and permission categories, and the provider's field crew.
 */
import { ALL_PERMISSIONS, BILLING_PERMISSIONS } from '@strand/domain';
import type { NewRow } from '../db/database.js';
import { NOC_LOCATIONS } from './catalog.js';
import type { SeedContext } from './context.js';
import { DEMO, type DemoUser } from './demo-ids.js';
import { type Address, mailingLocationRow, serviceLocationRow } from './locations.js';
import { FIRST_NAMES, LAST_NAMES } from './places.js';

const C = DEMO.customers;
const L = DEMO.serviceLocations;

interface FixedCustomer {
  id: string;
  name: string;
  type: 'Residential' | 'Consumer' | 'Business' | 'Provider' | 'Contractor';
  status: string;
  sinceDays: number;
  locations: { id: number; address: Address }[];
  mailing: Address;
}

const PROVIDER_HQ: Address = {
  address: '1001 E Walnut St',
  city: 'Columbia',
  zip: '65201',
  latitude: 38.952,
  longitude: -92.329,
};

const PRAIRIE_FIBER_YARD: Address = {
  address: '5500 N Oakland Gravel Rd',
  city: 'Columbia',
  zip: '65202',
  latitude: 39.0102,
  longitude: -92.3057,
};

const FIXED_CUSTOMERS: FixedCustomer[] = [
  customer(C.provider, DEMO.customerNames.provider, 'Provider', 'Active', 3650, [], PROVIDER_HQ),
  customer(C.prairieFiber, DEMO.customerNames.prairieFiber, 'Contractor', 'Active', 1200, [], PRAIRIE_FIBER_YARD),
  customer(C.residential, 'Rhonda Reyes', 'Residential', 'Active', 430, [
    { id: L.residential, address: at('2208 Clark Ln', 'Columbia', '65202', 38.9652, -92.2968) },
  ]),
  customer(C.consumer, 'Connor Cole', 'Consumer', 'Active', 20, [
    { id: L.consumer, address: at('4107 Bearfield Rd', 'Columbia', '65201', 38.9262, -92.2891) },
  ]),
  customer(C.spliceCustomer, 'Priya Patel', 'Residential', 'Active', 200, [
    { id: L.spliceCustomer, address: at('1812 Hinkson Ave', 'Columbia', '65201', 38.9601, -92.3102) },
  ]),
  customer(C.neighbour, 'Nora Nguyen', 'Residential', 'Pending', 6, [
    { id: L.neighbour, address: at('2214 Clark Ln', 'Columbia', '65202', 38.9657, -92.2965) },
  ]),
  customer(C.business, DEMO.customerNames.business, 'Business', 'Active', 900, [
    { id: L.businessMain, address: at('1101 E Broadway', 'Columbia', '65201', 38.9519, -92.3262, 'Suite 200') },
    { id: L.businessBranch, address: at('2316 Missouri Blvd', 'Jefferson City', '65109', 38.5712, -92.2079) },
  ]),
  customer(C.surveyBusiness, 'Katy Trail Bikes', 'Business', 'Active', 60, [
    { id: L.surveyBusiness, address: at('3600 I-70 Dr SE', 'Columbia', '65201', 38.9612, -92.2868) },
  ]),
];

function at(
  address: string,
  city: string,
  zip: string,
  latitude: number,
  longitude: number,
  address2?: string,
): Address {
  return { address, address2: address2 ?? null, city, zip, latitude, longitude };
}

function customer(
  id: string,
  name: string,
  type: FixedCustomer['type'],
  status: string,
  sinceDays: number,
  locations: FixedCustomer['locations'],
  mailing?: Address,
): FixedCustomer {
  const first = locations[0]?.address;
  const mailingAddress = mailing ?? first;
  if (!mailingAddress) throw new Error(`customer ${id} needs a mailing address`);
  return { id, name, type, status, sinceDays, locations, mailing: mailingAddress };
}

interface UserFlags {
  isAdmin?: boolean;
  isStaff?: boolean;
  /** Staff roles, comma-separated (users.staff_roles). */
  staffRoles?: string;
  employeeId?: number;
  installer?: boolean;
  contractorId?: number;
  nocLocationId?: number;
  email?: string;
}

const U = DEMO.users;
const FIXED_USERS: [DemoUser, UserFlags][] = [
  [U.residential, { isAdmin: true, email: 'rhonda.reyes@example.com' }],
  [U.consumer, { isAdmin: true, email: 'connor.cole@example.net' }],
  [U.business, { isAdmin: true, email: 'dana.diaz@acmedental.example' }],
  [U.businessBilling, { email: 'bill.bates@acmedental.example' }],
  [U.installer, { installer: true, nocLocationId: DEMO.nocLocationId }],
  [U.contractor, { contractorId: 2, email: 'carla.cruz@prairiefiber.example' }],
  [U.contractor1, { contractorId: 1 }],
  [U.fieldtech, { installer: true, contractorId: 2, nocLocationId: DEMO.nocLocationId }],
  [U.staff, { isStaff: true, staffRoles: 'admin', employeeId: DEMO.staffEmployeeId }],
  [U.otherInstaller, { installer: true, nocLocationId: DEMO.nocLocationId }],
  [U.sales, { isStaff: true, staffRoles: 'sales', employeeId: 11 }],
  [U.dispatcher, { isStaff: true, staffRoles: 'dispatcher', employeeId: 12 }],
  [U.billingStaff, { isStaff: true, staffRoles: 'billing', employeeId: 13 }],
  [U.network, { isStaff: true, staffRoles: 'network', employeeId: 14 }],
];

export interface AccountsResult {
  /** Mailing location id of each fixed customer. */
  mailingLocationOf: Record<string, number>;
  /** User ids of the provider's background field crew. */
  crewUserIds: number[];
}

export async function seedAccounts(ctx: SeedContext, crewSize: number): Promise<AccountsResult> {
  const mailingLocationOf = await seedFixedCustomers(ctx);
  await seedFixedUsers(ctx, mailingLocationOf);
  await seedPermissions(ctx);
  await seedContacts(ctx);
  const crewUserIds = await seedCrew(ctx, crewSize);
  return { mailingLocationOf, crewUserIds };
}

async function seedFixedCustomers(ctx: SeedContext): Promise<Record<string, number>> {
  await ctx.insert(
    'customers',
    FIXED_CUSTOMERS.map((c) => ({
      id: c.id,
      name: c.name,
      customer_type: c.type,
      status: c.status,
      created_at: ctx.clock.at(-c.sinceDays, 16),
    })),
  );
  await ctx.insert(
    'service_locations',
    FIXED_CUSTOMERS.flatMap((c) => c.locations.map((l) => serviceLocationRow(ctx, c.id, l.address, l.id))),
  );
  const mailing = FIXED_CUSTOMERS.map((c) => mailingLocationRow(ctx, c.id, c.mailing));
  await ctx.insert('mailing_locations', mailing);
  return Object.fromEntries(mailing.map((m) => [m.customer_id, m.id]));
}

function emailOf(user: DemoUser, flags: UserFlags): string {
  return flags.email ?? `${user.firstName}.${user.lastName}@boonevalleyfiber.example`.toLowerCase();
}

function userRow(ctx: SeedContext, user: DemoUser, flags: UserFlags, mailingLocationId: number | null) {
  const firstLocation = FIXED_CUSTOMERS.find((c) => c.id === user.customerId)?.locations[0]?.id ?? null;
  const isCustomer = user.customerId !== C.provider && user.customerId !== C.prairieFiber;
  const row: NewRow<'users'> & { id: number } = {
    id: ctx.ids.claim('users', user.id),
    username: user.username,
    email: emailOf(user, flags),
    password_hash: ctx.passwordHash,
    first_name: user.firstName,
    last_name: user.lastName,
    customer_id: user.customerId,
    is_admin: flags.isAdmin ? 1 : 0,
    is_staff: flags.isStaff ? 1 : 0,
    staff_roles: flags.staffRoles ?? '',
    employee_id: flags.employeeId ?? null,
    installer: flags.installer ? 1 : 0,
    contractor_id: flags.contractorId ?? 0,
    noc_location_id: flags.nocLocationId ?? null,
    active_service_location_id: isCustomer ? firstLocation : null,
    active_mailing_location_id: isCustomer ? mailingLocationId : null,
    disabled: 0,
    created_at: ctx.clock.at(-400, 15),
    updated_at: ctx.clock.at(-30, 15),
  };
  return row;
}

async function seedFixedUsers(ctx: SeedContext, mailingLocationOf: Record<string, number>): Promise<void> {
  await ctx.insert(
    'users',
    FIXED_USERS.map(([user, flags]) => userRow(ctx, user, flags, mailingLocationOf[user.customerId] ?? null)),
  );
}

async function seedPermissions(ctx: SeedContext): Promise<void> {
  const grants: [number, readonly string[]][] = [
    [U.residential.id, ALL_PERMISSIONS],
    [U.consumer.id, ALL_PERMISSIONS],
    [U.business.id, ALL_PERMISSIONS],
    [U.businessBilling.id, BILLING_PERMISSIONS],
  ];
  await ctx.insert(
    'user_permissions',
    grants.flatMap(([user_id, categories]) => categories.map((category) => ({ user_id, category }))),
  );
}

interface FixedContact {
  customerId: string;
  category: string;
  name: string;
  phone: string | null;
  phone2?: string;
  email: string | null;
  links: [number, string][];
}

/** Who is reachable where. 100001's location has two contacts, 100002's exactly one, 100003's none. */
const FIXED_CONTACTS: FixedContact[] = [
  contact(C.residential, 'Primary', 'Rhonda Reyes', '5735550142', 'rhonda.reyes@example.com', [
    [L.residential, 'Primary'],
  ]),
  contact(C.residential, 'Secondary', 'Ramon Reyes', '5735550178', 'ramon.reyes@example.com', [
    [L.residential, 'Alternate'],
  ]),
  contact(C.consumer, 'Primary', 'Connor Cole', '5735550911', 'connor.cole@example.net', []),
  contact(C.spliceCustomer, 'Primary', 'Priya Patel', '5735550633', 'priya.patel@example.org', [
    [L.spliceCustomer, 'Primary'],
  ]),
  contact(C.neighbour, 'Primary', 'Nora Nguyen', '5735550655', null, [[L.neighbour, 'Primary']]),
  contact(C.business, 'Primary', 'Dana Diaz', '5735550300', 'dana.diaz@acmedental.example', [
    [L.businessMain, 'Primary'],
  ]),
  contact(C.business, 'Billing', 'Bill Bates', '5735550301', 'bill.bates@acmedental.example', [
    [L.businessBranch, 'Billing'],
  ]),
  contact(C.business, 'Technical', 'Jefferson City Front Desk', '5735550320', 'jc.frontdesk@acmedental.example', [
    [L.businessBranch, 'Technical'],
  ]),
  contact(C.business, 'Emergency', 'Dr. Alan Acker', '5735550399', 'alan.acker@acmedental.example', [], '5735550398'),
  contact(C.surveyBusiness, 'Primary', 'Kyle Trent', '5735550744', 'kyle@katytrailbikes.example', [
    [L.surveyBusiness, 'Primary'],
  ]),
];

function contact(
  customerId: string,
  category: string,
  name: string,
  phone: string | null,
  email: string | null,
  links: [number, string][],
  phone2?: string,
): FixedContact {
  return { customerId, category, name, phone, email, links, ...(phone2 ? { phone2 } : {}) };
}

async function seedContacts(ctx: SeedContext): Promise<void> {
  const rows = FIXED_CONTACTS.map((c) => ({
    id: ctx.ids.next('contact_methods'),
    customer_id: c.customerId,
    category: c.category,
    name: c.name,
    phone: c.phone,
    phone2: c.phone2 ?? null,
    email: c.email,
  }));
  await ctx.insert('contact_methods', rows);
  await ctx.insert(
    'contact_method_locations',
    FIXED_CONTACTS.flatMap((c, i) =>
      c.links.map(([service_location_id, link_type]) => ({
        contact_method_id: rows[i]?.id ?? 0,
        service_location_id,
        link_type,
      })),
    ),
  );
}

/** The provider's own installers who carry the background work (usernames tech01, tech02, ...). */
async function seedCrew(ctx: SeedContext, size: number): Promise<number[]> {
  const rng = ctx.random('crew');
  const rows = Array.from({ length: size }, (_, i) => {
    const user: DemoUser = {
      id: ctx.ids.next('users'),
      username: `tech${String(i + 1).padStart(2, '0')}`,
      firstName: rng.pick(FIRST_NAMES),
      lastName: rng.pick(LAST_NAMES),
      customerId: C.provider,
    };
    const nocLocationId = rng.pick(NOC_LOCATIONS).id;
    return userRow(
      ctx,
      user,
      { installer: true, nocLocationId, email: `${user.username}@boonevalleyfiber.example` },
      null,
    );
  });
  await ctx.insert('users', rows);
  return rows.map((r) => r.id);
}

export const FIXED_CUSTOMER_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  FIXED_CUSTOMERS.map((c) => [c.id, c.name]),
);
