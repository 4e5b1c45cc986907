/** Sign-in, registration, account recovery, super-user links and the session log. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  CLIENT_VERSION,
  type CustomerType,
  isCustomerAccount,
  parseStaffRoles,
  type RegisterRequest,
  SESSION_LOG_INTERVAL_MS,
  type SessionClaims,
  type SuperLinkResponse,
} from '@strand/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, notFound, tooManyRequests, unauthenticated } from '../../lib/errors.js';
import { assertPasswordAllowed, burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isoAfterSeconds, isoBeforeSeconds } from '../../lib/time.js';
import * as repo from './auth.repository.js';
import { revokeSession, revokeUserSessions, type SessionMeta, startSession } from './sessions.service.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const WRONG_CREDENTIALS = 'The username or password is incorrect.';
export const RECOVERY_SENT =
  'If an account matches, we have sent a password reset link to its email address. The link works once.';

export function claimsOf(
  user: repo.UserWithAccount,
  overrides: Partial<SessionClaims> = {},
): Omit<SessionClaims, 'exp' | 'sid'> {
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
    staffRoles: user.is_staff === 1 ? parseStaffRoles(user.staff_roles) : [],
    ...overrides,
  };
}

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

const waitText = (seconds: number) =>
  seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : minutes(seconds);

// ---- attempt limits: progressive delays, never a hard lock -----------------------------------------------------
// Failed attempts are counted in the database (login_failures) per key: a user name, an address, a trusted device
// or an account being registered. Up to its limit a key may try freely; beyond it every further attempt has to wait
// 2^(failures beyond the limit) seconds after the latest failure, capped at LOGIN_MAX_DELAY_SECONDS. So guessing is
// slowed to a crawl, but nobody is locked out for a whole window: a right password after the wait is accepted.

export interface AttemptKey {
  column: 'username_key' | 'ip';
  value: string;
  limit: number;
}

/** Refuses an attempt (429 with Retry-After) while one of the keys must still wait. */
export async function assertMayAttempt(ctx: AppContext, keys: AttemptKey[], what: string) {
  const { windowSeconds, maxDelaySeconds } = ctx.config.loginLimits;
  const now = ctx.now();
  const since = isoBeforeSeconds(windowSeconds, now);
  for (const { column, value, limit } of keys) {
    const { count, latest } = await repo.failuresSince(ctx.db, column, value, since);
    if (count < limit || !latest) continue;
    const delay = Math.min(maxDelaySeconds, 2 ** Math.min(count - limit, 20));
    const wait = Math.ceil((Date.parse(latest) + delay * 1000 - now.getTime()) / 1000);
    if (wait > 0) throw tooManyRequests(`Too many failed ${what} attempts. Try again in ${waitText(wait)}.`, wait);
  }
}

/** Counts a failed attempt under a key (also the applicants' sign-in, under its own name space). */
export function recordFailedAttempt(ctx: AppContext, key: string, ip: string) {
  return repo.recordFailure(ctx.db, key, ip, ctx.now().toISOString());
}

/** Forgets a key's failed attempts after a success. */
export function clearFailedAttempts(ctx: AppContext, key: string) {
  return repo.clearFailures(ctx.db, key);
}

// ---- trusted devices -------------------------------------------------------------------------------------------
// A browser that signed in as a user gets a device token (HMAC of user id and a random device id). Sign-ins that
// carry it are limited by that device's own failures only, so an attacker who knows a user name (or shares the
// user's address) can slow down strangers' attempts but not the user's own devices.

function deviceKey(ctx: AppContext): Buffer {
  return createHmac('sha256', ctx.config.jwtSecret).update('trusted-devices').digest();
}

function signDevice(ctx: AppContext, userId: number, deviceId: string): string {
  const mac = createHmac('sha256', deviceKey(ctx)).update(`${userId}.${deviceId}`).digest('base64url');
  return `${userId}.${deviceId}.${mac}`;
}

