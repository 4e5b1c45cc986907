/**
 * The customer behind a request. Every customer route starts with `actorWith(ctx, req, category)` (or
 * `customerActor`): the session's user, account and permission categories are loaded once per request (two small
 * queries, cached on the request, so a route that checks several things reads them once) and judged by
 * customer-access.policy.ts. Customer writes are audited through `auditCustomerWrite`, in the write's transaction.
 */
import type { PermissionCategory } from '@strand/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { audit, type FieldChange } from '../../lib/audit.js';
import { type Viewer, viewerOf } from '../../plugins/auth.js';
import {
  actorFrom,
  assertActiveCustomerUser,
  assertCustomerSession,
  assertPermission,
  type CustomerActor,
  holdsEveryCategory,
} from './customer-access.policy.js';
import * as repo from './customer-access.repository.js';

const actors = new WeakMap<FastifyRequest, Promise<CustomerActor>>();

/** The customer behind the request, loaded once per request. */
export function customerActor(ctx: AppContext, request: FastifyRequest): Promise<CustomerActor> {
  let actor = actors.get(request);
  if (!actor) {
    actor = loadActor(ctx.db, viewerOf(request));
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

/** The actor of a session (also for tests that call services directly). */
export async function loadActor(db: Kysely<Database>, viewer: Viewer): Promise<CustomerActor> {
  assertCustomerSession(viewer);
  const row = await repo.findSessionUser(db, viewer.userId, viewer.customerId);
  assertActiveCustomerUser(row);
  const granted = holdsEveryCategory(viewer, row) ? [] : await repo.permissionCategories(db, row.id);
  return actorFrom(viewer, row, granted);
}

/**
 * Records a customer write through the one audit writer (lib/audit.ts): action `customer.<what>`, subject
 * `<customer id>:<object id>`, the staff member of a super-user session as employee, and the changed fields' before
 * → after (`changesBetween`) when the write changes values the timelines show. Pass the write's transaction.
 */
export function auditCustomerWrite(
  db: Kysely<Database> | Transaction<Database>,
  actor: CustomerActor,
  at: string,
  action: string,
  subject: string | number,
  detail?: Record<string, unknown>,
  changes?: FieldChange[],
) {
  return audit(db, {
    at,
    userId: actor.userId,
    employeeId: actor.employeeId,
    action: `customer.${action}`,
    subject: `${actor.customerId}:${subject}`,
    customerId: actor.customerId,
    superUser: actor.isSuperUser,
    detail: detail ? { ...detail, superUser: actor.isSuperUser } : null,
    ...(changes ? { changes } : {}),
  });
}
