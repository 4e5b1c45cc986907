/**
 * The dispatch board's pure pieces (issue 29 item 4): travel estimates between a person's consecutive visits, the
 * provider-zone clock of the board (a wall time on a day to an instant and back), and the board's layout — every
 * installer and crew as a row, grouped, filtered by a search, each visit placed on the day's time axis. The web board
 * draws what `layoutBoard` returns; scripts/bench/dispatch-board.mjs times it after a move.
 */
import { type DispatchResource, type DispatchWorkOrder, slotFlagMessages } from './api/dispatch.js';
import { DISPATCH_TIME_ZONE, localParts } from './dispatch.js';
import { distanceMiles, type LatLng } from './geo.js';

/** Roads are longer than the straight line: the great-circle distance times this factor. */
export const ROAD_FACTOR = 1.3;
/** Average speed of a crew between visits (town and country roads), miles per hour. */
export const AVERAGE_SPEED_MPH = 30;

export interface TravelEstimate {
  miles: number;
  minutes: number;
  /** "≈ 12 min drive (estimate)". */
  label: string;
}

/** Driving estimate between two places: great-circle miles × ROAD_FACTOR at AVERAGE_SPEED_MPH, whole minutes. */
export function travelEstimate(from: LatLng, to: LatLng): TravelEstimate {
  const miles = distanceMiles(from, to) * ROAD_FACTOR;
  const minutes = Math.max(1, Math.round((miles / AVERAGE_SPEED_MPH) * 60));
  const words = minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return { miles: Math.round(miles * 10) / 10, minutes, label: `≈ ${words} drive (estimate)` };
}

/**
 * The instant of a wall time (minutes after midnight) on a day (YYYY-MM-DD) in the provider's zone. Two passes
 * settle the zone's offset, daylight saving included.
 */
export function zonedInstant(day: string, minute: number, timeZone = DISPATCH_TIME_ZONE): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d) + minute * 60_000;
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(at), timeZone);
    const [py, pm, pd] = p.date.split('-').map(Number) as [number, number, number];
    at += wanted - (Date.UTC(py, pm - 1, pd) + p.minute * 60_000);
  }
  return new Date(at);
}

/** The board's hours: 06:00 to 20:00 provider time. */
export const BOARD_START_MINUTE = 6 * 60;
export const BOARD_END_MINUTE = 20 * 60;

export interface BoardVisit {
  workOrder: DispatchWorkOrder;
  /** Minutes after midnight, provider time, clipped to the board's hours. */
  startMinute: number;
  endMinute: number;
  /** Position on the axis, percent of the board's hours. */
  left: number;
  width: number;
  flags: string[];
  /** The drive from this person's previous visit of the day, when both places are known. */
  travelFromPrevious: TravelEstimate | null;
  /** The drive does not fit between the previous visit's end and this start. */
  travelTight: boolean;
}

export interface BoardRow {
  resource: DispatchResource;
  visits: BoardVisit[];
}

export interface BoardGroup {
  id: string;
  title: string;
  rows: BoardRow[];
}

const GROUP_TITLES: Record<DispatchResource['kind'], string> = {
  installer: 'Our installers',
  contractor: 'Contractor companies',
};

const span = BOARD_END_MINUTE - BOARD_START_MINUTE;
const pct = (minute: number) => (Math.min(Math.max(minute - BOARD_START_MINUTE, 0), span) / span) * 100;

/**
 * Rows for every installer and crew whose name matches `search` (case-insensitive; every row when empty), grouped
 * (installers, then contractor companies, each by name), with the day's visits in provider time, ordered, and the
 * drive between consecutive visits.
 */
export function layoutBoard(
  day: string,
  resources: readonly DispatchResource[],
  workOrders: readonly DispatchWorkOrder[],
  search = '',
  timeZone = DISPATCH_TIME_ZONE,
): BoardGroup[] {
  const byResource = new Map<string, DispatchWorkOrder[]>();
  for (const w of workOrders) {
    if (!w.slot) continue;
    const list = byResource.get(w.slot.resourceId);
    if (list) list.push(w);
    else byResource.set(w.slot.resourceId, [w]);
  }
  const needle = search.trim().toLowerCase();
  const groups: BoardGroup[] = (['installer', 'contractor'] as const).map((kind) => ({
    id: kind,
    title: GROUP_TITLES[kind],
    rows: [],
  }));
  const sorted = resources
    .filter((r) => !needle || r.title.toLowerCase().includes(needle))
    .sort((a, b) => a.title.localeCompare(b.title));
  for (const resource of sorted) {
    const visits: BoardVisit[] = [];
    for (const w of byResource.get(resource.id) ?? []) {
      const slot = w.slot as NonNullable<DispatchWorkOrder['slot']>;
      const start = localParts(new Date(slot.start), timeZone);
      if (start.date !== day) continue;
      const end = localParts(new Date(slot.end), timeZone);
      const endMinute = end.date === day ? end.minute : 24 * 60;
      visits.push({
        workOrder: w,
        startMinute: start.minute,
        endMinute,
        left: pct(start.minute),
        width: Math.max(pct(endMinute) - pct(start.minute), 0.5),
        flags: slotFlagMessages(slot.flags),
        travelFromPrevious: null,
        travelTight: false,
      });
    }
    visits.sort((a, b) => a.startMinute - b.startMinute || a.workOrder.id - b.workOrder.id);
    for (let i = 1; i < visits.length; i++) {
      const prev = visits[i - 1] as BoardVisit;
      const cur = visits[i] as BoardVisit;
      const a = prev.workOrder;
      const b = cur.workOrder;
      if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) continue;
      cur.travelFromPrevious = travelEstimate(
        { latitude: a.latitude, longitude: a.longitude },
        { latitude: b.latitude, longitude: b.longitude },
      );
      cur.travelTight = cur.startMinute - prev.endMinute < cur.travelFromPrevious.minutes;
    }
    groups[resource.kind === 'installer' ? 0 : 1]?.rows.push({ resource, visits });
  }
  return groups.filter((g) => g.rows.length > 0);
}

/** The wall time of a minute of the day: 510 -> "08:30". */
export function wallTime(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
