/**
 * The queue of recovery and registration-code mail. A request is only queued: the answer is written before anything
 * is looked up, so it takes the same time whether or not a user matches. The queue is worked after the answer (and by
 * auth.jobs.ts, for requests an instance left behind when it stopped); each request is claimed once, so two instances
 * never mail it twice.
 */
import type { AppContext } from '../../context.js';
import * as repo from './auth.repository.js';
import { mailRecoveryLinks } from './recovery.service.js';
import { mailRegistrationCode } from './registration.service.js';

/** Queues a password reset link for the users a user name or e-mail names. */
export async function requestRecovery(ctx: AppContext, identifier: string): Promise<void> {
  await repo.insertMailRequest(ctx.db, 'password-reset', identifier.trim(), ctx.now().toISOString());
  kickMailQueue(ctx);
}

/** Queues the mail of an account's registration code; the answer is the same for every account number. */
export async function requestRegistrationCode(ctx: AppContext, customerId: string) {
  await repo.insertMailRequest(ctx.db, 'registration-code', customerId, ctx.now().toISOString());
  kickMailQueue(ctx);
}

const running = new WeakMap<AppContext, Promise<number>>();

/** Mails what the queue holds (at most `limit` requests); resolves with how many this call handled. */
export function processMailQueue(ctx: AppContext, limit = 50): Promise<number> {
  const previous = running.get(ctx) ?? Promise.resolve(0);
  const next = previous.then(async () => {
    let handled = 0;
    for (const request of await repo.openMailRequests(ctx.db, limit)) {
      if (!(await repo.claimMailRequest(ctx.db, request.id, ctx.now().toISOString()))) continue;
      try {
        if (request.kind === 'password-reset') await mailRecoveryLinks(ctx, request.identifier);
        else if (request.kind === 'registration-code') await mailRegistrationCode(ctx, request.identifier);
        handled += 1;
      } catch (err) {
        ctx.log.error({ err, mailRequest: request.id }, 'a queued mail could not be sent');
      }
    }
    return handled;
  });
  running.set(
    ctx,
    next.catch(() => 0),
  );
  return next;
}

/** Works the queue soon, after the current answer has gone out. */
function kickMailQueue(ctx: AppContext) {
  setImmediate(() => {
    processMailQueue(ctx).catch((err) => ctx.log.error({ err }, 'the mail queue failed'));
  });
}
