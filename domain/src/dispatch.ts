/**
 * Dispatch (issue 13 part 3): the rules of the staff dispatch board, shared by the server (which enforces them on
 * every assignment) and the browser (which flags them before the dispatcher drops a work order). Pure functions.
 *
 * - Working hours: Monday to Friday, 08:00 to 17:00 in the provider's time zone (DISPATCH_TIME_ZONE). A slot that
 *   starts before, ends after, spans a night or falls on a weekend is outside them: allowed, but flagged.
 * - Double booking: one installer or one contractor crew with two work orders whose slots overlap (half-open
 *   intervals: one ending at 10:00 and the next starting at 10:00 do not overlap). Refused (409) by the server.
 * - A waiting work order (an order's later step) may not start before its predecessor's slot ends. Refused (409);
 *   a predecessor that has no slot yet is flagged, not refused.
 */

/** The provider's time zone: the board's working hours are local wall-clock time here (Boone Valley, Missouri). */
export const DISPATCH_TIME_ZONE = 'America/Chicago';

export interface WorkingHours {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: readonly number[];
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
}

export const WORKING_HOURS: WorkingHours = { days: [1, 2, 3, 4, 5], startMinute: 8 * 60, endMinute: 17 * 60 };

/** Default length of a visit dropped on the board, and the limits of a slot. */
export const DEFAULT_SLOT_MINUTES = 120;
export const MIN_SLOT_MINUTES = 15;
export const MAX_SLOT_MINUTES = 10 * 60;
/** At most this many work orders in one bulk assignment. */
export const MAX_BULK_ASSIGN = 50;
/** The board shows at most this many days at once. */
export const MAX_BOARD_DAYS = 31;

/** Statuses in which a work order's work is over: it is neither unassigned nor overdue and cannot be scheduled. */
export const SETTLED_WORK_ORDER_STATUSES = ['Complete', 'Closed', 'Cancelled'] as const;

export function isDoneStatus(status: string): boolean {
  return (SETTLED_WORK_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Overdue: the due date (YYYY-MM-DD) has passed (before `today`, local date) and the work is not done. */
export function isOverdue(dueDate: string | null, status: string, today: string): boolean {
  return dueDate !== null && dueDate < today && !isDoneStatus(status);
}

interface LocalParts {
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** YYYY-MM-DD. */
  date: string;
  minute: number;
  /** The zone's short name at that instant ("CST", "CDT"). */
  zone: string;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local weekday, date, minute of the day and zone name of an instant in a time zone. */
export function localParts(at: Date, timeZone = DISPATCH_TIME_ZONE): LocalParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    zone: parts.timeZoneName ?? timeZone,
  };
}

/** The local date (YYYY-MM-DD) of an instant in the provider's time zone. */
export function dispatchLocalDate(at: Date, timeZone = DISPATCH_TIME_ZONE): string {
  return localParts(at, timeZone).date;
}

/**
 * Whether [start, end) lies inside one working day's hours (local time). End exactly at closing time is inside;
 * a slot crossing midnight is never inside.
 */
export function isWithinWorkingHours(
  start: Date,
  end: Date,
  hours: WorkingHours = WORKING_HOURS,
  timeZone = DISPATCH_TIME_ZONE,
): boolean {
  if (!(end.getTime() > start.getTime())) return false;
  const s = localParts(start, timeZone);
  const e = localParts(end, timeZone);
  if (s.date !== e.date) return false;
  if (!hours.days.includes(s.weekday)) return false;
  return s.minute >= hours.startMinute && e.minute <= hours.endMinute;
}

export interface Interval {
  /** ISO-8601 UTC. */
  start: string;
  end: string;
}

/** Half-open overlap: [a.start, a.end) and [b.start, b.end) share some time. */
export function overlaps(a: Interval, b: Interval): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/** A slot on the board: a work order's visit by one resource ('installer:<user id>' or 'contractor:<company id>'). */
export interface BoardSlot extends Interval {
  workOrderId: number;
  resourceId: string;
}

export interface SlotCheck {
  /** Other work orders of the same resource whose slots overlap this one. */
  doubleBookedWith: number[];
  outsideWorkingHours: boolean;
  /** It starts before its predecessor's slot ends. */
  beforePredecessor: boolean;
  /** It waits for a predecessor that has no slot yet. */
  predecessorUnscheduled: boolean;
}

/**
 * Every rule of one slot against the resource's other slots and the predecessor's (null: the work order waits for
 * nothing; undefined slot: the predecessor is not scheduled).
 */
export function checkSlot(
  slot: BoardSlot,
  others: readonly BoardSlot[],
  predecessor: { workOrderId: number; slot: Interval | null } | null = null,
  options: { hours?: WorkingHours; timeZone?: string } = {},
): SlotCheck {
  const doubleBookedWith = others
    .filter((o) => o.workOrderId !== slot.workOrderId && o.resourceId === slot.resourceId && overlaps(o, slot))
    .map((o) => o.workOrderId)
    .sort((a, b) => a - b);
  return {
    doubleBookedWith: [...new Set(doubleBookedWith)],
    outsideWorkingHours: !isWithinWorkingHours(
      new Date(slot.start),
      new Date(slot.end),
      options.hours,
      options.timeZone,
    ),
    beforePredecessor: Boolean(predecessor?.slot && Date.parse(slot.start) < Date.parse(predecessor.slot.end)),
    predecessorUnscheduled: Boolean(predecessor && !predecessor.slot),
  };
}

/** Whether the check has something the board flags. */
export function hasFlags(check: SlotCheck): boolean {
  return (
    check.doubleBookedWith.length > 0 ||
    check.outsideWorkingHours ||
    check.beforePredecessor ||
    check.predecessorUnscheduled
  );
}

/** Slots for several work orders placed one after another from `start`, each `minutes` long (bulk scheduling). */
export function consecutiveSlots(workOrderIds: readonly number[], start: string, minutes: number): Interval[] {
  const t0 = Date.parse(start);
  const ms = minutes * 60_000;
  return workOrderIds.map((_, i) => ({
    start: new Date(t0 + i * ms).toISOString(),
    end: new Date(t0 + (i + 1) * ms).toISOString(),
  }));
}

/** A board resource id: `installer:<user id>` or `contractor:<company id>`. */
export type ResourceKind = 'installer' | 'contractor';
export const RESOURCE_ID_PATTERN = /^(installer|contractor):([1-9]\d{0,9})$/;

export function parseResourceId(id: string): { kind: ResourceKind; refId: number } | null {
  const m = RESOURCE_ID_PATTERN.exec(id);
  if (!m) return null;
  return { kind: m[1] as ResourceKind, refId: Number(m[2]) };
}

export function resourceIdOf(kind: ResourceKind, refId: number): string {
  return `${kind}:${refId}`;
}
