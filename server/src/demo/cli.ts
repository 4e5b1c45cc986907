/**
 * Loads the demo data: `npx tsx server/src/demo/cli.ts [--scale N] [--today YYYY-MM-DD]`.
 * Uses DATA_DIR / DATABASE_URL like the server, migrates, and seeds only an empty database.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { createFileStore } from '../integrations/storage/select-store.js';
import { isDatabaseEmpty, type SeedSummary, seedDemoData, storeDemoFiles } from './generator.js';

const USAGE = 'Usage: npx tsx server/src/demo/cli.ts [--scale N] [--today YYYY-MM-DD]\n';

interface CliOptions {
  scale: number;
  today: Date | undefined;
}

function parseOptions(argv: string[]): CliOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: { scale: { type: 'string' }, today: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return null;
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!Number.isFinite(scale) || scale < 0) throw new Error(`--scale must be a number >= 0, got ${values.scale}`);
  let today: Date | undefined;
  if (values.today !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.today)) throw new Error('--today must look like YYYY-MM-DD');
    const [y, m, d] = values.today.split('-').map(Number);
    today = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, 12);
  }
  return { scale, today };
}

function formatSummary(summary: SeedSummary, target: string): string {
  const lines = Object.entries(summary.counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([table, n]) => `  ${table.padEnd(28)} ${String(n).padStart(9)}`);
  return [
    `Seeded ${target} (scale ${summary.scale}, day 0 = ${summary.today}) in ${summary.elapsedMs} ms:`,
    ...lines,
    `  ${'work orders in total'.padEnd(28)} ${String(summary.workOrders).padStart(9)}`,
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = loadConfig(process.env);
  const target = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  const { db, dialect, close } = openDatabase(config.database);
  try {
    await migrateToLatest(db, dialect);
    if (!(await isDatabaseEmpty(db))) {
      process.stdout.write(`${target} already has data; nothing seeded.\n`);
      return 0;
    }
    const store = config.storage.kind;
    const files = await storeDemoFiles(createFileStore(store, { db, dataDir: config.dataDir }));
    const summary = await seedDemoData(db, { dialect, scale: options.scale, today: options.today });
    process.stdout.write(formatSummary(summary, target));
    const where = store === 'postgres' ? 'in the database file store' : `under ${config.dataDir}/files`;
    process.stdout.write(`Stored ${files} demo files ${where}\n`);
    return 0;
  } finally {
    await close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.stdout.write(USAGE);
    process.exitCode = 1;
  },
);