/** The device id of a genuine device token of this user, else null. */
export function trustedDeviceOf(ctx: AppContext, token: string | undefined, userId: number): string | null {
  const [user, deviceId, mac] = (token ?? '').split('.');
  if (!user || !deviceId || !mac || Number(user) !== userId) return null;
  const expected = Buffer.from(signDevice(ctx, userId, deviceId));
  const given = Buffer.from(token ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

export interface LoginInput {
  username: string;
  password: string;
  deviceToken?: string | undefined;
  ip: string;
  userAgent?: string | null;
}

export async function login(ctx: AppContext, input: LoginInput) {
  const usernameKey = input.username.trim().toLowerCase();
  const { perUser, perIp, perDevice } = ctx.config.loginLimits;
  const user = await repo.findUserByUsername(ctx.db, usernameKey);
  const deviceId = user ? trustedDeviceOf(ctx, input.deviceToken, user.id) : null;
  const keys: AttemptKey[] = deviceId
    ? [{ column: 'username_key', value: `device|${deviceId}`, limit: perDevice }]
    : [
        { column: 'username_key', value: usernameKey, limit: perUser },
        { column: 'ip', value: input.ip, limit: perIp },
      ];
  await assertMayAttempt(ctx, keys, 'sign-in');
  const ok = user && user.disabled === 0 ? await verifyPassword(user.password_hash, input.password) : false;
  if (!user || !ok) {
    if (!user) await burnPasswordCheck(input.password);
    const key = deviceId ? `device|${deviceId}` : usernameKey;
    await repo.recordFailure(ctx.db, key, input.ip, ctx.now().toISOString());
    throw unauthenticated(WRONG_CREDENTIALS);
  }
  await repo.clearFailures(ctx.db, deviceId ? `device|${deviceId}` : usernameKey);
  const token = await startSession(ctx, claimsOf(user), { ip: input.ip, userAgent: input.userAgent });
  return { token, deviceToken: signDevice(ctx, user.id, deviceId ?? randomBytes(12).toString('base64url')) };
}

/** Logout: the session ends on every instance. */
export function logout(ctx: AppContext, user: SessionClaims) {
  return user.sid ? revokeSession(ctx, user.sid, 'logout') : Promise.resolve();
}

// ---- registration ----------------------------------------------------------------------------------------------
// The first online user of an account must prove control of it with the account's registration code: 80 random-
// looking bits derived from the server secret, the account and a generation number, mailed to the account's e-mail
// on file (and printable on its bill). Using it moves the account to the next code. Attempts are limited per account
// and per address; the answer never says which part was wrong.

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U.

export function registrationCode(ctx: AppContext, customerId: string, generation: number): string {
  const key = createHmac('sha256', ctx.config.jwtSecret).update('registration-codes').digest();
  const mac = createHmac('sha256', key).update(`${customerId}|${generation}`).digest();
  let bits = 0n;
  for (const byte of mac.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < 16; i++) {
    code = CODE_ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** Upper-cases, drops spaces and dashes, and reads the look-alikes (O→0, I/L→1) the way Crockford base32 does. */
export function normalizeRegistrationCode(code: string): string {
  const plain = code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return plain.match(/.{1,4}/g)?.join('-') ?? plain;
}

const NO_MATCH = 'We could not match that account number and registration code.';

export async function register(
  ctx: AppContext,
  input: RegisterRequest,
  meta: { ip: string; userAgent?: string | null },
) {
  const { perAccount, perIp } = ctx.config.registrationLimits;
  const accountKey = `register|${input.vcCustomerID}`;
  await assertMayAttempt(
    ctx,
    [
      { column: 'username_key', value: accountKey, limit: perAccount },
      { column: 'ip', value: `register|${meta.ip}`, limit: perIp },
    ],
    'registration',
  );
  assertPasswordAllowed(input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now().toISOString();
  const refuse = async () => {
    await repo.recordFailure(ctx.db, accountKey, `register|${meta.ip}`, now);
    return badRequest(NO_MATCH, { vcCustomerID: NO_MATCH, registrationCode: NO_MATCH });
  };
  const customer = await repo.findCustomer(ctx.db, input.vcCustomerID);
  const generation = customer ? await repo.registrationGeneration(ctx.db, customer.id) : 0;
  const expected = Buffer.from(registrationCode(ctx, input.vcCustomerID, generation));
  const given = Buffer.from(normalizeRegistrationCode(input.registrationCode));
  const codeOk = expected.length === given.length && timingSafeEqual(expected, given);
  if (!customer || !isCustomerAccount(customer.customer_type) || !codeOk) throw await refuse();
  const { userId, token } = await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.countAccountUsers(trx, customer.id)) > 0) {
      throw conflict('This account already has online access. Ask its administrator to add you as a user.');
    }
    if (await repo.usernameTaken(trx, input.username)) {
      throw conflict('That username is taken. Please choose another.', { username: 'That username is taken.' });
    }
    if (!(await repo.useRegistrationCode(trx, customer.id, generation, now))) throw await refuse();
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
    await audit(trx, { at: now, userId: id, employeeId: null, action: 'register', subject: customer.id });
    const user = await repo.findUserById(trx, id);
    if (!user) throw notFound();
    return { userId: id, token: await startSession(ctx, claimsOf(user), meta, trx) };
  });
  await repo.clearFailures(ctx.db, accountKey);
  return { token, deviceToken: signDevice(ctx, userId, randomBytes(12).toString('base64url')) };
}

export const REGISTRATION_CODE_SENT =
  'If that account can register online, we have mailed its registration code to the email address on file.';

/** Queues the mail of an account's registration code; the answer is the same for every account number. */
export async function requestRegistrationCode(ctx: AppContext, customerId: string) {
  await repo.insertMailRequest(ctx.db, 'registration-code', customerId, ctx.now().toISOString());
  kickMailQueue(ctx);
}

async function mailRegistrationCode(ctx: AppContext, customerId: string) {
  const customer = await repo.findCustomer(ctx.db, customerId);
  if (!customer || !isCustomerAccount(customer.customer_type)) return;
  if ((await repo.countAccountUsers(ctx.db, customer.id)) > 0) return;
  const [to] = await repo.accountEmails(ctx.db, customer.id);
  if (!to) return;
  const code = registrationCode(ctx, customer.id, await repo.registrationGeneration(ctx.db, customer.id));
  await ctx.mailer.send({
    to,
    subject: `${ctx.config.shell.providerName}: your online registration code`,
    text: [
      `Hello ${customer.name},`,
      '',
      `Someone asked to set up online access for account ${customer.id}.`,
      'To register, open the portal, choose "Register", and enter your account number with this code:',
      '',
      `    ${code}`,
      '',
      `${ctx.config.publicUrl}/register`,
      '',
      'The code works once. If you did not ask for it, you can ignore this message.',
    ].join('\n'),
  });
}

// ---- account recovery ------------------------------------------------------------------------------------------
// The request is only queued: the answer is written before anything is looked up, so it takes the same time whether
// or not a user matches. The queue is worked after the answer (and by the periodic runner, for requests an instance
// left behind when it stopped); each request is claimed once, so two instances never mail it twice.

export async function requestRecovery(ctx: AppContext, identifier: string): Promise<void> {
  await repo.insertMailRequest(ctx.db, 'password-reset', identifier.trim(), ctx.now().toISOString());
  kickMailQueue(ctx);
}

/** However many addresses ask, one user gets at most this many reset mails an hour. */
export const RECOVERY_MAILS_PER_USER_PER_HOUR = 5;

async function mailRecovery(ctx: AppContext, identifier: string): Promise<void> {
  const users = await repo.findUsersByUsernameOrEmail(ctx.db, identifier);
  const ttl = ctx.config.resetTokenTtlSeconds;
  const hourAgo = isoBeforeSeconds(3600, ctx.now());
  for (const user of users) {
    if ((await repo.resetsSince(ctx.db, user.id, hourAgo)) >= RECOVERY_MAILS_PER_USER_PER_HOUR) {
      ctx.log.warn({ userId: user.id }, 'recovery mail skipped: too many this hour for this user');
      continue;
    }
    const token = randomBytes(32).toString('base64url');
    const now = ctx.now().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      // A newer link retires the older ones.
      await repo.usePasswordResets(trx, user.id, now);
      await repo.insertPasswordReset(trx, user.id, sha256(token), now, isoAfterSeconds(ttl, ctx.now()));
    });
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

const running = new WeakMap<AppContext, Promise<number>>();

/** Mails what the queue holds (at most `limit` requests); resolves with how many this call handled. */
export function processMailQueue(ctx: AppContext, limit = 50): Promise<number> {
  const previous = running.get(ctx) ?? Promise.resolve(0);
  const next = previous.then(async () => {
    let handled = 0;
    for (const request of await repo.openMailRequests(ctx.db, limit)) {
      if (!(await repo.claimMailRequest(ctx.db, request.id, ctx.now().toISOString()))) continue;
      try {
        if (request.kind === 'password-reset') await mailRecovery(ctx, request.identifier);
        else if (request.kind === 'registration-code') await mailRegistrationCode(ctx, request.identifier);
        handled += 1;
      } catch (err) {
        ctx.log.error({ err, mailRequest: request.id }, 'a queued mail could not be sent');
      }
    }
    return handled;
  });
  running.set(
    ctx,
    next.catch(() => 0),
  );
  return next;
}

/** Works the queue soon, after the current answer has gone out. */
function kickMailQueue(ctx: AppContext) {
  setImmediate(() => {
    processMailQueue(ctx).catch((err) => ctx.log.error({ err }, 'the mail queue failed'));
  });
}

const RESET_INVALID = 'This reset link is not valid or has expired. Please ask for a new one.';

export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const reset = await repo.findPasswordReset(ctx.db, sha256(token));
  const now = ctx.now().toISOString();
  if (!reset || reset.used_at !== null || reset.expires_at <= now) {
    throw badRequest(RESET_INVALID, { token: RESET_INVALID });
  }
  const user = await repo.findUserById(ctx.db, reset.user_id);
  if (!user) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
  assertPasswordAllowed(password, user.username);
  const hash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findPasswordReset(trx, sha256(token));
    if (!current || current.used_at !== null) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
    await repo.updatePasswordHash(trx, reset.user_id, hash, now);
    await repo.usePasswordResets(trx, reset.user_id, now);
    await repo.clearFailuresForUser(trx, reset.user_id);
    // Whoever held the old password holds no session any more.
    await revokeUserSessions(ctx, reset.user_id, 'password-reset', trx);
    await audit(trx, { at: now, userId: reset.user_id, employeeId: null, action: 'password-reset' });
  });
}

