/**
 * SQLite plans the work-order search well only with table statistics: without them it guesses that "contractor_id IS
 * NULL" is selective and walks most of work_orders (seconds instead of milliseconds on a million rows). SQLite's own
 * advice for long-running applications is PRAGMA optimize at start and now and then; it analyzes only tables whose
 * statistics are missing or stale, so it is instant when nothing changed. PostgreSQL keeps statistics by itself
 * (autovacuum). At start: startup.ts (prepareDatabase, every table); now and then: the `planner statistics` job
 * (jobs.ts, every 6 hours, the tables that changed).
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';

/** How often the job refreshes the statistics of the tables that changed. */
export const PLANNER_STATISTICS_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Refreshes SQLite's planner statistics: of every table (`all`, at start) or of the tables used since (the job). Does
 * nothing on PostgreSQL. A failure is logged, not thrown: searches are slow without statistics, never wrong.
 */
export async function refreshPlannerStatistics(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'log'>,
  scope: 'all' | 'changed',
): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  const started = performance.now();
  try {
    // Full statistics (no analysis_limit): sampled ones misjudge the contractor_id column and mislead the planner.
    await sql.raw(`PRAGMA optimize=${scope === 'all' ? '0x10002' : '0xfffe'}`).execute(ctx.db);
    const ms = Math.round(performance.now() - started);
    if (ms > 100) ctx.log.info({ ms }, 'database statistics refreshed');
  } catch (err) {
    ctx.log.warn({ err }, 'PRAGMA optimize failed; searches may be slow until statistics exist');
  }
}
