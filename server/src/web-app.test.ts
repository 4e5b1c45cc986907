/** The built web app as the server hosts it: index.html for app routes, real files, and 404 for missing files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type Db, openDatabase } from './db/connect.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'strand-web-'));
const webDist = path.join(dir, 'dist');
let app: FastifyInstance;
let database: Db;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Strand</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  const config = loadConfig({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', LOG_LEVEL: 'silent' });
  database = openDatabase({ dialect: 'sqlite', file: ':memory:' });
  ({ app } = await buildApp({ config, database, webDist, logger: false }));
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('web app hosting', () => {
  it.each(['/', '/login', '/search/100001', '/login/superUser/1000-3000-0001/abc/7'])(
    'serves index.html at %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long cache, and a file built after start', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    writeFileSync(path.join(webDist, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('answers 404 for a missing file instead of the app page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
