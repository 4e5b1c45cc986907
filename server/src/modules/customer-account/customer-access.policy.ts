/**
 * Who may do what in the customer portal. Every customer route starts with `customerActor(ctx, req)`: it loads the
 * session's user, account and permission categories once per request (cached on the request, so a route that checks
 * several things still makes two small queries), and refuses sessions of disabled users or non-customer accounts.
 * Then `assertPermission(actor, category)` checks a SPEC §6 category and `assertOwned` an object's account.
 * A super user (UNITYSUPERUSER 1) acts as the account's admin: every category, every write audited with the
 * staff member's employee id, but no new users, passwords or email addresses (plugins/super-user.ts).
 */
import {
  ALL_PERMISSIONS,
  type CustomerType,
  isCustomerAccount,
  PERMISSION_CATEGORIES,
  type PermissionCategory,
  type SessionClaims,
} from '@strand/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { audit } from '../../lib/audit.js';
import { forbidden, notFound, unauthenticated } from '../../lib/errors.js';
import { hasRole, sessionOf } from '../../plugins/auth.js';
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

const actors = new WeakMap<FastifyRequest, Promise<CustomerActor>>();

/** The customer behind the request, loaded once per request. */
export function customerActor(ctx: AppContext, request: FastifyRequest): Promise<CustomerActor> {
  let actor = actors.get(request);
  if (!actor) {
    actor = loadActor(ctx.db, sessionOf(request));
    actors.set(request, actor);
  }
  return actor;
}

/** The actor, after checking one permission category: the usual first line of a customer route. */
export async function actorWith(
  ctx: AppContext,
  request: FastifyRequest,
  category: PermissionCategory,
): Promise<CustomerActor> {
  const actor = await customerActor(ctx, request);
  assertPermission(actor, category);
  return actor;
}

export async function loadActor(db: Kysely<Database>, session: SessionClaims): Promise<CustomerActor> {
  if (!hasRole(session, 'customer')) throw forbidden('This is for customer accounts.');
  const row = await db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.is_admin',
      'u.disabled',
      'c.id as customer_id',
      'c.name as customer_name',
      'c.customer_type',
      'c.status',
    ])
    .where('u.id', '=', session.nUserID)
    .where('u.customer_id', '=', session.vcCustomerID)
    .executeTakeFirst();
  // A user disabled after signing in is signed out at the next request.
  if (!row || row.disabled === 1) {
    throw unauthenticated('Your user is no longer active. Ask your account administrator.');
  }
  if (!isCustomerAccount(row.customer_type)) throw forbidden('This is for customer accounts.');
  const isSuperUser = session.UNITYSUPERUSER === 1;
  const isAdmin = row.is_admin === 1 || isSuperUser;
  const permissions = isAdmin
    ? ALL_PERMISSIONS
    : (await db.selectFrom('user_permissions').select('category').where('user_id', '=', row.id).execute()).map(
        (p) => p.category as PermissionCategory,
      );
  return {
    userId: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    customerType: row.customer_type as CustomerType,
    customerStatus: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin,
    isSuperUser,
    employeeId: isSuperUser ? session.nEmployeeID : null,
    permissions: new Set(permissions),
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

/**
 * Records a customer write through the one audit writer (lib/audit.ts): action `customer.<what>`, subject
 * `<customer id>:<object id>`, the staff member of a super-user session as employee. Pass the write's transaction.
 */
export function auditCustomerWrite(
  db: Kysely<Database> | Transaction<Database>,
  actor: CustomerActor,
  at: string,
  action: string,
  subject: string | number,
  detail?: Record<string, unknown>,
) {
  return audit(db, {
    at,
    userId: actor.userId,
    employeeId: actor.employeeId,
    action: `customer.${action}`,
    subject: `${actor.customerId}:${subject}`,
    detail: detail ? { ...detail, superUser: actor.isSuperUser } : null,
  });
}
