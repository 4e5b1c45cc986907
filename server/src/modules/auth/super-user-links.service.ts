/**
 * Super-user links: staff enter a customer's portal as its administrator. hash = HMAC-SHA256(key derived from the
 * server secret, customer id | employee id | issue time in ms); each link is recorded when issued, lives
 * SUPER_LINK_WINDOW_SECONDS, and is claimed once. Issue and use are audited.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCustomerAccount, parseStaffRoles, type SuperLinkResponse } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { HttpError, notFound, unauthenticated } from '../../lib/errors.js';
import { isoAfterSeconds } from '../../lib/time.js';
import * as repo from './auth.repository.js';
import { derivedKey } from './auth-secrets.js';
import { type SessionMeta, startSession } from './sessions.service.js';
import { claimsOf } from './sign-in.service.js';

function superLinkHash(ctx: AppContext, customerId: string, employeeId: number, issuedAtMs: number): string {
  const key = derivedKey(ctx, 'super-user-links');
  return createHmac('sha256', key).update(`${customerId}|${employeeId}|${issuedAtMs}`).digest('hex');
}

export async function issueSuperLink(
  ctx: AppContext,
  employeeId: number,
  staffUserId: number,
  customerId: string,
): Promise<SuperLinkResponse> {
  const customer = await repo.findCustomer(ctx.db, customerId);
  if (!customer || !isCustomerAccount(customer.customer_type)) throw notFound('No customer account has that number.');
  // Two links issued in the same millisecond (a double click) still get distinct issue times, so distinct hashes.
  let now = ctx.now();
  let hash = superLinkHash(ctx, customer.id, employeeId, now.getTime());
  while (!(await repo.insertSuperLink(ctx.db, { hash, customerId: customer.id, employeeId, now: now.toISOString() }))) {
    now = new Date(now.getTime() + 1);
    hash = superLinkHash(ctx, customer.id, employeeId, now.getTime());
  }
  await audit(ctx.db, {
    at: now.toISOString(),
    userId: staffUserId,
    employeeId,
    action: 'super-link-issued',
    subject: customer.id,
  });
  return {
    path: `/login/superUser/${customer.id}/${hash}/${employeeId}`,
    vcCustomerID: customer.id,
    vcCustomerName: customer.name,
    expiresAt: isoAfterSeconds(ctx.config.superLinkWindowSeconds, now),
  };
}

const LINK_INVALID = 'This super-user link is not valid, has expired or was already used.';

export async function superLogin(
  ctx: AppContext,
  input: { vcCustomerID: string; hash: string; nEmployeeID: number },
  meta: SessionMeta,
) {
  const now = ctx.now();
  const link = await repo.findSuperLink(ctx.db, input.hash);
  const issuedAtMs = link ? Date.parse(link.issued_at) : 0;
  const genuine =
    link !== undefined &&
    link.customer_id === input.vcCustomerID &&
    link.employee_id === input.nEmployeeID &&
    timingSafeEqual(
      Buffer.from(superLinkHash(ctx, input.vcCustomerID, input.nEmployeeID, issuedAtMs)),
      Buffer.from(input.hash),
    );
  if (!genuine || now.getTime() - issuedAtMs > ctx.config.superLinkWindowSeconds * 1000) {
    throw unauthenticated(LINK_INVALID);
  }
  const staff = await repo.findStaffByEmployeeId(ctx.db, input.nEmployeeID);
  if (!staff) throw unauthenticated(LINK_INVALID);
  const actor = await repo.findAccountActor(ctx.db, input.vcCustomerID);
  if (!actor) throw new HttpError(409, 'conflict', 'This account has no online users to act as.');
  const at = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claimSuperLink(trx, input.hash, input.vcCustomerID, input.nEmployeeID, at))) {
      throw unauthenticated(LINK_INVALID);
    }
    await audit(trx, {
      at,
      userId: staff.id,
      employeeId: input.nEmployeeID,
      action: 'super-login',
      subject: input.vcCustomerID,
    });
    return startSession(
      ctx,
      claimsOf(actor, {
        UNITYSUPERUSER: 1,
        nEmployeeID: input.nEmployeeID,
        nStaff: 0,
        staffRoles: [],
        // The session does no more than the staff member's own roles allow (plugins/super-user.ts).
        employeeRoles: parseStaffRoles(staff.staff_roles),
        nInstaller: 0,
        nContractor: 0,
      }),
      { ...meta, staffUserId: staff.id },
      trx,
    );
  });
}
