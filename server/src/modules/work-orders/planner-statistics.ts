/**
 * SQLite plans the work-order search well only with table statistics: without them it guesses that "contractor_id IS
 * NULL" is selective and walks most of work_orders (seconds instead of milliseconds on a million rows). SQLite's own
 * advice for long-running applications is PRAGMA optimize at start and now and then; it analyzes only tables whose
 * statistics are missing or stale, so it is instant when nothing changed. PostgreSQL keeps statistics by itself
 * (autovacuum).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';

const REFRESH_MS = 6 * 60 * 60 * 1000;

async function optimize(ctx: AppContext, log: FastifyBaseLogger, mask: string): Promise<void> {
  const started = performance.now();
  try {
    // Full statistics (no analysis_limit): sampled ones misjudge the contractor_id column and mislead the planner.
    await sql.raw(`PRAGMA optimize=${mask}`).execute(ctx.db);
    const ms = Math.round(performance.now() - started);
    if (ms > 100) log.info({ ms }, 'database statistics refreshed');
  } catch (err) {
    log.warn({ err }, 'PRAGMA optimize failed; searches may be slow until statistics exist');
  }
}

/** Refreshes SQLite's planner statistics now (all tables) and every 6 hours (tables that changed). */
export async function ensurePlannerStatistics(ctx: AppContext, log: FastifyBaseLogger): Promise<() => void> {
  if (ctx.dialect !== 'sqlite') return () => {};
  await optimize(ctx, log, '0x10002');
  const timer = setInterval(() => void optimize(ctx, log, '0xfffe'), REFRESH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