// ---- e-mail changes --------------------------------------------------------------------------------------------
// A user's e-mail (where recovery links go) changes only when the new address confirms it; the old address is told.

const EMAIL_CHANGE_TTL_SECONDS = 24 * 3600;
const EMAIL_LINK_INVALID = 'This confirmation link is not valid or has expired. Please ask for the change again.';

/**
 * Records an e-mail change (in the caller's transaction) and returns the mailing to do once it has committed: a
 * confirmation link to the new address and a notice to the old one. The e-mail stays as it is until confirmed.
 */
export async function requestEmailChange(
  ctx: AppContext,
  db: Kysely<Database> | Transaction<Database>,
  change: { userId: number; username: string; firstName: string; oldEmail: string; newEmail: string; by: number },
): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await repo.insertEmailChange(db, {
    userId: change.userId,
    newEmail: change.newEmail.toLowerCase(),
    tokenHash: sha256(token),
    requestedBy: change.by,
    now: now.toISOString(),
    expiresAt: isoAfterSeconds(EMAIL_CHANGE_TTL_SECONDS, now),
  });
  const provider = ctx.config.shell.providerName;
  return async () => {
    await ctx.mailer.send({
      to: change.newEmail,
      subject: `${provider}: confirm your new email address`,
      text: [
        `Hello ${change.firstName},`,
        '',
        `This address was given as the new email of the portal user "${change.username}".`,
        'To confirm it, open this link within 24 hours. Until then, the old address stays in use:',
        '',
        `${ctx.config.publicUrl}/confirmEmail?token=${token}`,
        '',
        'If you do not know this account, ignore this message and nothing will change.',
      ].join('\n'),
    });
    await ctx.mailer.send({
      to: change.oldEmail,
      subject: `${provider}: a change of your email address was asked for`,
      text: [
        `Hello ${change.firstName},`,
        '',
        `Someone asked to change the email of the portal user "${change.username}" to ${maskEmail(change.newEmail)}.`,
        'The change happens only if the new address confirms it.',
        '',
        `If this was not you or a co-worker you trust, call us at ${ctx.config.shell.supportPhone}.`,
      ].join('\n'),
    });
  };
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}

