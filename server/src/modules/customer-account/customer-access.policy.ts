/**
 * Who may do what in the customer portal: pure decisions over the session's Viewer and the rows
 * customer-access.service.ts loads. A disabled user is signed out, a non-customer session or account refused; a
 * SPEC §6 category is held or not; an object belongs to the actor's account or is refused. A super user
 * (UNITYSUPERUSER 1) acts as the account's admin: every category, but nothing that outlives the session
 * (plugins/super-user.ts).
 */
import {
  ALL_PERMISSIONS,
  type CustomerType,
  isCustomerAccount,
  PERMISSION_CATEGORIES,
  type PermissionCategory,
} from '@strand/domain';
import { forbidden, notFound, unauthenticated } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';
import { superUserRefusal } from '../../plugins/super-user.js';

export interface CustomerActor {
  userId: number;
  customerId: string;
  customerName: string;
  customerType: CustomerType;
  customerStatus: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isSuperUser: boolean;
  /** The staff member behind a super-user session. */
  employeeId: number | null;
  permissions: ReadonlySet<PermissionCategory>;
}

/** The session's user with its account, as customer-access.repository.ts reads it. */
export interface SessionUser {
  id: number;
  first_name: string;
  last_name: string;
  is_admin: number;
  disabled: number;
  customer_id: string;
  customer_name: string;
  customer_type: string;
  status: string;
}

const NOT_CUSTOMER = 'This is for customer accounts.';

/** Customer routes are for customer sessions (a super-user session is one). */
export function assertCustomerSession(viewer: Viewer): void {
  if (!hasRole(viewer, 'customer')) throw forbidden(NOT_CUSTOMER);
}

/** A user disabled (or removed) after signing in is signed out at the next request; other accounts are refused. */
export function assertActiveCustomerUser(row: SessionUser | undefined): asserts row is SessionUser {
  if (!row || row.disabled === 1) {
    throw unauthenticated('Your user is no longer active. Ask your account administrator.');
  }
  if (!isCustomerAccount(row.customer_type)) throw forbidden(NOT_CUSTOMER);
}

/** Account administrators and super-user sessions hold every category, without asking which they were given. */
export const holdsEveryCategory = (viewer: Viewer, row: SessionUser) => row.is_admin === 1 || viewer.superUser;

/** The actor of a session, from its user row and (unless it holds every category) its granted categories. */
export function actorFrom(viewer: Viewer, row: SessionUser, granted: readonly string[]): CustomerActor {
  const isAdmin = holdsEveryCategory(viewer, row);
  return {
    userId: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    customerType: row.customer_type as CustomerType,
    customerStatus: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin,
    isSuperUser: viewer.superUser,
    employeeId: viewer.superUser ? viewer.employeeId : null,
    permissions: new Set(isAdmin ? ALL_PERMISSIONS : (granted as readonly PermissionCategory[])),
  };
}

const categoryName = (category: PermissionCategory) =>
  PERMISSION_CATEGORIES.find((c) => c.code === category)?.name ?? category;

export function assertPermission(actor: CustomerActor, category: PermissionCategory): void {
  if (actor.permissions.has(category)) return;
  throw forbidden(
    `Your user does not have the “${categoryName(category)}” permission. Ask your account administrator for it.`,
  );
}

/** Refuses an object of another account (403) and a missing one (404). */
export function assertOwned<T extends { customer_id: string }>(
  actor: CustomerActor,
  row: T | undefined,
  what: string,
): asserts row is T {
  if (!row) throw notFound(`No ${what} with that id.`);
  if (row.customer_id !== actor.customerId) throw forbidden(`That ${what} belongs to another account.`);
}

/**
 * Refuses a super-user session something that would outlive it, such as an email address where the account's mail
 * (recovery links, registration codes) would go (issue 25). Whole routes are refused in plugins/super-user.ts; this
 * is for a write that only sometimes does it (an edit that changes the email).
 */
export function assertNotSuperUser(actor: CustomerActor, what: string): void {
  if (actor.isSuperUser) throw superUserRefusal(what);
}

/** Business-center requests are a business account's. */
export function assertBusinessAccount(actor: CustomerActor): void {
  if (actor.customerType !== 'Business') throw forbidden('Business-center requests are for business accounts.');
}
