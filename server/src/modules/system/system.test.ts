import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { registerAuth } from '../../plugins/auth.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_PHONE: '(573)555-0199' });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the database reachable', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', version: '2.7.25' });
  });

  it('reports the free space of DATA_DIR, and low storage as storage.ok false while staying 200', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.json().storage.freeBytes).toBeGreaterThan(0);
    expect(res.json().storage.ok).toBe(res.json().storage.freeBytes >= t.ctx.config.storage.minFreeBytes);
    const configured = t.ctx.config.storage.minFreeBytes;
    t.ctx.config.storage.minFreeBytes = Number.MAX_SAFE_INTEGER;
    try {
      const low = await t.request({ method: 'GET', url: '/api/health' });
      expect(low.statusCode).toBe(200);
      expect(low.json()).toMatchObject({ status: 'ok', storage: { ok: false } });
      expect(low.json().storage.freeBytes).toBeGreaterThan(0);
    } finally {
      t.ctx.config.storage.minFreeBytes = configured;
    }
  });

  it('sends security headers and a Content Security Policy', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('GET /api/config', () => {
  it('gives the shell its provider details from configuration', async () => {
    const res = await t.request({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ supportPhone: '(573)555-0199', version: '2.7.25', copyrightYear: 2025 });
    expect(res.json().providerLinks.length).toBeGreaterThan(0);
    expect(res.json().localThemeUserIds).toEqual([]);
  });

  it('names the users who keep their theme in the browser (LOCAL_THEME_USER_IDS, SPEC §6)', () => {
    const config = loadConfig({ DATA_DIR: t.dataDir, LOCAL_THEME_USER_IDS: ' 3, 40,3 ' });
    expect(config.localThemeUserIds).toEqual([3, 40]);
    expect(() => loadConfig({ DATA_DIR: t.dataDir, LOCAL_THEME_USER_IDS: 'dana' })).toThrow(
      /LOCAL_THEME_USER_IDS must be user ids separated by commas/,
    );
  });
});

describe('API conventions', () => {
  it('answers an unknown API route with the JSON error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route GET /api/nothing-here.' } });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/settings']));
  });

  it('refuses to start with a route that does not declare who may call it', async () => {
    const app = Fastify();
    await registerAuth(app, { secret: 'x'.repeat(32), ttlSeconds: 60, sessionProblem: async () => null });
    expect(() => app.get('/api/undeclared', async () => 'open')).toThrow(/does not declare config.access/);
    await app.close();
  });
});