export function pendingEmails(ctx: AppContext, userIds: number[]): Promise<Map<number, string>> {
  return repo
    .pendingEmailChanges(ctx.db, userIds, ctx.now().toISOString())
    .then((rows) => new Map(rows.map((r) => [r.user_id, r.new_email])));
}

export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.now().toISOString();
  const change = await repo.findEmailChange(ctx.db, sha256(token));
  if (!change || change.used_at !== null || change.expires_at <= now) {
    throw badRequest(EMAIL_LINK_INVALID, { token: EMAIL_LINK_INVALID });
  }
  const user = await repo.findUserById(ctx.db, change.user_id);
  if (!user) throw badRequest(EMAIL_LINK_INVALID, { token: EMAIL_LINK_INVALID });
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.useEmailChange(trx, change.id, now))) {
      throw badRequest(EMAIL_LINK_INVALID, { token: EMAIL_LINK_INVALID });
    }
    await repo.updateEmail(trx, change.user_id, change.new_email, now);
    // Reset links sent to the old address stop working.
    await repo.usePasswordResets(trx, change.user_id, now);
    await audit(trx, {
      at: now,
      userId: change.user_id,
      employeeId: null,
      action: 'email-changed',
      detail: { from: user.email, to: change.new_email },
    });
  });
  await ctx.mailer.send({
    to: user.email,
    subject: `${ctx.config.shell.providerName}: your email address was changed`,
    text: [
      `Hello ${user.first_name},`,
      '',
      `The email of the portal user "${user.username}" is now ${maskEmail(change.new_email)}.`,
      `If this was not you or a co-worker you trust, call us at ${ctx.config.shell.supportPhone}.`,
    ].join('\n'),
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

// ---- housekeeping ----------------------------------------------------------------------------------------------

/**
 * Deletes what would otherwise grow forever: failed attempts, reset links, e-mail changes and queued mail requests
 * older than RETENTION_DAYS. Failed attempts are kept at least as long as the window the limits count them in.
 */
export function pruneAuthRecords(ctx: AppContext) {
  const now = ctx.now();
  const keepSeconds = ctx.config.retentionDays * 86_400;
  return repo.deleteOldRecords(ctx.db, {
    loginFailures: isoBeforeSeconds(Math.max(keepSeconds, ctx.config.loginLimits.windowSeconds), now),
    others: isoBeforeSeconds(keepSeconds, now),
  });
}
