#!/usr/bin/env node
/**
 * The outage-notice burst (issue 30 measure): an outage notice to N subscriber accounts (default 5,000) on the path a
 * staff notice takes: each account has a portal user, a service location (colo area BENCH-BURST, an active package)
 * and a contact phone, and its own preferences (every 4th has turned service texts off, every 10th service e-mail).
 * The outage notice to that colo area is sent through POST /api/staff/notices (an app over the same database, signed
 * in as a network staff member of the provider's account, tied to an open restoration ticket); TWO runner processes
 * (notice-burst-runner.mjs: the real job runner with the `notice mail` and `notification delivery` jobs) on one
 * database (the SQLite file, or PostgreSQL when DATABASE_URL is set) list its audience a page at a time into the
 * notification outbox with the notice's record (notices.jobs.ts), deliver the e-mail, texts and in-app notices, and
 * follow the mails into the record until the notice is finished. When 40% is out, the instance sending is killed
 * (SIGKILL); the other takes the jobs' leases over (JOB_LEASE_SECONDS) and the dead one's claims are released
 * (NOTIFY_CLAIM_TIMEOUT_SECONDS). Verified from the receiving ends: the SMTP sink's messages (by Message-ID, and raw
 * SMTP transactions) and the SMS simulator's log (by message reference) against the outbox rows and the preferences,
 * 0 lost, 0 doubled; and the notice's record: one row per mail, all sent, the customers who turned e-mail off
 * skipped with the reason, none failed, the notice Sent. Exits 1 otherwise. Not part of `npm test`.
 *
 *   npx tsx scripts/bench/notice-burst.mjs [--subscribers 5000] [--email-per-round 200] [--sms-per-round 100]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/src/app.ts';
import { openDatabase } from '../../server/src/db/connect.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { startSmtpSink } from '../../server/src/integrations/mail/smtp-sink.ts';
import { startSmsSimulator } from '../../server/src/integrations/sms/sms-simulator.ts';
import { hashPassword } from '../../server/src/lib/passwords.ts';
import { testConfig } from '../../server/src/test/test-database.ts';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '5000' },
    'email-per-round': { type: 'string', default: '200' },
    'sms-per-round': { type: 'string', default: '100' },
    'kill-at': { type: 'string', default: '0.4' },
    'timeout-seconds': { type: 'string', default: '900' },
  },
});
const N = Number(values.subscribers);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

const env = {
  NOTIFY_EMAIL_PER_SECOND: values['email-per-round'],
  NOTIFY_SMS_PER_SECOND: values['sms-per-round'],
  NOTIFY_CLAIM_TIMEOUT_SECONDS: '10',
  NOTIFY_TIME_ZONE: 'UTC',
  JOB_LEASE_SECONDS: '5',
};

// The receiving ends: the portal's own SMTP sink (smtp-server, an .eml file per message) and the SMS simulator.
const sinkDir = mkdtempSync(path.join(os.tmpdir(), 'strand-bench-burst-sink-'));
const sink = await startSmtpSink({ host: '127.0.0.1', port: 0, dir: sinkDir });
const smtpPort = sink.port;
const carrier = await startSmsSimulator({ host: '127.0.0.1', port: 0, authToken: 'bench-sms-token' });

log(`a fresh database and ${N} subscriber accounts…`);
// SQLite in a temporary DATA_DIR, or the PostgreSQL database of DATABASE_URL (migrated; use an empty one).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'strand-bench-burst-'));
const config = testConfig(dataDir, process.env.DATABASE_URL ?? '', env);
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
const db = database.db;
const now = new Date().toISOString();
const ids = [];
const COLO = 'BENCH-BURST';
const AUTHOR_PASSWORD = 'bench-network-outage-2026';
// What a subscriber list needs of an account: a service location with an active package. The notice's author: a
// network staff member of the provider's own account (never told: not a customer account, no location there).
const pkg = await db
  .insertInto('packages')
  .values({ name: 'Bench Fiber 1 Gig', master_id: 1, price_cents: 7000, category: 'internet' })
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .insertInto('customers')
  .values({
    id: '0000-8000-0000',
    name: 'Bench Provider',
    customer_type: 'Provider',
    status: 'Active',
    created_at: now,
  })
  .execute();
await db
  .insertInto('users')
  .values({
    username: 'bench-network',
    email: 'network@provider.test',
    password_hash: await hashPassword(AUTHOR_PASSWORD),
    staff_roles: 'network',
    first_name: 'Bench',
    last_name: 'Network',
    customer_id: '0000-8000-0000',
    is_admin: 0,
    is_staff: 1,
    installer: 0,
    contractor_id: 0,
    disabled: 0,
    created_at: now,
    updated_at: now,
  })
  .execute();
for (let i = 0; i < N; i += 250) {
  const batch = Array.from({ length: Math.min(250, N - i) }, (_, k) => i + k + 1);
  const cid = (n) => `9${String(n).padStart(3, '0').slice(-3)}-8000-${String(n).padStart(4, '0')}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customers')
      .values(
        batch.map((n) => ({
          id: cid(n),
          name: `Bench Subscriber ${n}`,
          customer_type: 'Residential',
          status: 'Active',
          created_at: now,
        })),
      )
      .execute();
    const users = await trx
      .insertInto('users')
      .values(
        batch.map((n) => ({
          username: `bench${n}`,
          email: `bench${n}@subscribers.test`,
          password_hash: 'x',
          first_name: 'Bench',
          last_name: String(n),
          customer_id: cid(n),
          is_admin: 0,
          is_staff: 0,
          installer: 0,
          contractor_id: 0,
          disabled: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'username'])
      .execute();
    const locations = await trx
      .insertInto('service_locations')
      .values(
        batch.map((n) => ({
          customer_id: cid(n),
          address: `${n} Bench Rd`,
          city: 'Columbia',
          state: 'MO',
          zip: '65202',
          latitude: 38.95,
          longitude: -92.33,
          colo_area: COLO,
        })),
      )
      .returning('id')
      .execute();
    await trx
      .insertInto('service_location_packages')
      .values(
        locations.map((l) => ({
          service_location_id: l.id,
          package_id: pkg.id,
          start_date: now.slice(0, 10),
          active: 1,
        })),
      )
      .execute();
    await trx
      .insertInto('contact_methods')
      .values(
        batch.map((n) => ({
          customer_id: cid(n),
          category: 'Primary',
          name: `Bench ${n}`,
          // 573-7xx-xxxx, never …0000 (not mobile) or …0503 (the simulator's outage).
          phone: `5737${String(n * 7 + 1)
            .padStart(6, '0')
            .slice(-6)}`
            .replace(/0000$/, '0001')
            .replace(/0503$/, '0504'),
          phone2: null,
          email: `bench${n}@subscribers.test`,
        })),
      )
      .execute();
    const prefs = [];
    for (const u of users) {
      const n = Number(u.username.slice(5));
      const base = {
        recipient_kind: 'user',
        recipient_id: String(u.id),
        category: 'service',
        enabled: 0,
        updated_at: now,
      };
      if (n % 4 === 0) prefs.push({ ...base, channel: 'sms' });
      if (n % 10 === 0) prefs.push({ ...base, channel: 'email' });
    }
    if (prefs.length > 0) await trx.insertInto('notification_preferences').values(prefs).execute();
  });
  ids.push(...batch.map(cid));
}
const expected = {
  email: ids.length - Math.floor(N / 10),
  sms: ids.length - Math.floor(N / 4),
};

const turnedOff = Math.floor(N / 10);

// The notice sent as network staff send one: POST /api/staff/notices on an app over this database (sign-in, access,
// the audience counted, the idempotency key, the audit row), tied to an open restoration ticket as an outage must be.
await db.insertInto('contractor_companies').values({ id: 9001, name: 'Bench Splicing' }).execute();
const ticket = await db
  .insertInto('restoration_tickets')
  .values({
    contractor_id: 9001,
    work_order_id: null,
    address: 'Route B at County Road 12',
    description: 'Fiber cut',
    status: 'Open',
    latitude: null,
    longitude: null,
    image_key: null,
    image_sha256: null,
    created_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const { app: staffApp } = await buildApp({
  config,
  database,
  logger: false,
  webDist: null,
  mailer: { send: async () => undefined },
});
await staffApp.ready();
const signIn = await staffApp.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench-network', password: AUTHOR_PASSWORD },
});
if (signIn.statusCode !== 200)
  throw new Error(`the notice's author could not sign in: ${signIn.statusCode} ${signIn.body}`);
const sent = await staffApp.inject({
  method: 'POST',
  url: '/api/staff/notices',
  headers: { authorization: `Bearer ${signIn.json().token}`, 'idempotency-key': `bench-burst-${Date.now()}` },
  payload: {
    kind: 'outage',
    subject: 'Fiber cut on Route B',
    body: 'Crews are splicing the cable; service returns by 6 PM.',
    windowStart: null,
    windowEnd: null,
    restorationTicketId: ticket.id,
    filter: { coloArea: COLO },
  },
});
if (sent.statusCode !== 202) throw new Error(`the notice was not queued: ${sent.statusCode} ${sent.body}`);
const notice = sent.json();
await staffApp.close();
if (notice.audienceCustomers !== N)
  throw new Error(`the notice counted ${notice.audienceCustomers} customers, not ${N}`);
const KEY = `notice.outage|notice:${notice.id}|%`;
log(
  `notice ${notice.id} queued to ${N} customers; expected by preference e-mail ${expected.email}, SMS ${expected.sms}`,
);

// Two runner processes on the one database.
const runners = new Map();
let lastActive = '';
let firstSendAt = 0;
/** The notice worker's rounds that listed customers (their time in the runner, which instance and how many). */
const listing = { ms: 0, rounds: [], firstAt: 0 };
function startRunner(name) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'notice-burst-runner.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_ENV: JSON.stringify(env),
      BENCH_DATA_DIR: dataDir,
      BENCH_SMTP_PORT: String(smtpPort),
      BENCH_SMS_PORT: String(carrier.port),
      BENCH_INSTANCE: name,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  child.stdout.on('data', (c) => {
    buffered += String(c);
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      let m;
      try {
        m = JSON.parse(line);
      } catch {
        continue;
      }
      if (m.notices) {
        // A round of the notice worker that listed customers: its time is the listing's.
        if (m.notices.listed > 0) {
          listing.ms += m.ms;
          listing.rounds.push(`${name}:${m.notices.listed}`);
          if (!listing.firstAt) listing.firstAt = performance.now();
        }
        continue;
      }
      lastActive = name;
      if (!firstSendAt) firstSendAt = performance.now();
    }
  });
  child.on('exit', (code, signal) => log(`instance ${name} ended (${signal ?? code})`));
  runners.set(name, child);
}
const burstStart = performance.now();
startRunner('a');
startRunner('b');

