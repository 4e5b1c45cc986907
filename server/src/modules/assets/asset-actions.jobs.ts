/**
 * The action worker: carries out the stored asset action requests against the network adapter. A request is claimed
 * with a conditional update (so two workers never run it twice), tried up to MAX_ATTEMPTS times, and ends Completed
 * or Failed with the reason kept in `result`. Requests survive an instance dying mid-request: a Running one older than
 * the job lease is re-queued by the next round (actionWorkerRound).
 */
import type { AppContext } from '../../context.js';
import { OltError } from '../../integrations/network/olt-client.js';
import * as repo from './assets.repository.js';

export const MAX_ATTEMPTS = 3;

/** Runs up to `limit` pending requests once; answers how many it finished (Completed or Failed). */
export async function runPendingActionRequests(ctx: AppContext, limit = 20): Promise<number> {
  const pending = await repo.listPendingRequests(ctx.db, limit);
  let finished = 0;
  for (const request of pending) {
    if (!(await repo.claimRequest(ctx.db, request.id, request.attempts, ctx.now().toISOString()))) continue;
    const attempts = request.attempts + 1;
    const circuit = await repo.firstCircuitOfAsset(ctx.db, request.asset_id);
    if (!circuit) {
      await repo.finishRequest(
        ctx.db,
        request.id,
        'Failed',
        `No OLT port is linked to ${request.asset_tag} (it carries no circuit).`,
        ctx.now().toISOString(),
      );
      finished += 1;
      continue;
    }
    try {
      await ctx.olt.runOntAction({
        serverIp: circuit.server_ip,
        slot: circuit.slot,
        port: circuit.port,
        actionId: request.action_id,
      });
      const done = `${request.action} carried out by the OLT at ${circuit.server_ip} (slot ${circuit.slot}, port ${circuit.port}).`;
      await repo.finishRequest(ctx.db, request.id, 'Completed', done, ctx.now().toISOString());
      finished += 1;
    } catch (err) {
      const message = err instanceof OltError || err instanceof Error ? err.message : String(err);
      const final = attempts >= MAX_ATTEMPTS;
      await repo.finishRequest(ctx.db, request.id, final ? 'Failed' : 'Pending', message, ctx.now().toISOString());
      if (final) finished += 1;
    }
  }
  return finished;
}

/**
 * One round of the action worker job (jobs.ts, under its lease): a request left Running longer than `staleAfterMs`
 * belonged to a round whose instance died (rounds never overlap across instances, and the lease ran out first), so it
 * goes back to Pending with its attempt counted; then pending requests run.
 */
export async function actionWorkerRound(ctx: AppContext, staleAfterMs: number): Promise<number> {
  const now = ctx.now();
  await repo.requeueStaleRunning(ctx.db, new Date(now.getTime() - staleAfterMs).toISOString(), now.toISOString());
  return runPendingActionRequests(ctx);
}
