/** Helpers of the customer-portal API tests: sessions per demo user, super-user sessions, JSON calls. */
import type { LightMyRequestResponse } from 'fastify';
import { claimsOf, type TestApp } from '../../test/harness.js';

export const RESIDENTIAL = '1000-2000-0001';
export const CONSUMER = '1000-2000-0002';
export const BUSINESS = '1000-3000-0001';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Caller {
  token: string;
  call(
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

const tokens = new WeakMap<TestApp, Map<string, Promise<string>>>();

/** A signed-in demo user (tokens are reused within a test file). */
export async function as(t: TestApp, username: string): Promise<Caller> {
  let cache = tokens.get(t);
  if (!cache) {
    cache = new Map();
    tokens.set(t, cache);
  }
  let token = cache.get(username);
  // A session a test ended (logout, a permission taken away) is replaced by a new sign-in.
  if (token && !(await sessionOpen(t, await token))) token = undefined;
  if (!token) {
    token = t.login(username);
    cache.set(username, token);
  }
  return callerWith(t, await token);
}

async function sessionOpen(t: TestApp, token: string): Promise<boolean> {
  const sid = String(claimsOf(token).sid);
  const row = await t.db.db.selectFrom('sessions').select('revoked_at').where('id', '=', sid).executeTakeFirst();
  return row !== undefined && row.revoked_at === null;
}

export function callerWith(t: TestApp, token: string): Caller {
  return {
    token,
    call: (method, url, payload, headers) =>
      t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }), headers }),
  };
}

/**
 * A super-user session of `customerId`, opened through a one-time link by a staff demo user: `staff` (the admin,
 * employee 7) unless another is named (`sales`, employee 11; `billing-staff`, employee 13).
 */
export async function superUser(t: TestApp, customerId: string, staffUsername = 'staff'): Promise<Caller> {
  const staff = await t.login(staffUsername);
  const issued = await t.request({
    method: 'POST',
    url: '/api/staff/super-links',
    token: staff,
    payload: { vcCustomerID: customerId },
  });
  const [, , , vcCustomerID, hash, nEmployeeID] = issued.json<{ path: string }>().path.split('/');
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/super-login',
    payload: { vcCustomerID, hash, nEmployeeID },
  });
  if (res.statusCode !== 200) throw new Error(`super login failed: ${res.body}`);
  return callerWith(t, res.json<{ token: string }>().token);
}

let keyCounter = 0;
/** A fresh Idempotency-Key. */
export function newKey(label = 'key'): string {
  keyCounter += 1;
  return `${label}-${Date.now().toString(36)}-${keyCounter.toString().padStart(4, '0')}`;
}