// What the preferences ask for (the outbox's rows once the notice is listed).
const total = expected.email + expected.sms;
const done = async () => {
  const row = await db
    .selectFrom('notification_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('dedupe_key', 'like', KEY)
    .where('channel', '!=', 'in_app')
    .where('state', 'in', ['sent', 'delivered', 'failed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
const noticeStatus = async () =>
  (await db.selectFrom('notices').select('status').where('id', '=', notice.id).executeTakeFirstOrThrow()).status;
let listedAt = 0;
let killed = null;
const deadline = Date.now() + Number(values['timeout-seconds']) * 1000;
for (;;) {
  await new Promise((r) => setTimeout(r, 250));
  const finished = await done();
  if (!killed && finished >= total * Number(values['kill-at']) && lastActive) {
    killed = {
      instance: lastActive,
      atFinished: finished,
      afterSeconds: Math.round((performance.now() - firstSendAt) / 100) / 10,
    };
    runners.get(lastActive).kill('SIGKILL');
    log(`killed instance ${lastActive} (SIGKILL) with ${finished} of ${total} sent`);
  }
  const status = await noticeStatus();
  if (!listedAt && status !== 'queued') listedAt = performance.now();
  // Done when every mail and text is out and the notice worker has closed the notice.
  if (finished >= total && status !== 'queued' && status !== 'sending') break;
  if (Date.now() > deadline) {
    log('timed out');
    break;
  }
}
const burstSeconds = (performance.now() - burstStart) / 1000;
// From the first round that sent (the runners' start, compiling the app with tsx, is not the burst).
const deliverySeconds = firstSendAt ? (performance.now() - firstSendAt) / 1000 : 0;
for (const [name, child] of runners) if (name !== killed?.instance) child.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 1500));

// The receiving ends against the outbox (written by the runners' notice worker).
const outbox = await db
  .selectFrom('notification_outbox')
  .select(['id', 'channel'])
  .where('dedupe_key', 'like', KEY)
  .execute();
const rowsOf = (channel) => outbox.filter((r) => r.channel === channel);
// Every SMTP transaction the sink took, by its Message-ID.
const smtpRaw = readdirSync(sinkDir).map(
  (f) => /^Message-ID:\s*<([^>]+)>/im.exec(readFileSync(path.join(sinkDir, f), 'utf8').slice(0, 4000))?.[1] ?? '',
);
const mailIds = new Set(rowsOf('email').map((r) => `notification-${r.id}@strand.test`));
const smtpOurs = smtpRaw.filter((m) => mailIds.has(m));
const smtpDistinct = new Set(smtpOurs);
const smsRefs = new Set(rowsOf('sms').map((r) => `notification-${r.id}`));
const smsOurs = carrier.messages().filter((m) => smsRefs.has(m.ref));
const smsDistinct = new Set(smsOurs.map((m) => m.ref));
const finishedRows = await db
  .selectFrom('notification_outbox')
  .select(['id', 'channel'])
  .where('dedupe_key', 'like', KEY)
  .where('state', 'in', ['sent', 'delivered'])
  .execute();
const sentRows = {
  email: finishedRows.filter((r) => r.channel === 'email').map((r) => r.id),
  sms: finishedRows.filter((r) => r.channel === 'sms').map((r) => r.id),
};
const states = await db
  .selectFrom('notification_outbox')
  .select(['channel', 'state', (eb) => eb.fn.countAll().as('n')])
  .where('dedupe_key', 'like', KEY)
  .groupBy(['channel', 'state'])
  .execute();
// The notice's record: one row per mail (all sent), one skipped row per customer nobody takes the mail at.
const record = await db
  .selectFrom('notice_recipients')
  .select(['status', 'failure', 'recipient_key', 'outbox_id'])
  .where('notice_id', '=', notice.id)
  .execute();
const recordOf = (status) => record.filter((r) => r.status === status);
const finalNotice = await db
  .selectFrom('notices')
  .select(['status', 'finished_at'])
  .where('id', '=', notice.id)
  .executeTakeFirstOrThrow();
// The two jobs' rounds across both instances (failed rounds back off: job-runner.ts).
const jobs = await db
  .selectFrom('job_runs')
  .select(['name', 'runs', 'failed_runs', 'last_error'])
  .where('name', 'in', ['notice mail', 'notification delivery'])
  .execute();
const result = {
  subscribers: N,
  outbox: {
    rows: outbox.length,
    email: rowsOf('email').length,
    sms: rowsOf('sms').length,
    inApp: rowsOf('in_app').length,
  },
  listing: {
    // The notice worker's rounds that wrote the outbox and the record (pages of 500 customers in a transaction).
    workerMs: listing.ms,
    rounds: listing.rounds,
    listedAfterRunnerStartSeconds: listedAt ? Math.round((listedAt - burstStart) / 100) / 10 : null,
  },
  notice: {
    status: finalNotice.status,
    finished: finalNotice.finished_at !== null,
    record: record.length,
    sent: recordOf('sent').length,
    failed: recordOf('failed').length,
    pending: recordOf('pending').length + recordOf('sending').length,
    skipped: recordOf('skipped').length,
    skippedTurnedOff: recordOf('skipped').filter((r) => r.failure === 'Turned off by the customer').length,
    duplicateKeys: record.length - new Set(record.map((r) => r.recipient_key)).size,
  },
  expected: { ...expected, skipped: turnedOff },
  email: {
    rows: mailIds.size,
    received: smtpDistinct.size,
    // Rows the outbox records as sent that the sink never received (rows still queued when the bench stopped are
    // `unfinished`, not lost).
    lost: sentRows.email.filter((id) => !smtpDistinct.has(`notification-${id}@strand.test`)).length,
    unfinished: mailIds.size - sentRows.email.length,
    doubledSmtpTransactions: smtpOurs.length - smtpDistinct.size,
  },
  sms: {
    rows: smsRefs.size,
    received: smsDistinct.size,
    lost: sentRows.sms.filter((id) => !smsDistinct.has(`notification-${id}`)).length,
    unfinished: smsRefs.size - sentRows.sms.length,
    doubled: smsOurs.length - smsDistinct.size,
  },
  killed,
  deliverySeconds: Math.round(deliverySeconds * 10) / 10,
  withRunnerStartSeconds: Math.round(burstSeconds * 10) / 10,
  perRound: { email: Number(env.NOTIFY_EMAIL_PER_SECOND), sms: Number(env.NOTIFY_SMS_PER_SECOND) },
  database: database.dialect,
  jobs: jobs.map(
    (j) => `${j.name}: ${j.runs} rounds, ${j.failed_runs} failed${j.last_error ? ` (last: ${j.last_error})` : ''}`,
  ),
  states: states.map((s) => `${s.channel}:${s.state}=${s.n}`),
};
console.log(JSON.stringify(result, null, 2));
const ok =
  result.notice.status === 'sent' &&
  result.notice.sent === expected.email &&
  result.notice.failed === 0 &&
  result.notice.pending === 0 &&
  result.notice.skipped === turnedOff &&
  result.notice.skippedTurnedOff === turnedOff &&
  result.notice.duplicateKeys === 0 &&
  result.outbox.inApp === N &&
  result.email.rows === expected.email &&
  result.sms.rows === expected.sms &&
  result.email.lost === 0 &&
  result.sms.lost === 0 &&
  result.email.unfinished === 0 &&
  result.sms.unfinished === 0 &&
  result.email.doubledSmtpTransactions === 0 &&
  result.sms.doubled === 0;
log(ok ? 'OK: every notice delivered exactly once' : 'FAILED: see above');
await carrier.close();
await sink.close();
rmSync(sinkDir, { recursive: true, force: true });
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
