/** Sign-in, registration, account recovery, super-user links and the session log. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  CLIENT_VERSION,
  type CustomerType,
  isCustomerAccount,
  type RegisterRequest,
  SESSION_LOG_INTERVAL_MS,
  type SessionClaims,
  type SuperLinkResponse,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, HttpError, notFound, tooManyRequests, unauthenticated } from '../../lib/errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isoAfterSeconds, isoBeforeSeconds } from '../../lib/time.js';
import * as repo from './auth.repository.js';

export const WRONG_CREDENTIALS = 'The username or password is incorrect.';
export const RECOVERY_SENT =
  'If an account matches, we have sent a password reset link to its email address. The link works once.';

export function claimsOf(
  user: repo.UserWithAccount,
  overrides: Partial<SessionClaims> = {},
): Omit<SessionClaims, 'exp'> {
  return {
    nUserID: user.id,
    vcCustomerID: user.customer_id,
    vcCustomerType: user.customer_type as CustomerType,
    vcCustomerName: user.customer_name,
    vcFirstName: user.first_name,
    vcLastName: user.last_name,
    nContractor: user.contractor_id,
    nInstaller: user.installer === 1 ? 1 : 0,
    UNITYSUPERUSER: 0,
    nNOCLocationID: user.noc_location_id,
    nActiveServiceLocation: user.active_service_location_id,
    nActiveMailingLocation: user.active_mailing_location_id,
    nEmployeeID: user.employee_id,
    nStaff: user.is_staff === 1 ? 1 : 0,
    ...overrides,
  };
}

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

/** Refuses a sign-in while the user name or the address has too many recent failures. */
export async function assertNotLimited(ctx: AppContext, usernameKey: string, ip: string) {
  const { perUser, perIp, windowSeconds } = ctx.config.loginLimits;
  const now = ctx.now();
  const since = isoBeforeSeconds(windowSeconds, now);
  for (const [column, value, limit] of [
    ['username_key', usernameKey, perUser],
    ['ip', ip, perIp],
  ] as const) {
    const { count, oldest } = await repo.failuresSince(ctx.db, column, value, since);
    if (count >= limit && oldest) {
      const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest) + windowSeconds * 1000 - now.getTime()) / 1000));
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${minutes(retryAfter)}.`, retryAfter);
    }
  }
}

export async function login(ctx: AppContext, input: { username: string; password: string; ip: string }) {
  const usernameKey = input.username.trim().toLowerCase();
  await assertNotLimited(ctx, usernameKey, input.ip);
  const user = await repo.findUserByUsername(ctx.db, usernameKey);
  const ok = user && user.disabled === 0 ? await verifyPassword(user.password_hash, input.password) : false;
  if (!user || !ok) {
    if (!user) await burnPasswordCheck(input.password);
    await repo.recordFailure(ctx.db, usernameKey, input.ip, ctx.now().toISOString());
    throw unauthenticated(WRONG_CREDENTIALS);
  }
  await repo.clearFailures(ctx.db, usernameKey);
  return ctx.issueToken(claimsOf(user));
}

const NO_MATCH = 'We could not match that account number and ZIP code.';

export async function register(ctx: AppContext, input: RegisterRequest) {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now().toISOString();
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const customer = await repo.findCustomer(trx, input.vcCustomerID);
    if (
      !customer ||
      !isCustomerAccount(customer.customer_type) ||
      !(await repo.accountHasZip(trx, customer.id, input.zip))
    ) {
      throw badRequest(NO_MATCH, { vcCustomerID: NO_MATCH, zip: NO_MATCH });
    }
    if ((await repo.countAccountUsers(trx, customer.id)) > 0) {
      throw conflict('This account already has online access. Ask its administrator to add you as a user.');
    }
    if (await repo.usernameTaken(trx, input.username)) {
      throw conflict('That username is taken. Please choose another.', { username: 'That username is taken.' });
    }
    const [service, mailing] = await repo.firstLocations(trx, customer.id);
    const id = await repo.insertUser(trx, {
      username: input.username,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      customerId: customer.id,
      isAdmin: true,
      activeServiceLocationId: service?.id ?? null,
      activeMailingLocationId: mailing?.id ?? null,
      now,
    });
    await repo.grantPermissions(trx, id, ALL_PERMISSIONS);
    await repo.audit(trx, { at: now, userId: id, employeeId: null, action: 'register', subject: customer.id });
    return id;
  });
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw notFound();
  return ctx.issueToken(claimsOf(user));
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function requestRecovery(ctx: AppContext, identifier: string): Promise<void> {
  const users = await repo.findUsersByUsernameOrEmail(ctx.db, identifier.trim());
  const ttl = ctx.config.resetTokenTtlSeconds;
  for (const user of users) {
    const token = randomBytes(32).toString('base64url');
    const now = ctx.now();
    await repo.insertPasswordReset(ctx.db, user.id, sha256(token), now.toISOString(), isoAfterSeconds(ttl, now));
    const link = `${ctx.config.publicUrl}/accountRecovery?token=${token}`;
    await ctx.mailer.send({
      to: user.email,
      subject: `${ctx.config.shell.providerName}: reset your password`,
      text: [
        `Hello ${user.first_name},`,
        '',
        `Someone asked to reset the password of the portal user "${user.username}".`,
        `To choose a new password, open this link within ${minutes(ttl)}. It works once:`,
        '',
        link,
        '',
        'If you did not ask for this, you can ignore this message; your password has not changed.',
      ].join('\n'),
    });
  }
}

const RESET_INVALID = 'This reset link is not valid or has expired. Please ask for a new one.';

export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const hash = await hashPassword(password);
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const reset = await repo.findPasswordReset(trx, sha256(token));
    if (!reset || reset.used_at !== null || reset.expires_at <= now)
      throw badRequest(RESET_INVALID, { token: RESET_INVALID });
    await repo.updatePasswordHash(trx, reset.user_id, hash, now);
    await repo.usePasswordResets(trx, reset.user_id, now);
    await repo.clearFailuresForUser(trx, reset.user_id);
    await repo.audit(trx, { at: now, userId: reset.user_id, employeeId: null, action: 'password-reset' });
  });
}

// ---- super-user links ------------------------------------------------------------------------------------------
// hash = HMAC-SHA256(key derived from the server secret, customer id | employee id | issue time in ms). Each link
// is recorded when issued, lives SUPER_LINK_WINDOW_SECONDS, and is claimed once.

function superLinkHash(ctx: AppContext, customerId: string, employeeId: number, issuedAtMs: number): string {
  const key = createHmac('sha256', ctx.config.jwtSecret).update('super-user-links').digest();
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
  await repo.audit(ctx.db, {
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

export async function superLogin(ctx: AppContext, input: { vcCustomerID: string; hash: string; nEmployeeID: number }) {
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
    await repo.audit(trx, {
      at,
      userId: staff.id,
      employeeId: input.nEmployeeID,
      action: 'super-login',
      subject: input.vcCustomerID,
    });
    return ctx.issueToken(
      claimsOf(actor, { UNITYSUPERUSER: 1, nEmployeeID: input.nEmployeeID, nStaff: 0, nInstaller: 0, nContractor: 0 }),
    );
  });
}

// ---- session log -----------------------------------------------------------------------------------------------

export async function logSession(
  ctx: AppContext,
  user: SessionClaims,
  request: { ip: string; userAgent: string | null; clientVersion: string | null },
) {
  const now = ctx.now();
  const last = await repo.lastSessionLog(ctx.db, user.nUserID);
  if (last && now.getTime() - Date.parse(last.logged_at) < SESSION_LOG_INTERVAL_MS) {
    return { logged: false, lastLoggedAt: last.logged_at };
  }
  const at = now.toISOString();
  await repo.insertSessionLog(ctx.db, {
    userId: user.nUserID,
    at,
    ip: request.ip,
    userAgent: request.userAgent?.slice(0, 300) ?? null,
    clientVersion: request.clientVersion?.slice(0, 20) ?? CLIENT_VERSION,
    superUserEmployeeId: user.UNITYSUPERUSER === 1 ? user.nEmployeeID : null,
  });
  return { logged: true, lastLoggedAt: at };
}
