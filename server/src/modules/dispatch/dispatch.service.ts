/**
 * The dispatch board (issue 13 part 3). The board reads the installers and contractor crews, the work to place
 * (assigned to nobody, overdue, waiting for another work order) and the slots of a range of days, with every slot's
 * flags (domain/src/dispatch.ts checkSlot). One write assigns one or several work orders to one resource and, with a
 * start, schedules them back to back:
 *
 * - an installer becomes the work order's only assignee (work_order_assignments; the installer's search shows it
 *   under Assigned to Me) and the visit is the work order's next_scheduled_at/next_scheduled_name;
 * - a contractor company gets work_orders.contractor_id (its work orders list) and a calendar event (its calendar),
 *   updated or moved with the slot.
 *
 * Double booking and a start before the predecessor's slot ends are refused with 409 naming the other work order
 * (field `start`); outside working hours and an unscheduled predecessor are accepted and flagged in the answer.
 * Everything in one transaction with an audit row per work order, under the request's Idempotency-Key.
 */
import {
  type AssignRequest,
  type AssignResult,
  type BoardSlot,
  checkSlot,
  consecutiveSlots,
  DEFAULT_SLOT_MINUTES,
  DISPATCH_TIME_ZONE,
  type DispatchAvailability,
  type DispatchAvailabilityQuery,
  type DispatchBoard,
  type DispatchBoardQuery,
  type DispatchSlot,
  type DispatchWorkOrder,
  dispatchLocalDate,
  isDoneStatus,
  isOverdue,
  isWithinWorkingHours,
  nextDay,
  parseResourceId,
  type ResourceKind,
  resourceIdOf,
  visitWindowOf,
} from '@strand/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { audit, changesBetween } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Viewer } from '../../plugins/auth.js';
import { notify } from '../notifications/notifications.service.js';
import { recordOrderEvent } from '../orders/orders.service.js';
import * as repo from './dispatch.repository.js';

// ---- time ------------------------------------------------------------------------------------------------------

