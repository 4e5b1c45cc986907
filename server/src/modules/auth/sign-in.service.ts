/** Sign-in with a password (trusted devices, the session's claims), sign-out and the session log. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CLIENT_VERSION,
  type CustomerType,
  parseStaffRoles,
  SESSION_LOG_INTERVAL_MS,
  type SessionClaims,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { unauthenticated } from '../../lib/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import type { Viewer } from '../../plugins/auth.js';
import { notify } from '../notifications/notifications.service.js';
import {
  type AttemptKey,
  assertMayAttempt,
  clearFailedAttempts,
  recordFailedAttempt,
} from './attempt-limits.service.js';
import * as repo from './auth.repository.js';
import { derivedKey } from './auth-secrets.js';
import { hadSession } from './sessions.repository.js';
import { revokeSession, startSession } from './sessions.service.js';

export const WRONG_CREDENTIALS = 'The username or password is incorrect.';

/** The session claims (SPEC §3, the token's wire names) of a user row. */
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

// ---- trusted devices -------------------------------------------------------------------------------------------
// A browser that signed in as a user gets a device token (HMAC of user id and a random device id). Sign-ins that
// carry it are limited by that device's own failures only, so an attacker who knows a user name (or shares the
// user's address) can slow down strangers' attempts but not the user's own devices.

function signDevice(ctx: AppContext, userId: number, deviceId: string): string {
  const mac = createHmac('sha256', derivedKey(ctx, 'trusted-devices')).update(`${userId}.${deviceId}`);
  return `${userId}.${deviceId}.${mac.digest('base64url')}`;
}

/** A device token for a user's browser: the device it signed in from, or a new one. */
export function deviceTokenFor(ctx: AppContext, userId: number, deviceId?: string | null): string {
  return signDevice(ctx, userId, deviceId ?? randomBytes(12).toString('base64url'));
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
    await recordFailedAttempt(ctx, deviceId ? `device|${deviceId}` : usernameKey, input.ip);
    throw unauthenticated(WRONG_CREDENTIALS);
  }
  await clearFailedAttempts(ctx, deviceId ? `device|${deviceId}` : usernameKey);
  const newDevice = deviceId === null && (await hadSession(ctx.db, user.id));
  const token = await startSession(ctx, claimsOf(user), { ip: input.ip, userAgent: input.userAgent });
  if (newDevice) {
    await notify(ctx.db, ctx.now(), {
      type: 'security.new_device',
      key: `sign-in:${user.id}:${ctx.now().toISOString()}`,
      userIds: [user.id],
      data: { username: user.username, device: deviceName(input.userAgent) },
    });
  }
  return { token, deviceToken: deviceTokenFor(ctx, user.id, deviceId) };
}

/** A plain name of the browser and system a user agent names ("Firefox on Windows"). */
function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([mark]) => ua.includes(mark as string))?.[1] ?? 'a browser';
  const system =
    [
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Android', 'Android'],
      ['Windows', 'Windows'],
      ['Mac OS', 'Mac'],
      ['Linux', 'Linux'],
    ].find(([mark]) => ua.includes(mark as string))?.[1] ?? 'an unknown system';
  return `${browser} on ${system}`;
}

/** Logout: the session ends on every instance. */
export function logout(ctx: AppContext, viewer: Viewer) {
  return viewer.sessionId ? revokeSession(ctx, viewer.sessionId, 'logout') : Promise.resolve();
}

/** Records that a session is in use, at most once per SESSION_LOG_INTERVAL_MS per user. */
export async function logSession(
  ctx: AppContext,
  viewer: Viewer,
  request: { ip: string; userAgent: string | null; clientVersion: string | null },
) {
  const now = ctx.now();
  const last = await repo.lastSessionLog(ctx.db, viewer.userId);
  if (last && now.getTime() - Date.parse(last.logged_at) < SESSION_LOG_INTERVAL_MS) {
    return { logged: false, lastLoggedAt: last.logged_at };
  }
  const at = now.toISOString();
  await repo.insertSessionLog(ctx.db, {
    userId: viewer.userId,
    at,
    ip: request.ip,
    userAgent: request.userAgent?.slice(0, 300) ?? null,
    clientVersion: request.clientVersion?.slice(0, 20) ?? CLIENT_VERSION,
    superUserEmployeeId: viewer.superUser ? viewer.employeeId : null,
  });
  return { logged: true, lastLoggedAt: at };
}
