/** The built web app as the server hosts it: index.html for app routes, real files, and 404 for missing files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type Db, openDatabase } from './db/connect.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'strand-web-'));
const webDist = path.join(dir, 'dist');
const big = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ row: i, text: 'abc' })))};`;
let app: FastifyInstance;
let database: Db;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Strand</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  // As scripts/precompress.mjs leaves them: the .br and .gz twins of a hashed asset.
  writeFileSync(path.join(webDist, 'assets', 'big-0f0f0f.js'), big);
  writeFileSync(path.join(webDist, 'assets', 'big-0f0f0f.js.br'), zlib.brotliCompressSync(big));
  writeFileSync(path.join(webDist, 'assets', 'big-0f0f0f.js.gz'), zlib.gzipSync(big));
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

describe('compression', () => {
  it.each([
    ['br', 'gzip, deflate, br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ])(
    'sends a hashed asset precompressed (%s) with its type, Vary and an immutable cache',
    async (encoding, accept, decode) => {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/big-0f0f0f.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString('utf8')).toBe(big);
    },
  );

  it('sends the asset as it is to a client that does not accept compression', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/big-0f0f0f.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(big);
  });

  it('compresses a large API answer when asked (brotli first, gzip otherwise), and not when not', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const gz = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('leaves a small API answer uncompressed', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });
});
