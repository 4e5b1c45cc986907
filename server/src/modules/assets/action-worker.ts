/**
 * The action worker: carries out the stored asset action requests against the network adapter. A request is claimed
 * with a conditional update (so two workers never run it twice), tried up to MAX_ATTEMPTS times, and ends Completed
 * or Failed with the reason kept in `result`. Requests survive restarts: Running ones are re-queued at start.
 */
import type { FastifyBaseLogger } from 'fastify';
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

/** Polls for pending requests every `intervalMs`; answers a stop function that waits for the current round. */
export async function startActionWorker(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervalMs = 1000,
): Promise<() => Promise<void>> {
  await repo.requeueRunning(ctx.db, ctx.now().toISOString());
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    current = current
      .then(() => (stopped ? 0 : runPendingActionRequests(ctx)))
      .catch((err) => log.error({ err }, 'asset action worker round failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
