/** Runs the migrations in migrations/ (listed here so the bundled server carries them). */
import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DialectName } from './connect.js';
import type { Database } from './database.js';
import { type Migration, migrationKit } from './migration-kit.js';
import * as m0001 from './migrations/0001-initial.js';
import * as m0002 from './migrations/0002-installer.js';
import * as m0003 from './migrations/0003-contractor.js';
import * as m0004 from './migrations/0004-customer.js';
import * as m0005 from './migrations/0005-services.js';
import * as m0006 from './migrations/0006-reports.js';
import * as m0007 from './migrations/0007-applicants.js';
import * as m0008 from './migrations/0008-file-integrity.js';
import * as m0009 from './migrations/0009-rate-limits.js';
import * as m0010 from './migrations/0010-account-security.js';
import * as m0011 from './migrations/0011-staff-roles.js';
import * as m0012 from './migrations/0012-orders.js';
import * as m0013 from './migrations/0013-ordering.js';
import * as m0014 from './migrations/0014-fulfilment.js';
import * as m0015 from './migrations/0015-auth-codes.js';
import * as m0016 from './migrations/0016-dispatch.js';
import * as m0017 from './migrations/0017-reports.js';
import * as m0018 from './migrations/0018-customer-services.js';
import * as m0019 from './migrations/0019-notices.js';
import * as m0021 from './migrations/0021-asset-history.js';
import * as m0022 from './migrations/0022-cluster-state.js';
import * as m0023 from './migrations/0023-order-loop.js';
import * as m0024 from './migrations/0024-call-summaries.js';
import * as m0026 from './migrations/0026-line-months-contacts-order.js';
import * as m0027 from './migrations/0027-search-plans.js';
import * as m0029 from './migrations/0029-search-covering.js';
import * as m0030 from './migrations/0030-nearby-covering.js';
import * as m0031 from './migrations/0031-nearby-cells.js';
import * as m0032 from './migrations/0032-customer-name-keys.js';
import * as m0033 from './migrations/0033-customer-name-words.js';
import * as m0034 from './migrations/0034-installer-search-indexes.js';
import * as m0035 from './migrations/0035-checkout-guards.js';
import * as m0036 from './migrations/0036-fax-toll-fraud.js';
import * as m0038 from './migrations/0038-order-cancel-claims.js';
import * as m0039 from './migrations/0039-ordering-visitors.js';
import * as m0040 from './migrations/0040-payment-refunds.js';
import * as m0041 from './migrations/0041-check-units.js';
import * as m0042 from './migrations/0042-notifications.js';
import * as m0045 from './migrations/0045-paperless-billing.js';
import * as m0046 from './migrations/0046-business-center-locations.js';
import * as m0047 from './migrations/0047-payment-confirmations.js';
import * as m0048 from './migrations/0048-ticket-timeline.js';
import * as m0054 from './migrations/0054-audit-subjects.js';
import * as m0055 from './migrations/0055-notice-outbox.js';

const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-installer': m0002,
  '0003-contractor': m0003,
  '0004-customer': m0004,
  '0005-services': m0005,
  '0006-reports': m0006,
  '0007-applicants': m0007,
  '0008-file-integrity': m0008,
  '0009-rate-limits': m0009,
  '0010-account-security': m0010,
  '0011-staff-roles': m0011,
  '0012-orders': m0012,
  '0013-ordering': m0013,
  '0014-fulfilment': m0014,
  '0015-auth-codes': m0015,
  '0016-dispatch': m0016,
  '0017-reports': m0017,
  '0018-customer-services': m0018,
  '0019-notices': m0019,
  '0021-asset-history': m0021,
  '0022-cluster-state': m0022,
  '0023-order-loop': m0023,
  '0024-call-summaries': m0024,
  '0026-line-months-contacts-order': m0026,
  '0027-search-plans': m0027,
  '0029-search-covering': m0029,
  '0030-nearby-covering': m0030,
  '0031-nearby-cells': m0031,
  '0032-customer-name-keys': m0032,
  '0033-customer-name-words': m0033,
  '0034-installer-search-indexes': m0034,
  '0035-checkout-guards': m0035,
  '0038-order-cancel-claims': m0038,
  '0036-fax-toll-fraud': m0036,
  '0039-ordering-visitors': m0039,
  '0040-payment-refunds': m0040,
  '0041-check-units': m0041,
  '0042-notifications': m0042,
  '0045-paperless-billing': m0045,
  '0046-business-center-locations': m0046,
  '0047-payment-confirmations': m0047,
  '0048-ticket-timeline': m0048,
  '0054-audit-subjects': m0054,
  '0055-notice-outbox': m0055,
};

/** Kysely's migrations, each handed the helper kit of the dialect the connection was opened with. */
function providerFor(dialect: DialectName): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]) => [
          name,
          {
            up: (db: Kysely<unknown>) => m.up(db, migrationKit(db, dialect)),
            down: (db: Kysely<unknown>) => m.down(db, migrationKit(db, dialect)),
          },
        ]),
      ),
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: providerFor(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this build knows that the database has not applied yet (none: the schema is current). */
export async function pendingMigrations(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: providerFor(dialect) });
  const known = await migrator.getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Any number that is ours: the session-level advisory lock several instances starting together queue on. */
const STARTUP_LOCK_ID = 727_172_017;

/**
 * Runs `work` (migrate, then seed an empty database) while holding the startup lock: on PostgreSQL a session-level
 * advisory lock on one pooled connection, so of several instances starting together one migrates and seeds and the
 * others wait, then find nothing left to do. The lock goes with the connection if the process dies. SQLite is one
 * process's file: nothing to share.
 */
export async function withStartupLock<T>(db: Kysely<Database>, dialect: DialectName, work: () => Promise<T>) {
  if (dialect !== 'postgres') return work();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_ID)})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_ID)})`.execute(conn);
    }
  });
}
