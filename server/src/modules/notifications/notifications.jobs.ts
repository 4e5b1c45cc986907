/**
 * Delivery of the notification outbox, run by jobs.ts every second. Safe on several workers and instances at once:
 *   - a due row is claimed with a conditional update (`queued` -> `sending`, matching its attempts as read), so
 *     exactly one worker sends it; only the claim's holder ends the try. A claim older than
 *     NOTIFY_CLAIM_TIMEOUT_SECONDS (a dead worker) is released; the SMS carrier answers a message reference it has
 *     seen from its record, and a mail keeps its Message-ID, so a repeat is recognisable;
 *   - throttled per channel: at most NOTIFY_EMAIL_PER_SECOND mails and NOTIFY_SMS_PER_SECOND texts a round;
 *   - a carrier or SMTP server that does not answer is tried again after NOTIFY_RETRY_BASE_SECONDS, doubling, up to
 *     NOTIFY_MAX_ATTEMPTS tries; a final refusal (a 5xx mail answer, a 4xx from the SMS carrier) fails at once;
 *   - an SMS due inside the recipient's quiet hours is deferred to their end (not dropped, not a try);
 *   - every try (and every deferral) is a row of the delivery log, notification_deliveries.
 */
import { randomUUID } from 'node:crypto';
import { minutesLeftInQuietHours, type NotificationCategory } from '@strand/domain';
import type { AppContext } from '../../context.js';
import {
  createNotificationMailer,
  MailRejected,
  type NotificationMailer,
} from '../../integrations/mail/notification-mail.js';
import { createSmsGateway, type SmsGateway, SmsRejected } from '../../integrations/sms/sms-gateway.js';
import { mailParts, smsText } from './notification-templates.js';
import * as repo from './notifications.repository.js';
import { readPayload, unsubscribeUrl } from './notifications.service.js';

export interface DeliveryChannels {
  email: NotificationMailer;
  sms: SmsGateway;
}

export interface DeliveryRound {
  released: number;
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  deferred: number;
}

const channelsByContext = new WeakMap<AppContext, DeliveryChannels>();

/** The adapters of the configuration (SMTP_URL or the local sink; SMS_GATEWAY_URL or the simulated carrier). */
export function channelsOf(ctx: AppContext): DeliveryChannels {
  let channels = channelsByContext.get(ctx);
  if (!channels) {
    const n = ctx.config.notifications;
    const domain = new URL(ctx.config.publicUrl).hostname || 'strand.local';
    channels = {
      email: createNotificationMailer({ smtpUrl: n.smtpUrl, from: ctx.config.mail.from, domain }),
      sms: createSmsGateway({
        url: n.sms.url,
        accountSid: n.sms.accountSid,
        authToken: n.sms.authToken,
        from: n.sms.from,
      }),
    };
    channelsByContext.set(ctx, channels);
  }
  return channels;
}

/**
 * Lets the channels' connections go (the pooled SMTP connection) once the delivery job has stopped: an open one keeps
 * the mail server waiting for it, and the server's own SMTP sink would hold the shutdown up to its close timeout.
 */
export function closeDeliveryChannels(ctx: AppContext): void {
  channelsByContext.get(ctx)?.email.close();
  channelsByContext.delete(ctx);
}

/** Seconds before try n+1 after n tries: the base, doubling. */
export const backoffSeconds = (base: number, attempts: number) => base * 2 ** Math.max(0, attempts - 1);

