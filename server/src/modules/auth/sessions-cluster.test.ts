/**
 * Sessions across instances: a session revoked on one instance is refused on another at once, although that one had
 * cached the session as good (the test clock stands still, so without the message the cache would never expire).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CHECK_CACHE_SECONDS: '60' });
});
afterAll(() => t.close());

const until = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
};

describe.skipIf(!process.env.DATABASE_URL)('a session revoked on one instance (PostgreSQL)', () => {
  it('is refused on another instance that had cached it as good', async () => {
    const other = await secondInstance(t);
    try {
      const token = await t.login('residential');
      const read = () => other.request({ method: 'GET', url: '/api/settings', token });
      expect((await read()).statusCode).toBe(200);
      expect((await t.request({ method: 'POST', url: '/api/auth/logout', token, payload: {} })).statusCode).toBe(204);
      await until(async () => (await read()).statusCode === 401, 2_000);
      expect((await read()).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("is refused elsewhere when all of a user's sessions end (the account's administrator disables the user)", async () => {
    const other = await secondInstance(t);
    try {
      const bill = await t.login('business-billing');
      const admin = await t.login('business');
      const read = () => other.request({ method: 'GET', url: '/api/settings', token: bill });
      expect((await read()).statusCode).toBe(200);
      const id = await t.userId('business-billing');
      const disabled = await t.request({
        method: 'PUT',
        url: `/api/customer/users/${id}`,
        token: admin,
        payload: { firstName: 'William', lastName: 'Bates', email: 'bill.bates@acmedental.example', active: false },
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
      await until(async () => (await read()).statusCode === 401, 2_000);
      expect((await read()).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