/** The UTC instant of local midnight of a YYYY-MM-DD day in the provider's time zone. */
export function localMidnightUtc(date: string, timeZone = DISPATCH_TIME_ZONE): string {
  // Noon UTC of that day is the same local date everywhere in the Americas; step back to its local midnight.
  const guess = new Date(`${date}T12:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(guess);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value);
  return new Date(guess.getTime() - (hour * 60 + minute) * 60_000).toISOString();
}

const toIso = (s: string) => new Date(s).toISOString();

// ---- slots -----------------------------------------------------------------------------------------------------

function slotResourceId(s: repo.SlotRow): string {
  return s.resource_kind === 'installer'
    ? resourceIdOf('installer', s.installer_user_id ?? 0)
    : resourceIdOf('contractor', s.contractor_id ?? 0);
}

const toBoardSlot = (s: repo.SlotRow): BoardSlot => ({
  workOrderId: s.work_order_id,
  resourceId: slotResourceId(s),
  start: s.starts_at,
  end: s.ends_at,
});

function slotWithFlags(
  slot: BoardSlot,
  others: readonly BoardSlot[],
  predecessorId: number | null,
  slotOf: (id: number) => BoardSlot | undefined,
): DispatchSlot {
  const predecessor =
    predecessorId === null ? null : { workOrderId: predecessorId, slot: slotOf(predecessorId) ?? null };
  return { resourceId: slot.resourceId, start: slot.start, end: slot.end, flags: checkSlot(slot, others, predecessor) };
}

// ---- the board -------------------------------------------------------------------------------------------------

export async function board(ctx: AppContext, _user: Viewer, query: DispatchBoardQuery): Promise<DispatchBoard> {
  const today = dispatchLocalDate(ctx.now());
  const from = localMidnightUtc(query.from);
  const to = localMidnightUtc(nextDay(query.to));

  const [resources, rows, slotsInRange] = await Promise.all([
    repo.findResources(ctx.db),
    repo.findBoardWorkOrders(ctx.db, { from, to, today }),
    repo.findSlotsInRange(ctx.db, from, to),
  ]);
  const truncated = rows.length > repo.BOARD_WORK_ORDER_LIMIT;
  const shown = rows.slice(0, repo.BOARD_WORK_ORDER_LIMIT);
  const ids = shown.map((r) => r.id);
  const predecessorIds = [...new Set(shown.map((r) => r.depends_on_work_order_id).filter((id) => id !== null))];
  const [assignments, predecessorSlots] = await Promise.all([
    repo.findAssignments(ctx.db, ids),
    repo.findSlots(ctx.db, predecessorIds),
  ]);

  const others = slotsInRange.map(toBoardSlot);
  const slotById = new Map<number, BoardSlot>();
  for (const s of [...predecessorSlots, ...slotsInRange]) slotById.set(s.work_order_id, toBoardSlot(s));
  const assigneesOf = new Map<number, string[]>();
  for (const a of assignments) {
    assigneesOf.set(a.work_order_id, [
      ...(assigneesOf.get(a.work_order_id) ?? []),
      resourceIdOf('installer', a.user_id),
    ]);
  }

  const workOrders: DispatchWorkOrder[] = shown.map((r) => {
    const installers = assigneesOf.get(r.id) ?? [];
    const assignedTo = [...installers, ...(r.wo_contractor_id ? [resourceIdOf('contractor', r.wo_contractor_id)] : [])];
    const slot =
      r.work_order_id !== null && r.resource_kind !== null && r.starts_at !== null && r.ends_at !== null
        ? toBoardSlot({
            work_order_id: r.work_order_id,
            resource_kind: r.resource_kind,
            installer_user_id: r.installer_user_id,
            contractor_id: r.contractor_id,
            starts_at: r.starts_at,
            ends_at: r.ends_at,
            calendar_event_id: r.calendar_event_id,
          })
        : null;
    return {
      id: r.id,
      type: r.type,
      status: r.status,
      customerName: r.customer_name,
      address: r.address ? [r.address, r.city].filter(Boolean).join(', ') : null,
      latitude: r.latitude,
      longitude: r.longitude,
      dueDate: r.due_date,
      overdue: isOverdue(r.due_date, r.status, today),
      unassigned: assignedTo.length === 0,
      assignedTo,
      dependsOn: r.depends_on_work_order_id,
      slot: slot ? slotWithFlags(slot, others, r.depends_on_work_order_id, (id) => slotById.get(id)) : null,
    };
  });

  return {
    from: query.from,
    to: query.to,
    today,
    resources: resourceList(resources),
    workOrders,
    truncated,
  };
}

function resourceList({ installers, companies }: Awaited<ReturnType<typeof repo.findResources>>) {
  return [
    ...installers.map((u) => ({
      id: resourceIdOf('installer', u.id),
      kind: 'installer' as const,
      title: `${u.first_name} ${u.last_name}`.trim(),
    })),
    ...companies.map((c) => ({ id: resourceIdOf('contractor', c.id), kind: 'contractor' as const, title: c.name })),
  ];
}

// ---- availability ----------------------------------------------------------------------------------------------

/**
 * Every installer and crew for [start, end): free, or the visits it would overlap (the same half-open overlap the
 * write refuses). The work order being placed is no conflict with itself; an unknown one is 404.
 */
export async function availability(
  ctx: AppContext,
  _user: Viewer,
  query: DispatchAvailabilityQuery,
): Promise<DispatchAvailability> {
  const start = toIso(query.start);
  const end = toIso(query.end);
  const [resources, slots, placing] = await Promise.all([
    repo.findResources(ctx.db),
    repo.findSlotsInRange(ctx.db, start, end),
    query.workOrderId === undefined ? null : repo.findWorkOrdersForAssign(ctx.db, [query.workOrderId]),
  ]);
  if (placing && placing.length === 0) throw notFound(`Work order ${query.workOrderId} was not found.`);
  const byResource = new Map<string, DispatchAvailability['resources'][number]['conflicts']>();
  for (const s of slots) {
    if (s.work_order_id === query.workOrderId) continue;
    const id = slotResourceId(s);
    const list = byResource.get(id) ?? [];
    list.push({ workOrderId: s.work_order_id, start: toIso(s.starts_at), end: toIso(s.ends_at) });
    byResource.set(id, list);
  }
  return {
    start,
    end,
    outsideWorkingHours: !isWithinWorkingHours(new Date(start), new Date(end)),
    resources: resourceList(resources).map((r) => {
      const conflicts = (byResource.get(r.id) ?? []).sort((a, b) => a.start.localeCompare(b.start));
      return { resourceId: r.id, title: r.title, kind: r.kind, available: conflicts.length === 0, conflicts };
    }),
  };
}

// ---- assign and schedule -----------------------------------------------------------------------------------------

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: DISPATCH_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
/** "Dec 7, 08:00–11:00" within a day (the board's zone), "Dec 7, 22:00–Dec 8, 01:00" across midnight. */
const spanOf = (start: string, end: string) => {
  const [from, to] = [timeOf(start), timeOf(end)];
  const [fromDay, toDay] = [from.split(', ')[0], to.split(', ')[0]];
  return fromDay === toDay ? `${from}–${to.split(', ')[1] ?? to}` : `${from}–${to}`;
};

interface Resource {
  kind: ResourceKind;
  refId: number;
  id: string;
  title: string;
}

async function loadResource(trx: Transaction<Database>, resourceId: string): Promise<Resource> {
  const parsed = parseResourceId(resourceId);
  if (!parsed)
    throw badRequest('Choose an installer or a contractor crew.', {
      resourceId: 'Choose an installer or a contractor crew.',
    });
  if (parsed.kind === 'installer') {
    const u = await repo.findInstaller(trx, parsed.refId);
    if (!u)
      throw badRequest('That installer does not exist or is disabled.', { resourceId: 'Choose an active installer.' });
    return { ...parsed, id: resourceId, title: `${u.first_name} ${u.last_name}`.trim() };
  }
  const c = await repo.findCompany(trx, parsed.refId);
  if (!c) throw badRequest('That contractor company does not exist.', { resourceId: 'Choose a contractor crew.' });
  return { ...parsed, id: resourceId, title: c.name };
}

export async function assign(
  ctx: AppContext,
  user: Viewer,
  body: AssignRequest,
  key: string | undefined,
): Promise<AssignResult> {
  const now = ctx.now();
  const result = await runIdempotent(
    ctx.db,
    { userId: user.userId, key, route: 'POST /api/staff/dispatch/assign', request: body, now },
    async (trx) => ({ statusCode: 200, body: await assignIn(trx, user, body, now.toISOString()) }),
  );
  return result.body;
}

async function assignIn(
  trx: Transaction<Database>,
  user: Viewer,
  body: AssignRequest,
  now: string,
): Promise<AssignResult> {
  const found = await repo.findWorkOrdersForAssign(trx, body.workOrderIds);
  const byId = new Map(found.map((w) => [w.id, w]));
  const missing = body.workOrderIds.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`Work order ${missing} was not found.`);
  const done = found.find((w) => isDoneStatus(w.status));
  if (done) {
    throw conflict(`Work order ${done.id} is ${done.status.toLowerCase()}; it cannot be assigned or scheduled.`, {
      workOrderIds: `Work order ${done.id} is ${done.status}.`,
    });
  }
  const resource = await loadResource(trx, body.resourceId);
  const existing = new Map((await repo.findSlots(trx, body.workOrderIds)).map((s) => [s.work_order_id, s]));

  // The new slot of each work order: back to back from `start`, or its current times moved to the new resource.
  const planned = new Map<number, { start: string; end: string }>();
  if (body.start) {
    const minutes = body.durationMinutes ?? DEFAULT_SLOT_MINUTES;
    consecutiveSlots(body.workOrderIds, toIso(body.start), minutes).forEach((s, i) => {
      planned.set(body.workOrderIds[i] as number, s);
    });
  } else {
    for (const id of body.workOrderIds) {
      const s = existing.get(id);
      if (s) planned.set(id, { start: s.starts_at, end: s.ends_at });
    }
  }

  const newSlots: BoardSlot[] = [...planned].map(([workOrderId, s]) => ({
    workOrderId,
    resourceId: resource.id,
    ...s,
  }));
  let others: BoardSlot[] = [];
  if (newSlots.length > 0) {
    const from = newSlots.reduce((m, s) => (s.start < m ? s.start : m), newSlots[0]?.start ?? now);
    const to = newSlots.reduce((m, s) => (s.end > m ? s.end : m), newSlots[0]?.end ?? now);
    const moving = new Set(body.workOrderIds);
    others = (await repo.findResourceSlots(trx, resource, from, to))
      .filter((s) => !moving.has(s.work_order_id))
      .map(toBoardSlot);
  }
  const predecessorIds = [...new Set(found.map((w) => w.depends_on_work_order_id).filter((id) => id !== null))];
  const predecessorSlots = new Map(
    (await repo.findSlots(trx, predecessorIds)).map((s) => [s.work_order_id, toBoardSlot(s)]),
  );
  const slotOf = (id: number) => newSlots.find((s) => s.workOrderId === id) ?? predecessorSlots.get(id);

  const results: AssignResult['results'] = [];
  for (const id of body.workOrderIds) {
    const wo = byId.get(id);
    if (!wo) continue;
    const slot = newSlots.find((s) => s.workOrderId === id);
    let checked: DispatchSlot | null = null;
    if (slot) {
      checked = slotWithFlags(slot, [...others, ...newSlots], wo.depends_on_work_order_id, slotOf);
      const clash = checked.flags.doubleBookedWith[0];
      if (clash !== undefined) {
        const other = others.find((o) => o.workOrderId === clash);
        throw new HttpError(
          409,
          'double_booked',
          `${resource.title} is already booked with work order ${clash}${
            other ? ` (${spanOf(other.start, other.end)})` : ''
          } at that time.`,
          { start: `Overlaps work order ${clash}.` },
        );
      }
      if (checked.flags.beforePredecessor) {
        const before = wo.depends_on_work_order_id ?? 0;
        const p = slotOf(before);
        throw new HttpError(
          409,
          'before_predecessor',
          `Work order ${id} waits for work order ${before}, which ends ${p ? timeOf(p.end) : 'later'}; schedule it after that.`,
          { start: `Must start after work order ${before} ends.` },
        );
      }
    }
    await writeAssignment(trx, wo, resource, slot ?? null, existing.get(id) ?? null, user, now);
    results.push({ workOrderId: id, resourceId: resource.id, slot: checked });
  }
  return { results };
}

/**
 * The notices of a scheduled visit, in the assignment's transaction: the customer hears of a booked visit and of a
 * move to another day or half-day window (a move inside the same window says nothing); the installer — or every
 * user of the contractor company — that the work order is new to hears of it, and of a move of their visit.
 */
async function tellOfVisit(
  trx: Transaction<Database>,
  wo: AssignWorkOrder,
  resource: Resource,
  slot: BoardSlot,
  previous: repo.SlotRow | null,
  now: string,
) {
  const at = new Date(now);
  const visit = visitWindowOf(slot.start, DISPATCH_TIME_ZONE);
  const before = previous ? visitWindowOf(previous.starts_at, DISPATCH_TIME_ZONE) : null;
  const address = wo.address ?? 'your address';
  if (!before || before.date !== visit.date || before.window !== visit.window) {
    await notify(trx, at, {
      type: before ? 'appointment.moved' : 'appointment.booked',
      key: `work-order:${wo.id}:${slot.start}`,
      customerId: wo.customer_id,
      data: { address, ...visit },
    });
  }
  // The field side: the installer, or each user of the contractor company, hears of work new to them and of a move.
  const installer = resource.kind === 'installer';
  const same = installer ? previous?.installer_user_id === resource.refId : previous?.contractor_id === resource.refId;
  if (same && previous?.starts_at === slot.start) return;
  await notify(trx, at, {
    type: same ? 'field.work_order_moved' : 'field.work_order_assigned',
    key: `work-order:${wo.id}:${installer ? resource.refId : `contractor-${resource.refId}`}:${slot.start}`,
    userIds: installer ? [resource.refId] : await repo.contractorUserIds(trx, resource.refId),
    data: { workOrder: String(wo.id), address: wo.address ?? wo.customer_name, date: timeOf(slot.start) },
  });
}

type AssignWorkOrder = Awaited<ReturnType<typeof repo.findWorkOrdersForAssign>>[number];

async function writeAssignment(
  trx: Transaction<Database>,
  wo: AssignWorkOrder,
  resource: Resource,
  slot: BoardSlot | null,
  previous: repo.SlotRow | null,
  user: Viewer,
  now: string,
) {
  const title = `${wo.type} - ${wo.customer_name}`;
  // The crew's calendar names the visit as the demo's do: which work order, what and where (issue 15 item 13).
  const eventTitle = `WO ${wo.id}: ${wo.type} - ${wo.address ?? wo.customer_name}`;
  if (resource.kind === 'installer') await repo.assignToInstaller(trx, wo.id, resource.refId, now);
  else await repo.assignToContractor(trx, wo.id, resource.refId, now);

  // The contractor's calendar event follows the slot: kept (and moved) for a company, removed for an installer.
  let calendarEventId: number | null = null;
  if (slot && resource.kind === 'contractor') {
    const event = { contractorId: resource.refId, title: eventTitle, start: slot.start, end: slot.end };
    if (previous?.calendar_event_id) {
      await repo.updateCalendarEvent(trx, previous.calendar_event_id, event);
      calendarEventId = previous.calendar_event_id;
    } else {
      calendarEventId = await repo.insertCalendarEvent(trx, { ...event, workOrderId: wo.id });
    }
  } else if (previous?.calendar_event_id) {
    await repo.deleteCalendarEvent(trx, previous.calendar_event_id);
  }
  if (slot) {
    await repo.upsertSlot(trx, {
      work_order_id: wo.id,
      resource_kind: resource.kind,
      installer_user_id: resource.kind === 'installer' ? resource.refId : null,
      contractor_id: resource.kind === 'contractor' ? resource.refId : null,
      starts_at: slot.start,
      ends_at: slot.end,
      calendar_event_id: calendarEventId,
      updated_at: now,
      updated_by: user.userId,
    });
    await repo.setNextScheduled(trx, wo.id, slot.start, title);
    // The order's timeline (the customer follows it) says when the visit is, not who makes it.
    if (wo.order_id !== null && slot.start !== previous?.starts_at) {
      await recordOrderEvent(
        trx,
        wo.order_id,
        /Install$/.test(wo.type) ? 'install_scheduled' : 'work_scheduled',
        `${wo.type} scheduled for ${timeOf(slot.start)}.`,
        { workOrderId: wo.id, userId: user.userId, employeeId: user.employeeId },
        now,
      );
    }
    await tellOfVisit(trx, wo, resource, slot, previous, now);
  }
  const beforeId = previous ? slotResourceId(previous) : null;
  const before =
    beforeId === resource.id ? resource : beforeId ? await loadResource(trx, beforeId).catch(() => null) : null;
  await audit(trx, {
    at: now,
    userId: user.userId,
    employeeId: user.employeeId,
    action: slot ? 'dispatch.schedule' : 'dispatch.assign',
    subject: `work_order:${wo.id}`,
    detail: {
      resourceId: resource.id,
      start: slot?.start ?? null,
      end: slot?.end ?? null,
      previous: previous
        ? { resourceId: slotResourceId(previous), start: previous.starts_at, end: previous.ends_at }
        : null,
    },
    changes: changesBetween(
      { Crew: before?.title, Start: previous?.starts_at, End: previous?.ends_at },
      { Crew: resource.title, Start: slot?.start ?? previous?.starts_at, End: slot?.end ?? previous?.ends_at },
    ),
  });
}
