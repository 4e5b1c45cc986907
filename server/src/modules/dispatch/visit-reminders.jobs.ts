/**
 * The day-before reminder of a scheduled visit (issue 30, `appointment.reminder`), run by jobs.ts's daily reminders
 * round. From REMINDER_FROM_MINUTE (9 AM) provider time, every open work order whose visit (next_scheduled_at, which
 * the dispatch board writes with the slot) falls on tomorrow's provider-time date is told. The dedupe key is the
 * work order and that date, so a second round that day, or the same round on another instance, adds nothing; a visit
 * moved to another day is reminded again for its new day. There is no event transaction to join: each notice is
 * written by its own statements, and a round cut short is completed by the next (the keys skip what exists).
 */
import { DISPATCH_TIME_ZONE, localParts, nextDay, visitWindowOf, zonedInstant } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './dispatch.repository.js';

/** Reminders go out from 9 AM the day before (provider time), not in the night. */
export const REMINDER_FROM_MINUTE = 9 * 60;

export async function sendVisitReminders(ctx: AppContext): Promise<{ visits: number; written: number }> {
  const now = ctx.now();
  const local = localParts(now, DISPATCH_TIME_ZONE);
  if (local.minute < REMINDER_FROM_MINUTE) return { visits: 0, written: 0 };
  const tomorrow = nextDay(local.date);
  const from = zonedInstant(tomorrow, 0, DISPATCH_TIME_ZONE).toISOString();
  const to = zonedInstant(nextDay(tomorrow), 0, DISPATCH_TIME_ZONE).toISOString();
  const visits = await repo.visitsBetween(ctx.db, from, to);
  let written = 0;
  for (const v of visits) {
    if (!v.next_scheduled_at) continue;
    const visit = visitWindowOf(v.next_scheduled_at, DISPATCH_TIME_ZONE);
    written += await notify(ctx.db, now, {
      type: 'appointment.reminder',
      key: `work-order:${v.id}:${tomorrow}`,
      customerId: v.customer_id,
      data: { address: v.address ?? 'your address', ...visit },
    });
  }
  return { visits: visits.length, written };
}
