/**
 * Runs autopay on a timer (AUTOPAY_INTERVAL_MINUTES; 0 turns it off): once a minute after start, then every
 * interval. Several servers may run it at once: each invoice's autopay payment has a fixed key, so it charges once.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { PaymentGateway } from '../../integrations/payments/payment-gateway.js';
import { runAutopay } from './payment-recovery.js';

export function startAutopayRunner(app: FastifyInstance, ctx: AppContext, gateway: PaymentGateway): void {
  const minutes = ctx.config.billing.autopayIntervalMinutes;
  if (minutes <= 0) return;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await runAutopay(ctx, gateway);
      if (outcome.completed + outcome.declined + outcome.unanswered > 0)
        app.log.info({ autopay: outcome }, 'autopay run');
    } catch (err) {
      app.log.error({ err }, 'autopay run failed');
    } finally {
      running = false;
    }
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    timers.push(setTimeout(run, 60_000).unref(), setInterval(run, minutes * 60_000).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
