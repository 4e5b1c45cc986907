/**
 * The session user (SPEC §3), portal types and the route-guard and navigation rules of SPEC §2 and §6.
 * Pure functions: the browser uses them to route, the server to decide what a token may choose.
 */
import { z } from 'zod';

/** Residential, Consumer and Business are customers; Provider and Contractor are the accounts field staff carry. */
export const CustomerTypeSchema = z.enum(['Residential', 'Consumer', 'Business', 'Provider', 'Contractor']);
export type CustomerType = z.infer<typeof CustomerTypeSchema>;

export const CUSTOMER_ACCOUNT_TYPES: readonly CustomerType[] = ['Residential', 'Consumer', 'Business'];

/** Whether an account is a customer's (not the provider's own or a contractor company's). */
export function isCustomerAccount(type: string): boolean {
  return (CUSTOMER_ACCOUNT_TYPES as readonly string[]).includes(type);
}

/**
 * Staff roles (issue 13): what part of the back office a staff member runs. `admin` holds every staff function;
 * the others own one area each: sales (orders and sales orders), dispatcher (dispatch board, scheduling), billing
 * (receivables, payments, staff reports), network (auth codes, subscriber lists, notices).
 */
export const StaffRoleSchema = z.enum(['admin', 'sales', 'dispatcher', 'billing', 'network']);
export type StaffRole = z.infer<typeof StaffRoleSchema>;
export const STAFF_ROLES: readonly StaffRole[] = StaffRoleSchema.options;

/** Whether a staff member with these roles holds `role` (admin holds them all). */
export function staffHolds(roles: readonly StaffRole[] | undefined, role: StaffRole): boolean {
  return Boolean(roles && (roles.includes('admin') || roles.includes(role)));
}

/** The roles stored as a comma-separated list (users.staff_roles); unknown names are dropped. */
export function parseStaffRoles(stored: string | null | undefined): StaffRole[] {
  const names = (stored ?? '').split(',').map((r) => r.trim());
  return STAFF_ROLES.filter((r) => names.includes(r));
}

/** Claims carried by the signed login token; the browser decodes them into its session. */
export const SessionClaimsSchema = z.object({
  nUserID: z.number().int().positive(),
  vcCustomerID: z.string(),
  vcCustomerType: CustomerTypeSchema,
  vcCustomerName: z.string(),
  vcFirstName: z.string(),
  vcLastName: z.string(),
  nContractor: z.number().int().nonnegative(),
  nInstaller: z.number().int().min(0).max(1),
  UNITYSUPERUSER: z.number().int().min(0).max(1),
  nNOCLocationID: z.number().int().nullable(),
  nActiveServiceLocation: z.number().int().nullable(),
  nActiveMailingLocation: z.number().int().nullable(),
  /** Staff employee id: the staff member's own, or the one who opened a super-user session. */
  nEmployeeID: z.number().int().nullable(),
  nStaff: z.number().int().min(0).max(1),
  /** A staff member's roles (empty for everyone else); changing them ends the member's sessions. */
  staffRoles: z.array(StaffRoleSchema).optional(),
  /**
   * A super-user session's staff member's own roles (when the session was opened): what the session may do is never
   * more than they may (issue 25). Absent on every other session.
   */
  employeeRoles: z.array(StaffRoleSchema).optional(),
  /** The server-side session this token belongs to; the server refuses a token whose session has ended. */
  sid: z.string().optional(),
  exp: z.number().int(),
});
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

export const PortalTypeSchema = z.enum(['residential', 'business', 'installer', 'contractor', 'staff']);
export type PortalType = z.infer<typeof PortalTypeSchema>;

type RoleFlags = Pick<SessionClaims, 'nInstaller' | 'nContractor' | 'UNITYSUPERUSER' | 'vcCustomerType' | 'nStaff'>;

/** The customer portal of an account: business for business accounts, residential otherwise. */
export function customerPortalOf(customerType: CustomerType): PortalType {
  return customerType === 'Business' ? 'business' : 'residential';
}

/**
 * Portals a user may use (SPEC §6): a super user, or a user with neither installer nor contractor flag, gets the
 * residential/business portal; installers and contractors choose on /portalSelect; staff use the staff portal.
 */
export function availablePortals(user: RoleFlags): PortalType[] {
  if (user.UNITYSUPERUSER === 1) return [customerPortalOf(user.vcCustomerType)];
  if (user.nStaff === 1) return ['staff'];
  const portals: PortalType[] = [];
  if (user.nInstaller === 1) portals.push('installer');
  if (user.nContractor > 0) portals.push('contractor');
  return portals.length > 0 ? portals : [customerPortalOf(user.vcCustomerType)];
}

/**
 * The portal chosen without asking: the only one a user has (an installer or contractor of one portal lands on its
 * home, issue 27; /portalSelect stays reachable from the menu), or null when the user picks one of several.
 */
export function automaticPortal(user: RoleFlags): PortalType | null {
  const portals = availablePortals(user);
  return portals.length === 1 ? (portals[0] ?? null) : null;
}

/** Field users (installers, contractors) may open /portalSelect from the menu, even with one portal. */
export function offersPortalSwitch(user: RoleFlags): boolean {
  const portals = availablePortals(user);
  return portals.length > 1 || portals.some((p) => p === 'installer' || p === 'contractor');
}

export interface NavLink {
  label: string;
  path: string;
}

