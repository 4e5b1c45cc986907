/** The demo accounts of DEMO-DATA.md as the browser tests see them. */

export const DEMO_PASSWORD = 'demo-password';

export const CUSTOMER_LINKS = ['Home', 'Account Info', 'Services', 'Billing Center'];
export const BUSINESS_LINKS = [...CUSTOMER_LINKS, 'Reports'];
export const INSTALLER_LINKS = ['Search WO', 'Saved WO', 'Scan an Asset', 'Saved Assets'];
export const CONTRACTOR_LINKS = ['Home', 'Work Orders', 'Scan Asset', 'Calendar', 'Maps', 'Restoration Tickets'];
/** The admin's staff links (every staff function). */
export const STAFF_LINKS = [
  'Home',
  'Orders',
  'Tickets',
  'Dispatch',
  'Auth Codes',
  'Subscribers',
  'Reports',
  'Categories',
  'Applicants',
];

/** Each staff role: its links (nothing it does not own) and where it lands. */
export const STAFF_ROLE_ACCOUNTS = [
  { username: 'sales', links: ['Home', 'Orders', 'Tickets'], landing: /\/staff$/ },
  { username: 'dispatcher', links: ['Home', 'Orders', 'Tickets', 'Dispatch'], landing: /\/staff$/ },
  { username: 'billing-staff', links: ['Home', 'Reports'], landing: /\/staff$/ },
  { username: 'network', links: ['Home', 'Auth Codes', 'Subscribers'], landing: /\/staff$/ },
] as const;

export interface CustomerAccount {
  username: string;
  name: string;
  customerId: string;
  /** The account name the header shows, or null when it shows none (Consumer). */
  accountName: string | null;
  links: string[];
  /** Where sign-in lands: the home, or the Billing Center for a user who may only see bills (issue 28). */
  landing: { path: RegExp; heading: string };
}

const HOME = { path: /\/home$/, heading: 'Home' };

/** Customers land straight in their portal: on the home, or the Billing Center for billing-only users. */
export const CUSTOMER_ACCOUNTS: CustomerAccount[] = [
  {
    username: 'residential',
    name: 'Rhonda Reyes',
    customerId: '1000-2000-0001',
    accountName: 'Rhonda Reyes',
    links: CUSTOMER_LINKS,
    landing: HOME,
  },
  {
    username: 'consumer',
    name: 'Connor Cole',
    customerId: '1000-2000-0002',
    accountName: null,
    links: CUSTOMER_LINKS,
    landing: HOME,
  },
  {
    username: 'business',
    name: 'Dana Diaz',
    customerId: '1000-3000-0001',
    accountName: 'Acme Dental Group',
    links: BUSINESS_LINKS,
    landing: HOME,
  },
  {
    username: 'business-billing',
    name: 'Bill Bates',
    customerId: '1000-3000-0001',
    accountName: 'Acme Dental Group',
    links: BUSINESS_LINKS,
    landing: { path: /\/billingCenter$/, heading: 'Billing Center' },
  },
];

export interface FieldAccount {
  username: string;
  name: string;
  /** Portal buttons offered on /portalSelect. */
  portals: ('Installer' | 'Contractor')[];
}

export const FIELD_ACCOUNTS: FieldAccount[] = [
  { username: 'installer', name: 'Ian Ingram', portals: ['Installer'] },
  { username: 'contractor', name: 'Carla Cruz', portals: ['Contractor'] },
  { username: 'contractor1', name: 'Colin Cho', portals: ['Contractor'] },
  { username: 'fieldtech', name: 'Frankie Ford', portals: ['Installer', 'Contractor'] },
];

export const PORTAL_LANDING = {
  Installer: { path: '/search', links: INSTALLER_LINKS },
  Contractor: { path: '/contractorHome', links: CONTRACTOR_LINKS },
} as const;
