/**
 * The auth-code push job (run by jobs.ts, one round at a time across instances): tells the phone switch what
 * `push_action` says and records its answer. Safe on several instances: each code is leased with a conditional update
 * (`claimPush`), and an outcome is written only if no staff change came in meanwhile (`finishPush` checks the
 * version), so the newer change is pushed next round.
 *
 *   provision / update -> PUT; the switch answers pending (a new code: ask again shortly) or in service
 *   confirm            -> GET until the switch has it in service (a switch that lost it gets the PUT again)
 *   remove             -> DELETE; then the row keeps no code
 * A refusal fails the code with the switch's reason; no answer is retried with back-off (5 s, 15 s, 45 s … an hour)
 * and fails after AUTH_CODE_MAX_PUSH_ATTEMPTS tries. The code is never logged.
 */
import { randomUUID } from 'node:crypto';
import { AUTH_CODE_MAX_PUSH_ATTEMPTS, pushBackoffSeconds } from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { RowUpdate } from '../../db/database.js';
import { SwitchRefusedError, type SwitchState } from '../../integrations/phone-switch/phone-switch.js';
import { isoAfterSeconds } from '../../lib/time.js';
import * as repo from './auth-codes.repository.js';
import { switchRef } from './auth-codes.service.js';

/** How long a lease lasts: longer than any switch call (5 s time-out), so a crashed instance's codes come back. */
const LEASE_SECONDS = 60;
/** How soon a pending code is asked about again. */
const CONFIRM_POLL_SECONDS = 1;
/** A switch that keeps a new code pending longer than this counts as a failed try. */
const CONFIRM_PATIENCE_SECONDS = 600;

export interface PushRound {
  claimed: number;
  confirmed: number;
  failed: number;
  retrying: number;
  /** Sent, the switch not yet done: asked again shortly. */
  waiting: number;
}

type Claimed = NonNullable<Awaited<ReturnType<typeof repo.claimedForPush>>>;

/** Runs one round over up to `limit` due codes; answers what happened. */
export async function pushAuthCodes(ctx: AppContext, limit = 20): Promise<PushRound> {
  const round: PushRound = { claimed: 0, confirmed: 0, failed: 0, retrying: 0, waiting: 0 };
  const due = await repo.duePushes(ctx.db, ctx.now().toISOString(), limit);
  for (const { id } of due) {
    const claim = randomUUID();
    const now = ctx.now().toISOString();
    if (!(await repo.claimPush(ctx.db, id, claim, now, isoAfterSeconds(LEASE_SECONDS, ctx.now())))) continue;
    const row = await repo.claimedForPush(ctx.db, id, claim);
    if (!row) continue;
    round.claimed += 1;
    const outcome = await pushOne(ctx, row);
    const recorded = await repo.finishPush(ctx.db, id, claim, row.version, {
      ...outcome.changes,
      updated_at: ctx.now().toISOString(),
    });
    if (recorded) round[outcome.kind] += 1;
  }
  return round;
}

interface Outcome {
  kind: 'confirmed' | 'failed' | 'retrying' | 'waiting';
  changes: RowUpdate<'auth_codes'>;
}

async function pushOne(ctx: AppContext, row: Claimed): Promise<Outcome> {
  const ref = switchRef(row.id);
  const now = ctx.now().toISOString();
  const inService = (state: SwitchState) => state === (row.enabled === 1 ? 'active' : 'suspended');
  const confirmed = (): Outcome => ({
    kind: 'confirmed',
    changes: {
      status: row.enabled === 1 ? 'active' : 'suspended',
      push_action: null,
      push_attempts: 0,
      next_push_at: null,
      last_error: null,
      confirmed_at: row.confirmed_at ?? now,
    },
  });
  const askAgain = (action: 'confirm' | 'provision'): Outcome => ({
    kind: 'waiting',
    changes: { push_action: action, next_push_at: isoAfterSeconds(CONFIRM_POLL_SECONDS, ctx.now()) },
  });
  try {
    switch (row.push_action) {
      case 'remove':
        await ctx.phoneSwitch.deleteAuthCode(ref);
        return {
          kind: 'confirmed',
          changes: { status: 'removed', push_action: null, next_push_at: null, code: null, code_reversed: null },
        };
      case 'confirm': {
        const state = await ctx.phoneSwitch.getAuthCode(ref);
        if (state === null) return askAgain('provision');
        if (inService(state)) return confirmed();
        if (state === 'pending') {
          const waited = (ctx.now().getTime() - Date.parse(row.pushed_at ?? now)) / 1000;
          if (waited > CONFIRM_PATIENCE_SECONDS) {
            return failedTry(
              ctx,
              row,
              `The phone switch kept the code pending for over ${CONFIRM_PATIENCE_SECONDS / 60} minutes.`,
            );
          }
          return askAgain('confirm');
        }
        // In service but in the other state: tell it again.
        return askAgain('provision');
      }
      default: {
        if (!row.code) throw new Error(`auth code ${row.id} has no code to push`);
        const state = await ctx.phoneSwitch.putAuthCode(ref, {
          code: row.code,
          account: row.customer_id,
          classOfService: row.class_of_service,
          enabled: row.enabled === 1,
        });
        return inService(state) ? confirmed() : askAgain('confirm');
      }
    }
  } catch (err) {
    if (err instanceof SwitchRefusedError) {
      return {
        kind: 'failed',
        changes: {
          status: 'failed',
          push_action: null,
          next_push_at: null,
          push_attempts: row.push_attempts + 1,
          last_error: `The phone switch refused it: ${err.message}`,
        },
      };
    }
    const message = err instanceof Error ? err.message : String(err);
    return failedTry(ctx, row, message);
  }
}

/** A try that got no usable answer: again after the back-off, or failed after the last try. */
function failedTry(ctx: AppContext, row: Claimed, message: string): Outcome {
  const attempts = row.push_attempts + 1;
  if (attempts >= AUTH_CODE_MAX_PUSH_ATTEMPTS) {
    return {
      kind: 'failed',
      changes: {
        status: 'failed',
        push_action: null,
        next_push_at: null,
        push_attempts: attempts,
        last_error: `${message} Gave up after ${attempts} tries.`,
      },
    };
  }
  return {
    kind: 'retrying',
    changes: {
      push_attempts: attempts,
      next_push_at: isoAfterSeconds(pushBackoffSeconds(attempts), ctx.now()),
      last_error: message,
    },
  };
}