/** The staff portal's links, each shown to the roles that own it (in this order; the first is the staff home). */
export const STAFF_LINKS: readonly (NavLink & { roles: readonly StaffRole[] })[] = [
  { label: 'Home', path: '/staff', roles: STAFF_ROLES },
  { label: 'Orders', path: '/staff/orders', roles: ['sales', 'dispatcher'] },
  { label: 'Tickets', path: '/staff/tickets', roles: ['sales', 'dispatcher'] },
  { label: 'Dispatch', path: '/staff/dispatch', roles: ['dispatcher'] },
  { label: 'Auth Codes', path: '/staff/authCodes', roles: ['network'] },
  { label: 'Subscribers', path: '/staff/subscribers', roles: ['network'] },
  { label: 'Reports', path: '/staff/reports', roles: ['billing'] },
  { label: 'Categories', path: '/staff/categories', roles: ['admin'] },
  { label: 'Applicants', path: '/staff/applicants', roles: ['admin'] },
];

/** The staff links a member with these roles may use. */
export function staffLinksFor(roles: readonly StaffRole[] | undefined): NavLink[] {
  return STAFF_LINKS.filter((l) => l.roles.some((r) => staffHolds(roles, r))).map(({ label, path }) => ({
    label,
    path,
  }));
}

/**
 * Navigation links by portal (SPEC §2 table); Reports only for customer types other than Consumer and Residential.
 * The staff portal's links follow the member's roles.
 */
export function navLinksFor(
  portal: PortalType,
  customerType: CustomerType,
  staffRoles?: readonly StaffRole[],
): NavLink[] {
  switch (portal) {
    case 'residential':
    case 'business': {
      // Home first (issue 28): the customer's landing page; it sends billing-only users on to the Billing Center.
      const links: NavLink[] = [
        { label: 'Home', path: '/home' },
        { label: 'Account Info', path: '/accountInfo' },
        { label: 'Services', path: '/services' },
        { label: 'Billing Center', path: '/billingCenter' },
      ];
      if (showsReports(customerType)) links.push({ label: 'Reports', path: '/reports' });
      return links;
    }
    case 'contractor':
      return [
        { label: 'Home', path: '/contractorHome' },
        { label: 'Work Orders', path: '/workOrders' },
        { label: 'Scan Asset', path: '/scanAsset' },
        { label: 'Calendar', path: '/calendar' },
        { label: 'Maps', path: '/maps' },
        { label: 'Restoration Tickets', path: '/restorationTickets' },
      ];
    case 'installer':
      return [
        { label: 'Search WO', path: '/search' },
        { label: 'Saved WO', path: '/savedWorkOrders' },
        { label: 'Scan an Asset', path: '/scanAsset' },
        { label: 'Saved Assets', path: '/SavedAssets' },
      ];
    case 'staff':
      return staffLinksFor(staffRoles);
  }
}

export function showsReports(customerType: CustomerType): boolean {
  return customerType !== 'Consumer' && customerType !== 'Residential';
}

/** Consumer accounts do not display the account name (SPEC §6). */
export function showsAccountName(customerType: CustomerType): boolean {
  return customerType !== 'Consumer';
}

/** Where a portal lands after it is chosen (a staff member: the first area of their roles). */
export function portalHome(portal: PortalType, staffRoles?: readonly StaffRole[]): string {
  return navLinksFor(portal, 'Business', staffRoles)[0]?.path ?? (portal === 'staff' ? '/staff' : '/');
}

export const LOGIN_PATHS = ['/', '/login', '/register', '/accountRecovery'] as const;
export const SUPER_USER_PATH_PREFIX = '/login/superUser/';

export function isLoginPath(pathname: string): boolean {
  return (LOGIN_PATHS as readonly string[]).includes(pathname) || isSuperUserPath(pathname);
}

export function isSuperUserPath(pathname: string): boolean {
  return pathname.startsWith(SUPER_USER_PATH_PREFIX);
}

/** Paths a signed-in user reaches without a chosen portal. */
const PORTAL_FREE_PATHS = ['/portalSelect', '/settings'];

export interface GuardState {
  user: Pick<SessionClaims, 'vcCustomerID' | 'vcCustomerType'> | null;
  portal: PortalType | null;
}

/**
 * SPEC §2 route guards. Returns the path to redirect to, or null to stay.
 * - Login-type routes send a logged-in user (one with a customer id) to /portalSelect, except super-user paths;
 *   '/' sends a user with the installer portal chosen to the search form (/search).
 * - Other protected routes send a user without a customer id to /login.
 * - A logged-in user with a customer type but no chosen portal is sent to /portalSelect.
 */
export function guardRedirect(pathname: string, state: GuardState): string | null {
  const loggedIn = Boolean(state.user?.vcCustomerID);
  if (isLoginPath(pathname)) {
    if (isSuperUserPath(pathname)) return null;
    // SPEC §2: '/' shows the installer's search form once the installer portal is chosen.
    if (loggedIn && pathname === '/' && state.portal === 'installer') return portalHome('installer');
    return loggedIn ? '/portalSelect' : null;
  }
  if (!loggedIn) return '/login';
  if (state.user?.vcCustomerType && !state.portal && !PORTAL_FREE_PATHS.includes(pathname)) {
    return '/portalSelect';
  }
  return null;
}

/** Whether a session's expiry (seconds) has passed. */
export function isExpired(claims: Pick<SessionClaims, 'exp'>, nowMs = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}