/** Minutes after local midnight in the time zone. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Number(parts.hour) * 60 + Number(parts.minute);
}

type Outcome =
  | { kind: 'sent'; providerId: string; delivered: boolean }
  | { kind: 'retry'; detail: string }
  | { kind: 'failed'; detail: string };

async function sendOne(ctx: AppContext, channels: DeliveryChannels, row: repo.OutboxRow): Promise<Outcome> {
  const notice = readPayload(row.payload);
  const ref = `notification-${row.id}`;
  try {
    if (row.channel === 'email') {
      const category = row.category as NotificationCategory;
      const unsubscribe = category === 'security' ? null : unsubscribeUrl(ctx, row);
      const parts = mailParts(notice, {
        providerName: ctx.config.shell.providerName,
        category,
        unsubscribeUrl: unsubscribe,
        portalUrl: ctx.config.publicUrl,
      });
      const sent = await channels.email.send({ ref, to: row.address ?? '', ...parts, unsubscribeUrl: unsubscribe });
      return { kind: 'sent', providerId: sent.providerId, delivered: false };
    }
    const sent = await channels.sms.send({
      ref,
      to: row.address ?? '',
      body: smsText(notice, ctx.config.shell.providerName),
    });
    return { kind: 'sent', providerId: sent.providerId, delivered: sent.status === 'delivered' };
  } catch (err) {
    const detail = (err as Error).message || 'The channel did not answer.';
    if (err instanceof MailRejected || err instanceof SmsRejected) return { kind: 'failed', detail };
    return { kind: 'retry', detail };
  }
}

/** One round: release stale claims, then per channel claim what is due (its throttle) and send it. */
export async function deliverNotifications(
  ctx: AppContext,
  options: { channels?: DeliveryChannels; perRound?: Partial<Record<'email' | 'sms', number>> } = {},
): Promise<DeliveryRound> {
  const n = ctx.config.notifications;
  const channels = options.channels ?? channelsOf(ctx);
  const round: DeliveryRound = { released: 0, claimed: 0, sent: 0, retrying: 0, failed: 0, deferred: 0 };
  const started = ctx.now();
  round.released = await repo.releaseStaleClaims(
    ctx.db,
    new Date(started.getTime() - n.claimTimeoutSeconds * 1000).toISOString(),
    started.toISOString(),
  );
  const quietCache = new Map<string, { starts: string; ends: string } | undefined>();
  await Promise.all(
    (['email', 'sms'] as const).map(async (channel) => {
      const limit = options.perRound?.[channel] ?? n.perSecond[channel];
      const due = await repo.dueRows(ctx.db, channel, started.toISOString(), limit);
      for (const row of due) {
        const token = randomUUID();
        if (!(await repo.claim(ctx.db, row, token, ctx.now().toISOString()))) continue;
        round.claimed += 1;
        const attempt = row.attempts + 1;
        const now = ctx.now();
        const at = now.toISOString();
        if (channel === 'sms') {
          const key = `${row.recipient_kind}:${row.recipient_id}`;
          if (!quietCache.has(key))
            quietCache.set(key, await repo.quietHoursOf(ctx.db, row.recipient_kind, row.recipient_id));
          const quiet = quietCache.get(key);
          const wait = quiet ? minutesLeftInQuietHours(quiet, localMinutes(now, n.timeZone)) : 0;
          if (wait > 0) {
            round.deferred += 1;
            const until = new Date(now.getTime() + wait * 60_000).toISOString();
            await ctx.db.transaction().execute(async (trx) => {
              const ended = await repo.finishTry(trx, row.id, token, {
                state: 'queued',
                attempts: row.attempts,
                nextAttemptAt: until,
                lastError: null,
                providerId: null,
                sentAt: null,
                now: at,
              });
              if (ended) {
                await repo.logDelivery(trx, {
                  outbox_id: row.id,
                  attempt: row.attempts,
                  at,
                  outcome: 'deferred',
                  detail: `Quiet hours ${quiet?.starts}–${quiet?.ends}: held until ${until}.`,
                });
              }
            });
            continue;
          }
        }
        const outcome = await sendOne(ctx, channels, { ...row, attempts: attempt });
        const done = ctx.now().toISOString();
        let next: Parameters<typeof repo.finishTry>[3];
        let logged: { outcome: string; detail: string | null };
        if (outcome.kind === 'sent') {
          round.sent += 1;
          const state = outcome.delivered ? 'delivered' : 'sent';
          next = {
            state,
            nextAttemptAt: null,
            lastError: null,
            providerId: outcome.providerId,
            sentAt: done,
            now: done,
          };
          logged = { outcome: state, detail: null };
        } else if (outcome.kind === 'failed' || attempt >= n.maxAttempts) {
          round.failed += 1;
          const detail =
            outcome.kind === 'failed' ? outcome.detail : `${outcome.detail} Gave up after ${attempt} tries.`;
          next = { state: 'failed', nextAttemptAt: null, lastError: detail, providerId: null, sentAt: null, now: done };
          logged = { outcome: 'failed', detail };
        } else {
          round.retrying += 1;
          const later = new Date(now.getTime() + backoffSeconds(n.retryBaseSeconds, attempt) * 1000).toISOString();
          next = {
            state: 'queued',
            nextAttemptAt: later,
            lastError: outcome.detail,
            providerId: null,
            sentAt: null,
            now: done,
          };
          logged = { outcome: 'retrying', detail: outcome.detail };
        }
        await ctx.db.transaction().execute(async (trx) => {
          if (!(await repo.finishTry(trx, row.id, token, next))) return;
          await repo.logDelivery(trx, { outbox_id: row.id, attempt, at: done, ...logged });
        });
      }
    }),
  );
  return round;
}
