// The browser suite (Playwright) against a cluster's load balancer instead of one server per spec file.
//   npm run test:e2e:cluster [-- <playwright arguments, e.g. a spec file>]
// starts its own cluster (scripts/cluster.mjs; .cluster-e2e/, TEST_CLUSTER_PORT 9975 and up unless set), runs every
// spec through HAProxy, prints the figures and stops the cluster. scripts/test-cluster.mjs (CI) runs a subset the same
// way. What makes the specs' assumptions hold on a shared cluster (docs/scale-out.md, "Browser tests through HAProxy"):
// - the demo data as seeded is kept in a schema of its own (snapshotDemoData); the first test of every spec file puts
//   it back into the live tables (e2e/tests/support/spec-server.ts calls e2e_snapshot.restore()), so each spec file
//   starts from the demo data as it would on its own server. Specs run one at a time (one Playwright worker).
// - the specs' helpers that read the database use PostgreSQL (E2E_DATABASE_URL) instead of the server's SQLite file,
//   and those that read the mail outbox read every instance's (E2E_OUTBOX_DIRS), emptied at every restore.
// - a spec that needs a server setting of its own (test.use({ serverEnv })) is skipped, saying so.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  balancerUrl,
  clusterSettings,
  databaseUrl,
  removeClusterFiles,
  startCluster,
  stopCluster,
} from './cluster.mjs';
import { log, root } from './lib.mjs';

/** Tables the restore leaves alone: the migrations' own and the job leases (state of the running instances). */
const KEEP = ['kysely_migration', 'kysely_migration_lock', 'job_runs'];

/**
 * Copies every table of the demo data into the schema e2e_snapshot (with the sequences' positions) and creates
 * e2e_snapshot.restore(): one transaction that empties the live tables and fills them from the copy again. Run once,
 * right after the cluster has seeded the demo data and before anything changes it.
 */
export async function snapshotDemoData(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('DROP SCHEMA IF EXISTS e2e_snapshot CASCADE');
    await client.query('CREATE SCHEMA e2e_snapshot');
    const { rows: tables } = await client.query(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> ALL($1) ORDER BY 1`,
      [KEEP],
    );
    for (const { name } of tables) {
      await client.query(`CREATE TABLE e2e_snapshot.${ident(name)} AS TABLE public.${ident(name)}`);
    }
    await client.query('CREATE TABLE e2e_snapshot.restore_tables (name text PRIMARY KEY)');
    await client.query('INSERT INTO e2e_snapshot.restore_tables SELECT unnest($1::text[])', [
      tables.map((t) => t.name),
    ]);
    await client.query(
      `CREATE TABLE e2e_snapshot.restore_sequences AS
         SELECT format('%I.%I', schemaname, sequencename) AS name, last_value FROM pg_sequences
          WHERE schemaname = 'public'`,
    );
    await client.query(RESTORE_FUNCTION);
    await client.query('COMMIT');
    return tables.length;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

const ident = (name) => `"${name.replace(/"/g, '""')}"`;

// Foreign keys are not checked while it runs (session_replication_role = replica): the copy was consistent.
// Identity columns take the copied ids (OVERRIDING SYSTEM VALUE); each sequence goes back to where it was.
const RESTORE_FUNCTION = `
CREATE FUNCTION e2e_snapshot.restore() RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  t text;
  seq record;
  n integer := 0;
BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
  EXECUTE (SELECT 'TRUNCATE ' || string_agg(format('public.%I', name), ', ') FROM e2e_snapshot.restore_tables);
  FOR t IN SELECT name FROM e2e_snapshot.restore_tables LOOP
    EXECUTE format('INSERT INTO public.%I OVERRIDING SYSTEM VALUE SELECT * FROM e2e_snapshot.%I', t, t);
    n := n + 1;
  END LOOP;
  FOR seq IN SELECT name, last_value FROM e2e_snapshot.restore_sequences LOOP
    IF seq.last_value IS NULL THEN
      PERFORM setval(seq.name, 1, false);
    ELSE
      PERFORM setval(seq.name, seq.last_value, true);
    END IF;
  END LOOP;
  RETURN n;
END
$fn$`;

/** What the specs need to know about the cluster (read by e2e/tests/support: spec-server.ts, db.ts, outbox.ts). */
export function browserEnv(s) {
  return {
    E2E_BASE_URL: balancerUrl(s),
    E2E_DATABASE_URL: databaseUrl(s),
    E2E_OUTBOX_DIRS: s.instancePorts
      .map((_, i) => path.join(s.dir, `instance-${i + 1}`, 'outbox'))
      .join(path.delimiter),
  };
}

/** Runs Playwright against the cluster's load balancer; answers its exit status and how long it took. */
export function runBrowserSpecs(s, args, { reporter = 'dot', timeoutMs = 600_000 } = {}) {
  const started = Date.now();
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', `--reporter=${reporter}`, ...args],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...browserEnv(s) },
      timeout: timeoutMs,
    },
  );
  return { status: run.status, seconds: Math.round((Date.now() - started) / 1000) };
}

/** The settings of the e2e cluster: TEST_CLUSTER_* like test:cluster, with defaults of its own (both can run). */
export function e2eClusterSettings(env = process.env) {
  const base = Number(env.TEST_CLUSTER_PORT || 9975);
  return clusterSettings({
    ...env,
    CLUSTER_DIR: env.TEST_CLUSTER_DIR || '.cluster-e2e',
    CLUSTER_PORT: String(base),
    CLUSTER_INSTANCE_PORT: String(base + 1),
    CLUSTER_INSTANCES: '3',
    CLUSTER_PG_PORT: env.TEST_CLUSTER_PG_PORT || '55462',
    CLUSTER_OLT_PORT: env.TEST_CLUSTER_OLT_PORT || '17962',
    CLUSTER_SWITCH_PORT: env.TEST_CLUSTER_SWITCH_PORT || '18012',
    CLUSTER_FAX_PORT: env.TEST_CLUSTER_FAX_PORT || '17062',
    CLUSTER_TV_PORT: env.TEST_CLUSTER_TV_PORT || '17162',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const s = e2eClusterSettings();
  let code = 1;
  const cleanUp = () => stopCluster(s).catch((err) => console.error(`[strand] stopping the cluster: ${err.message}`));
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(130)));
  try {
    if (existsSync(s.dir)) {
      await stopCluster(s);
      removeClusterFiles(s);
    }
    const t0 = Date.now();
    await startCluster(s);
    const tables = await snapshotDemoData(databaseUrl(s));
    log(
      `test:e2e:cluster: cluster up and ${tables} demo tables kept in e2e_snapshot (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
    const run = runBrowserSpecs(s, process.argv.slice(2), { reporter: 'list', timeoutMs: 3 * 3600_000 });
    log(
      `test:e2e:cluster: the browser suite through HAProxy ${run.status === 0 ? 'passed' : 'FAILED'} (${run.seconds} s)`,
    );
    code = run.status === 0 ? 0 : 1;
  } catch (err) {
    console.error(`[strand] test:e2e:cluster: ${err.stack ?? err.message}`);
  } finally {
    await cleanUp();
  }
  process.exit(code);
}
