/**
 * API test harness: a real app on its own database with the demo data, copied from the run's template
 * (api-global-setup.ts). SQLite in a temp dir by default; with DATABASE_URL (postgres) a fresh database per test app
 * on that server, dropped afterwards.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import type { AppContext } from '../context.js';
import { type Db, openDatabase } from '../db/connect.js';
import type { Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData, storeDemoFiles } from '../demo/generator.js';
import type { MailMessage } from '../integrations/mail/mailer.js';
import { type OltSimulator, startOltSimulator } from '../integrations/network/olt-simulator.js';
import { processMailQueue } from '../modules/auth/mail-queue.service.js';
import { type ApiTemplate, freshPostgres, testConfig } from './test-database.js';

export { freshPostgres, testConfig } from './test-database.js';

export const DEMO_PASSWORD = 'demo-password';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  dataDir: string;
  /** Mail the app sent, newest last. */
  mail: MailMessage[];
  /** Moves the app's clock. */
  clock: { now: Date; advanceSeconds(s: number): void };
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(username: string, password?: string): Promise<string>;
  /** How many rows a table has now. */
  rows(table: keyof Database & string): Promise<number>;
  /** The users.id of a demo user, by user name (throws when there is none). */
  userId(username: string): Promise<number>;
  /** The bytes stored under a key, read through the app's file store (disk or database). */
  readStored(key: string): Promise<Buffer>;
  /** Sends the queued mail (recovery links, registration codes) now, as the background worker would. */
  drainMail(): Promise<void>;
  close(): Promise<void>;
}

/** The run's template when it fits: same UTC day, and no setting that changes where the demo files are stored. */
function usableTemplate(env: Record<string, string>): ApiTemplate | null {
  if ('STORAGE' in env) return null;
  let template: ApiTemplate | undefined;
  try {
    template = inject('apiTemplate' as never) as ApiTemplate | undefined;
  } catch {
    return null; // not inside a Vitest run (a script using the harness)
  }
  if (!template || template.day !== new Date().toISOString().slice(0, 10)) return null;
  if (Boolean(template.database) !== Boolean(process.env.DATABASE_URL)) return null;
  return template;
}

/**
 * A test app on its own database with the demo data: a copy of the run's template (a file copy on SQLite, CREATE
 * DATABASE … TEMPLATE on PostgreSQL; about 30 times faster than migrating and seeding), else freshly migrated and
 * seeded.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const template = usableTemplate(env);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'strand-api-'));
  if (template && !template.database) cpSync(template.dataDir, dataDir, { recursive: true });
  const pgUrl = process.env.DATABASE_URL;
  const pgDb = pgUrl ? await freshPostgres(pgUrl, template?.database ?? undefined) : null;
  const config = testConfig(dataDir, pgDb?.url ?? '', env);
  const db = openDatabase(config.database);
  if (!template) {
    await migrateToLatest(db.db, db.dialect);
    await seedDemoData(db.db, { dialect: db.dialect });
  }
  const mail: MailMessage[] = [];
  const clock = {
    now: new Date(),
    advanceSeconds(s: number) {
      clock.now = new Date(clock.now.getTime() + s * 1000);
    },
  };
  const { app, ctx } = await buildApp({
    config,
    database: db,
    logger: false,
    webDist: null,
    now: () => clock.now,
    mailer: { send: async (m) => void mail.push(m) },
  });
  await app.ready();
  // Into the app's file store: DATA_DIR/files on SQLite, the database's store on PostgreSQL (STORAGE decides).
  if (!template) await storeDemoFiles(ctx.files);

  const request: TestApp['request'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  return {
    app,
    ctx,
    db,
    dataDir,
    mail,
    clock,
    request,
    async login(username, password = DEMO_PASSWORD) {
      const res = await request({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    async rows(table) {
      const row = await db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async userId(username) {
      return (await db.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
        .id;
    },
    async readStored(key) {
      return buffer((await ctx.files.open(key)).stream);
    },
    async drainMail() {
      await processMailQueue(ctx);
    },
    async close() {
      await app.close();
      await db.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance on the test app's database, as a second server process would be: its own connection pool (or
 * SQLite connection), its own app, mailer and caches, the same configuration and clock.
 */
export async function secondInstance(first: TestApp) {
  const database = openDatabase(first.ctx.config.database);
  const mail: MailMessage[] = [];
  const { app, ctx } = await buildApp({
    config: first.ctx.config,
    database,
    logger: false,
    webDist: null,
    now: () => first.clock.now,
    mailer: { send: async (m) => void mail.push(m) },
  });
  await app.ready();
  return {
    app,
    ctx,
    mail,
    request: ({ token, headers, ...rest }: InjectOptions & { token?: string }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Decodes a token's claims (the test reads what the browser would). */
export function claimsOf(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/** The SNMP communities the simulated OLT and the app agree on in tests (the config's defaults). */
export const TEST_OLT_COMMUNITIES = { readCommunity: 'strand-read', writeCommunity: 'strand-write' } as const;

/**
 * A simulated OLT on a random loopback port, for tests whose app talks SNMP to it: pass `env` to createTestApp.
 * Close the OLT after the app.
 */
export async function startTestOlt(): Promise<{ olt: OltSimulator; port: number; env: { OLT_SNMP_PORT: string } }> {
  const port = 30_000 + Math.floor(Math.random() * 20_000);
  const olt = await startOltSimulator({ host: '127.0.0.1', port, ...TEST_OLT_COMMUNITIES });
  return { olt, port, env: { OLT_SNMP_PORT: String(port) } };
}
