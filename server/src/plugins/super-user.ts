/**
 * Super-user sessions (issue 25). A staff member who enters a customer's account through a one-time link acts as
 * the account's administrator, with three bounds, all enforced here by the auth hook (plugins/auth.ts):
 *
 * - nothing that outlives the session: no new users, no passwords, no email addresses where mail for the account
 *   would go (the rules marked `deny`; the email fields of users and contacts are checked by their services with
 *   `superUserRefusal`, since a write there may or may not change one);
 * - no more than the staff member's own roles (the claim `employeeRoles`, taken when the session opened; a change of
 *   roles ends the member's sessions): cancelling or placing orders is for sales, payments and cards for billing,
 *   as in the back office. Everything else needs one of the roles that enter accounts at all;
 * - every write is audited under the employee before it runs (`superUserAudit`), whatever the module records itself.
 *
 * Rules are keyed `METHOD /api/url/:param` as the routes are registered; a key that names no route fails a test
 * (super-user-sessions.test.ts).
 */
import { type SessionClaims, type StaffRole, staffHolds } from '@strand/domain';
import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '../lib/audit.js';
import { forbidden, unauthenticated } from '../lib/errors.js';

export type SuperUserRule =
  /** Never through a super-user session: `what` it would do, for the message. */
  | { deny: string }
  /** Only a staff member holding one of `roles` (the role that owns the same work in the back office). */
  | { roles: readonly StaffRole[]; what: string };

/** The staff roles that enter customer accounts (POST /api/staff/super-links): every super-user request needs one. */
export const ENTERING_ROLES: readonly StaffRole[] = ['sales', 'billing'];

const SALES = ['sales'] as const;
const BILLING = ['billing'] as const;

export const SUPER_USER_RULES: Readonly<Record<string, SuperUserRule>> = {
  // Credentials and mail addresses: each would let the staff member (or anyone) in after the session ends.
  'POST /api/customer/users': { deny: 'add users' },
  'PUT /api/auth/password': { deny: 'change passwords' },
  'PUT /api/customer/services/email/:mailboxId/password': { deny: 'set mailbox passwords' },
  'PUT /api/customer/services/email/:mailboxId/forward': { deny: 'forward a mailbox' },
  'POST /api/customer/services/fax/:faxNumberId/email-addresses': { deny: 'add email addresses for faxes' },
  'POST /api/customer/services/tv/credentials/reset': { deny: 'reset TV passwords' },
  // Orders: sales (staff-orders routes are staff:sales).
  'POST /api/customer/orders/:orderId/cancel': { roles: SALES, what: 'cancel orders' },
  'POST /api/customer/orders/changes': { roles: SALES, what: 'change packages' },
  'POST /api/customer/orders/checkout': { roles: SALES, what: 'place orders' },
  // Payments, cards, autopay and the billing address: billing.
  'POST /api/customer/billing/payments': { roles: BILLING, what: 'take payments' },
  'POST /api/customer/billing/payment-methods': { roles: BILLING, what: 'add payment methods' },
  'DELETE /api/customer/billing/payment-methods/:paymentMethodId': { roles: BILLING, what: 'remove payment methods' },
  'PUT /api/customer/billing/mailing-locations/:mailingLocationId/autopay': { roles: BILLING, what: 'set up autopay' },
  'DELETE /api/customer/billing/mailing-locations/:mailingLocationId/autopay': { roles: BILLING, what: 'stop autopay' },
  'PUT /api/customer/billing/paperless': { roles: BILLING, what: 'change paperless billing' },
  'PUT /api/customer/billing/mailing-locations/:mailingLocationId': {
    roles: BILLING,
    what: 'change billing addresses',
  },
};

const ROLE_NAMES: Record<StaffRole, string> = {
  admin: 'admin',
  sales: 'sales',
  dispatcher: 'dispatch',
  billing: 'billing',
  network: 'network',
};

/** The plain refusal of something a super-user session may never do. */
export function superUserRefusal(what: string) {
  return forbidden(
    `A super-user session cannot ${what}. Ask the account's administrator to do it from their own sign-in.`,
  );
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** Throws unless a super-user session may call this route (after the route's own access check passed). */
export function assertSuperUserMay(user: SessionClaims, method: string, url: string): void {
  const roles = user.employeeRoles;
  // A token from before the claim existed: sign in again through a new link.
  if (!roles) throw unauthenticated('This super-user session is out of date. Open the account with a new link.');
  if (!ENTERING_ROLES.some((r) => staffHolds(roles, r))) {
    throw forbidden('Your staff role does not enter customer accounts.');
  }
  const rule = SUPER_USER_RULES[`${method} ${url}`];
  if (!rule) return;
  if ('deny' in rule) throw superUserRefusal(rule.deny);
  if (!rule.roles.some((r) => staffHolds(roles, r))) {
    const owners = rule.roles.map((r) => ROLE_NAMES[r]).join(' or ');
    throw forbidden(
      `Your staff role does not allow this: only ${owners} staff ${rule.what}, here as in the back office.`,
    );
  }
}

/**
 * The audit row of a write through a super-user session, written before the write runs: the staff member as
 * employee, the user the session acts as, the account, and the route (never the body: it may hold a card number).
 */
export function superUserAudit(user: SessionClaims, request: FastifyRequest, at: Date): AuditEntry | null {
  if (user.UNITYSUPERUSER !== 1 || isRead(request.method)) return null;
  return {
    at: at.toISOString(),
    userId: user.nUserID,
    employeeId: user.nEmployeeID,
    action: 'super-user.write',
    subject: user.vcCustomerID,
    detail: {
      method: request.method,
      route: request.routeOptions.url ?? null,
      params: (request.params as Record<string, unknown> | undefined) ?? {},
    },
  };
}
