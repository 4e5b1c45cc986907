/**
 * The dispatch board's slots for the demo's scheduled work (issue 13 part 3), derived from what the other steps
 * scheduled, so the board opens with the crews' and installers' real days: a contractor work order's calendar event
 * becomes its company's slot (the event stays linked to it), and an installer work order with a next scheduled time
 * becomes a two-hour slot of its first assignee. Finished work gets no slot. Deterministic: it reads only seeded rows.
 */
import { DEFAULT_SLOT_MINUTES, SETTLED_WORK_ORDER_STATUSES } from '@strand/domain';
import type { NewRow } from '../db/database.js';
import type { SeedContext } from './context.js';

export async function seedDispatchSlots(ctx: SeedContext): Promise<void> {
  const done = [...SETTLED_WORK_ORDER_STATUSES];
  const now = ctx.clock.at(0, 7);
  const events = await ctx.db
    .selectFrom('calendar_events as e')
    .innerJoin('work_orders as wo', 'wo.id', 'e.work_order_id')
    .select(['e.id', 'e.contractor_id', 'e.work_order_id', 'e.starts_at', 'e.ends_at'])
    .whereRef('wo.contractor_id', '=', 'e.contractor_id')
    .where('wo.status', 'not in', done)
    .orderBy('e.work_order_id')
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .execute();
  const slots = new Map<number, NewRow<'work_order_slots'>>();
  for (const e of events) {
    if (e.work_order_id === null || slots.has(e.work_order_id)) continue;
    slots.set(e.work_order_id, {
      work_order_id: e.work_order_id,
      resource_kind: 'contractor',
      installer_user_id: null,
      contractor_id: e.contractor_id,
      starts_at: new Date(e.starts_at).toISOString(),
      ends_at: new Date(e.ends_at).toISOString(),
      calendar_event_id: e.id,
      updated_at: now,
      updated_by: null,
    });
  }
  const visits = await ctx.db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_assignments as a', 'a.work_order_id', 'wo.id')
    .select(['wo.id', 'wo.next_scheduled_at', (eb) => eb.fn.min('a.user_id').as('user_id')])
    .where('wo.contractor_id', 'is', null)
    .where('wo.next_scheduled_at', 'is not', null)
    .where('wo.status', 'not in', done)
    .groupBy(['wo.id', 'wo.next_scheduled_at'])
    .orderBy('wo.id')
    .execute();
  for (const v of visits) {
    if (v.next_scheduled_at === null || slots.has(v.id)) continue;
    const start = new Date(v.next_scheduled_at);
    slots.set(v.id, {
      work_order_id: v.id,
      resource_kind: 'installer',
      installer_user_id: Number(v.user_id),
      contractor_id: null,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + DEFAULT_SLOT_MINUTES * 60_000).toISOString(),
      calendar_event_id: null,
      updated_at: now,
      updated_by: null,
    });
  }
  await ctx.insert('work_order_slots', [...slots.values()]);
}
