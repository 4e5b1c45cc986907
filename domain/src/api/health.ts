/** The probes a load balancer asks (live, ready) and the staff's view of the background jobs (issue 17). */
import { z } from 'zod';

/** GET /api/health/live: the process is up and answering (nothing else is checked). */
export const LiveSchema = z.object({ status: z.literal('live') });
export type Live = z.infer<typeof LiveSchema>;

/** Why an instance is not ready: draining (SIGTERM), database unreachable, migrations not applied yet. */
export const NotReadyReasonSchema = z.enum(['draining', 'database_unreachable', 'migrations_pending']);

/**
 * GET /api/health/ready: 200 when this instance should get traffic (database reachable, every migration it knows
 * applied, not draining); 503 with the reason otherwise.
 */
export const ReadySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  reason: NotReadyReasonSchema.nullable(),
  /** Migrations this build knows that the database has not applied (only listed when that is the reason). */
  pendingMigrations: z.array(z.string()),
  instance: z.string(),
});
export type Ready = z.infer<typeof ReadySchema>;

export const JobStateSchema = z.object({
  name: z.string(),
  intervalMs: z.number().int(),
  /** running: an instance holds the lease now; failing: the last round failed (retried with backoff); else idle. */
  state: z.enum(['running', 'idle', 'failing']),
  /** The instance running the round now, or null. */
  runningOn: z.string().nullable(),
  leaseUntil: z.string().nullable(),
  nextRunAt: z.string(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastOkAt: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastInstance: z.string().nullable(),
  /** Failed rounds in a row (0 after a good one). */
  failures: z.number().int(),
  runs: z.number().int(),
  failedRuns: z.number().int(),
});
export type JobState = z.infer<typeof JobStateSchema>;

/** GET /api/health/jobs (staff): every background job of the cluster, one row each, by name. */
export const JobsHealthSchema = z.object({
  instance: z.string(),
  jobs: z.array(JobStateSchema),
});
export type JobsHealth = z.infer<typeof JobsHealthSchema>;
