/**
 * The fax queue, worked by jobs.ts every FAX_QUEUE_INTERVAL_SECONDS. Safe on several workers and servers at once:
 *   - a queued fax is claimed with a conditional update (`queued` -> `sending`, matching the row as read), so one
 *     worker gets it; the try is ended only by the worker holding the claim (its token);
 *   - every try is one carrier call under a call id chosen before the call (`fax-<id>-<n>`) and stored with the
 *     claim. The carrier answers a call id it has seen from its record, so when a try's outcome is unknown (the
 *     carrier did not answer, or the worker died: a claim older than FAX_CLAIM_TIMEOUT_SECONDS is released) the
 *     next try asks about the same call id and a fax is never transmitted twice;
 *   - busy and no answer are tried again after FAX_RETRY_BASE_SECONDS, doubling, up to FAX_MAX_ATTEMPTS calls, then
 *     the fax fails with the reason; a voice line fails at once;
 *   - a fax to a destination the account may not fax (premium-rate; international-rate without international faxing,
 *     issue 25) fails at once without a call, whenever it was queued.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { faxDestinationProblem } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { type FaxCallResult, FaxGatewayUnavailable } from '../../integrations/fax/fax-gateway.js';
import * as repo from './fax-outbox.repository.js';

export interface FaxQueueRound {
  released: number;
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  unknown: number;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Seconds before try n+1 after n calls: the base, doubling. */
export const retryDelaySeconds = (base: number, attempts: number) => base * 2 ** Math.max(0, attempts - 1);

/** One round: release stale claims, claim what is due (at most `limit`), call the carrier for each. */
export async function workFaxQueue(ctx: AppContext, options: { limit?: number } = {}): Promise<FaxQueueRound> {
  const { maxAttempts, retryBaseSeconds, claimTimeoutSeconds } = ctx.config.fax;
  const round: FaxQueueRound = { released: 0, claimed: 0, sent: 0, retrying: 0, failed: 0, unknown: 0 };
  const started = ctx.now();
  const cutoff = new Date(started.getTime() - claimTimeoutSeconds * 1000).toISOString();
  round.released = await repo.releaseStaleClaims(ctx.db, cutoff, started.toISOString());

  const due = await repo.dueFaxes(ctx.db, started.toISOString(), options.limit ?? 5);
  const claimed: { row: repo.SentFaxRow; token: string; callId: string; attempt: number }[] = [];
  for (const row of due) {
    // An unknown outcome kept its call id: the same call is asked about again, not counted as a new one.
    const newCall = row.call_id === null;
    const callId = row.call_id ?? `fax-${row.id}-${row.carrier_calls + 1}`;
    const attempt = newCall ? row.attempts + 1 : Math.max(1, row.attempts);
    const token = randomUUID();
    const ok = await repo.claim(ctx.db, row, {
      token,
      callId,
      attempts: attempt,
      carrierCalls: row.carrier_calls + (newCall ? 1 : 0),
      now: ctx.now().toISOString(),
    });
    if (ok) claimed.push({ row, token, callId, attempt });
  }
  round.claimed = claimed.length;

  await Promise.all(
    claimed.map(async ({ row, token, callId, attempt }) => {
      const outcome = await tryOnce(ctx, row, callId, attempt);
      const now = ctx.now();
      const at = now.toISOString();
      const later = (attempts: number) =>
        new Date(now.getTime() + retryDelaySeconds(retryBaseSeconds, attempts) * 1000).toISOString();
      let next: Parameters<typeof repo.finishTry>[3];
      let attemptOutcome: string;
      let detail: string | null;
      if (outcome.kind === 'unknown') {
        round.unknown += 1;
        attemptOutcome = 'error';
        detail = outcome.detail;
        next = {
          status: 'queued',
          reason: outcome.detail,
          nextAttemptAt: later(attempt),
          callId,
          sentAt: null,
          now: at,
        };
      } else if (outcome.kind === 'unreadable') {
        round.failed += 1;
        attemptOutcome = 'failed';
        detail = outcome.detail;
        next = { status: 'failed', reason: outcome.detail, nextAttemptAt: null, callId: null, sentAt: null, now: at };
      } else {
        const r = outcome.result;
        attemptOutcome = r.outcome;
        detail = r.detail;
        if (r.outcome === 'sent') {
          round.sent += 1;
          next = { status: 'sent', reason: null, nextAttemptAt: null, callId: null, sentAt: at, now: at };
        } else if (r.outcome === 'failed' || attempt >= maxAttempts) {
          round.failed += 1;
          const tries = attempt === 1 ? 'after 1 try' : `after ${attempt} tries`;
          const reason =
            r.outcome === 'failed'
              ? (r.detail ?? 'The call failed.')
              : `${r.detail ?? 'The call did not go through.'} Gave up ${tries}.`;
          next = { status: 'failed', reason, nextAttemptAt: null, callId: null, sentAt: null, now: at };
        } else {
          round.retrying += 1;
          next = {
            status: 'queued',
            reason: r.detail,
            nextAttemptAt: later(attempt),
            callId: null,
            sentAt: null,
            now: at,
          };
        }
      }
      await ctx.db.transaction().execute(async (trx) => {
        // Only the claim's holder ends the try; a released and re-taken claim is someone else's now.
        if (!(await repo.finishTry(trx, row.id, token, next))) return;
        await repo.insertAttempt(trx, { sent_fax_id: row.id, call_id: callId, at, outcome: attemptOutcome, detail });
      });
    }),
  );
  return round;
}

type TryOutcome =
  | { kind: 'answered'; result: FaxCallResult }
  | { kind: 'unknown'; detail: string }
  /** Failed without a call: the files could not be read, or the account may not fax that destination. */
  | { kind: 'unreadable'; detail: string };

async function tryOnce(ctx: AppContext, row: repo.SentFaxRow, callId: string, attempt: number): Promise<TryOutcome> {
  const internationalFaxing = await repo.internationalFaxing(ctx.db, row.customer_id);
  const refused = faxDestinationProblem(row.to_number, { internationalFaxing });
  if (refused) return { kind: 'unreadable', detail: `Not sent: ${refused}` };
  let documents: { contentType: string; bytes: Buffer }[];
  try {
    const files = await repo.filesOf(ctx.db, [row.id]);
    documents = await Promise.all(
      files.map(async (f) => {
        const opened = await ctx.files.open(f.storage_key, { sha256: f.sha256 });
        return { contentType: f.content_type, bytes: await readAll(opened.stream) };
      }),
    );
  } catch (err) {
    ctx.log.error({ err, sentFaxId: row.id }, 'fax queue: the files of a fax could not be read');
    return { kind: 'unreadable', detail: 'The fax’s files could not be read. Please send it again.' };
  }
  try {
    const result = await ctx.fax.send({
      callId,
      from: row.from_number,
      to: row.to_number,
      attempt,
      pages: row.pages,
      documents,
    });
    return { kind: 'answered', result };
  } catch (err) {
    if (!(err instanceof FaxGatewayUnavailable)) throw err;
    ctx.log.warn({ err, sentFaxId: row.id, callId }, 'fax queue: the carrier did not answer');
    return {
      kind: 'unknown',
      detail: 'The fax carrier did not answer; the fax waits in the queue and is tried again.',
    };
  }
}
