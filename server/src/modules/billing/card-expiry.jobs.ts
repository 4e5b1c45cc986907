/**
 * `card.expiring` (issue 30), run by jobs.ts's daily reminders round: every saved card (not deleted) that expires
 * next month — months in provider time — is told to its account once. The dedupe key is the card and its expiry
 * month, so the round's every later run that month, on any instance, adds nothing.
 */
import { addMonths, DISPATCH_TIME_ZONE, localParts } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './billing.repository.js';

export async function sendCardExpiryNotices(ctx: AppContext): Promise<{ cards: number; written: number }> {
  const now = ctx.now();
  const next = addMonths(localParts(now, DISPATCH_TIME_ZONE).date.slice(0, 7), 1);
  const [year = 0, month = 0] = next.split('-').map(Number);
  const cards = await repo.cardsExpiringIn(ctx.db, year, month);
  let written = 0;
  for (const card of cards) {
    written += await notify(ctx.db, now, {
      type: 'card.expiring',
      key: `card:${card.id}:${next}`,
      customerId: card.customer_id,
      data: { last4: card.last4, brand: card.brand },
    });
  }
  return { cards: cards.length, written };
}
