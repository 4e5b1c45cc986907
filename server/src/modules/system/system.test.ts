import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/connect.js';
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

  it("sends an API's security headers, not a page's", async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['cache-control']).toBe('no-store');
    // The page policy's directives and legacy headers are not an API's.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-xss-protection']).toBeUndefined();
  });

  it('gives every other answer (the app, a missing page) the page policy', async () => {
    const res = await t.request({ method: 'GET', url: '/no-such-file.js' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('GET /api/health/live and /api/health/ready (the load balancer probes)', () => {
  it('ready: 503 migrations_pending while a migration this build knows is not applied, then 200', async () => {
    const last = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration
      where name = '0022-cluster-state'`.execute(t.db.db);
    const row = last.rows[0];
    expect(row).toBeDefined();
    await sql`delete from kysely_migration where name = '0022-cluster-state'`.execute(t.db.db);
    const pending = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toMatchObject({
      status: 'not_ready',
      reason: 'migrations_pending',
      pendingMigrations: ['0022-cluster-state'],
    });
    await sql`insert into kysely_migration (name, timestamp) values (${row?.name}, ${row?.timestamp})`.execute(t.db.db);
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      reason: null,
      pendingMigrations: [],
      instance: t.ctx.lifecycle.instanceId,
    });
  });

  it('ready: 503 draining as soon as the instance drains (SIGTERM), while live stays 200', async () => {
    t.ctx.lifecycle.draining = true;
    try {
      const draining = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'not_ready', reason: 'draining' });
      const live = await t.request({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'live' });
    } finally {
      t.ctx.lifecycle.draining = false;
    }
    expect((await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('ready: 503 database_unreachable when the database does not answer', async () => {
    const real = t.ctx.db;
    const broken = openDatabase(t.ctx.config.database);
    await sql`select 1`.execute(broken.db);
    await broken.close();
    t.ctx.db = broken.db;
    try {
      const res = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', reason: 'database_unreachable' });
    } finally {
      t.ctx.db = real;
    }
  });

  it('both are public: a signed-in user gets the same answers', async () => {
    const token = await t.login('residential');
    expect((await t.request({ method: 'GET', url: '/api/health/live', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/health/ready', token })).statusCode).toBe(200);
  });
});

describe('settings several instances must share', () => {
  it('refuses to start on PostgreSQL without JWT_SECRET, naming the setting', () => {
    const env = { DATA_DIR: t.dataDir, DATABASE_URL: 'postgres://strand@db.internal:5432/strand' };
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET: required when DATABASE_URL is set/);
    const config = loadConfig({ ...env, JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' });
    expect(config.jwtSecret).toBe('a-shared-secret-of-at-least-32-characters');
  });

  it('keeps files in the database with DATABASE_URL and on disk with SQLite, unless STORAGE says otherwise', () => {
    const pg = { DATA_DIR: t.dataDir, DATABASE_URL: 'postgres://db/strand', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(pg).storage.kind).toBe('postgres');
    expect(loadConfig({ ...pg, STORAGE: 'disk' }).storage.kind).toBe('disk');
    expect(loadConfig({ DATA_DIR: t.dataDir }).storage.kind).toBe('disk');
    expect(() => loadConfig({ DATA_DIR: t.dataDir, STORAGE: 'postgres' })).toThrow(
      /STORAGE: postgres needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: t.dataDir, STORAGE: 's3' })).toThrow(/STORAGE must be postgres or disk/);
  });

  it('waits for the disk at every SQLite commit unless SQLITE_SYNCHRONOUS says otherwise', async () => {
    // PRAGMA synchronous answers 0 for off, 1 for normal, 2 for full.
    const levelOf = async (env: Record<string, string>) => {
      const database = openDatabase(loadConfig({ DATA_DIR: t.dataDir, ...env }).database);
      try {
        const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(database.db);
        return rows[0]?.synchronous;
      } finally {
        await database.close();
      }
    };
    expect(await levelOf({})).toBe(2);
    expect(await levelOf({ SQLITE_SYNCHRONOUS: 'normal' })).toBe(1);
    expect(await levelOf({ SQLITE_SYNCHRONOUS: 'off' })).toBe(0);
    expect(() => loadConfig({ DATA_DIR: t.dataDir, SQLITE_SYNCHRONOUS: 'fast' })).toThrow(
      /SQLITE_SYNCHRONOUS must be full, normal or off/,
    );
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
