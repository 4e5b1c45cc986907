/**
 * One instance of scripts/bench/notice-burst.mjs: the app on the bench's database (DATA_DIR, or DATABASE_URL) running
 * the real job runner with the two jobs of a notice, as jobs.ts defines them: `notice mail` (the notice worker lists
 * the audience into the outbox and follows the mails into the notice's record) and `notification delivery` (the lease
 * gives each round to one instance; a dead instance's leases and claims run out and the other carries on). Mail to
 * the bench's SMTP sink, texts to its SMS simulator. Stopped by the parent (SIGTERM), or killed mid-burst (SIGKILL).
 */
import { buildApp } from '../../server/src/app.ts';
import { openDatabase } from '../../server/src/db/connect.ts';
import { createNotificationMailer } from '../../server/src/integrations/mail/notification-mail.ts';
import { createSmsGateway } from '../../server/src/integrations/sms/sms-gateway.ts';
import { startJobRunner } from '../../server/src/lib/job-runner.ts';
import { deliverNotifications } from '../../server/src/modules/notifications/notifications.jobs.ts';
import { processNotices } from '../../server/src/modules/subscribers/notices.jobs.ts';
import { testConfig } from '../../server/src/test/test-database.ts';

const env = JSON.parse(process.env.BENCH_ENV ?? '{}');
const config = testConfig(process.env.BENCH_DATA_DIR, process.env.DATABASE_URL ?? '', env);
const database = openDatabase(config.database);
const { app, ctx } = await buildApp({
  config,
  database,
  logger: false,
  webDist: null,
  mailer: { send: async () => undefined },
});
await app.ready();
const channels = {
  email: createNotificationMailer({
    smtpUrl: `smtp://127.0.0.1:${process.env.BENCH_SMTP_PORT}`,
    from: 'Strand <no-reply@strand.test>',
    domain: 'strand.test',
  }),
  sms: createSmsGateway({
    url: `http://127.0.0.1:${process.env.BENCH_SMS_PORT}`,
    accountSid: 'ACbench',
    authToken: 'bench-sms-token',
    from: '+15735550100',
  }),
};
const name = process.env.BENCH_INSTANCE ?? 'runner';
let sent = 0;
const stop = await startJobRunner(
  [
    {
      name: 'notice mail',
      intervalMs: 2000,
      run: async () => {
        const started = performance.now();
        const round = await processNotices(ctx);
        const ms = Math.round(performance.now() - started);
        if (round.listed + round.finished > 0) process.stdout.write(`${JSON.stringify({ notices: round, ms })}\n`);
      },
    },
    {
      name: 'notification delivery',
      intervalMs: 1000,
      run: async () => {
        const round = await deliverNotifications(ctx, { channels });
        sent += round.sent;
        if (round.claimed > 0) process.stdout.write(`${JSON.stringify({ instance: name, sent, round })}\n`);
      },
    },
  ],
  {
    db: ctx.db,
    // A failed round is said on stderr (the app's own log is off): which job, and why.
    log: {
      error: (o, msg) => console.error(`[runner ${name}] ${msg}: ${o?.err?.message ?? ''}`),
      warn: (o, msg) => console.error(`[runner ${name}] ${msg}: ${o?.err?.message ?? ''}`),
    },
    instanceId: name,
    leaseMs: config.jobLeaseSeconds * 1000,
  },
);
// The runner's timers do not hold the process open (a server's socket would): this does, until SIGTERM.
const alive = setInterval(() => undefined, 60_000);
process.on('SIGTERM', async () => {
  clearInterval(alive);
  await stop();
  channels.email.close();
  await app.close();
  await database.close();
  process.exit(0);
});
