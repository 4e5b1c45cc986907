/**
 * `Cache-Control: no-store` on every /api answer with personal data (plugins/security.ts): data, errors and the
 * sign-in tokens, over a sample of routes; a route that sets its own header (file downloads) keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';

let t: TestApp;
let customer: string;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.login('residential');
  installer = await t.login('installer');
});
afterAll(() => t.close());

describe('Cache-Control on API answers', () => {
  it('is no-store on the sign-in tokens (session and applicant) and on a failed sign-in', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'consumer', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const applicant = await t.request({
      method: 'POST',
      url: '/api/applicant/login',
      payload: { username: 'applicant', code: DEMO_PASSWORD },
    });
    expect(applicant.statusCode).toBe(200);
    expect(applicant.headers['cache-control']).toBe('no-store');
    const failed = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'consumer', password: 'wrong-password' },
    });
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on personal data and on every kind of error', async () => {
    const cases: { url: string; token?: string; status: number; method?: 'GET' | 'PUT' }[] = [
      { url: '/api/customer/account', token: customer, status: 200 },
      { url: '/api/settings', token: customer, status: 200 },
      { url: `/api/installer/work-orders/${DEMO.workOrders.fullInstall}`, token: installer, status: 200 },
      { url: `/api/assets/by-tag/${DEMO.assets.ont}`, token: installer, status: 200 },
      { url: '/api/config', status: 200 },
      { url: '/api/customer/account', status: 401 },
      { url: '/api/customer/account', token: installer, status: 403 },
      { url: '/api/assets/by-tag/NOPE-1', token: installer, status: 404 },
      { url: '/api/no-such-route', status: 404 },
      { url: '/api/settings', token: customer, status: 400, method: 'PUT' },
    ];
    for (const c of cases) {
      const res = await t.request({
        method: c.method ?? 'GET',
        url: c.url,
        ...(c.token ? { token: c.token } : {}),
        ...(c.method === 'PUT' ? { payload: { nope: 1 } } : {}),
      });
      expect(res.statusCode, `${c.method ?? 'GET'} ${c.url}`).toBe(c.status);
      expect(res.headers['cache-control'], `${c.method ?? 'GET'} ${c.url}`).toBe('no-store');
    }
  });

  it("keeps a route's own header (a work-order PDF download is private, no-store)", async () => {
    const link = await t.request({
      method: 'GET',
      url: `/api/installer/work-orders/${DEMO.workOrders.fullInstall}/pdf-link`,
      token: installer,
    });
    expect(link.headers['cache-control']).toBe('no-store');
    const res = await t.request({ method: 'GET', url: link.json<{ path: string }>().path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
