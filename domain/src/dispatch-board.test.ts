import { describe, expect, it } from 'vitest';
import type { DispatchResource, DispatchWorkOrder } from './api/dispatch.js';
import { layoutBoard, travelEstimate, wallTime, zonedInstant } from './dispatch-board.js';

const noFlags = {
  doubleBookedWith: [],
  outsideWorkingHours: false,
  beforePredecessor: false,
  predecessorUnscheduled: false,
};
function wo(id: number, resourceId: string, start: string, end: string, lat: number | null, lon: number | null) {
  return {
    id,
    type: 'Install',
    status: 'Assigned',
    customerName: `Customer ${id}`,
    address: null,
    latitude: lat,
    longitude: lon,
    dueDate: null,
    overdue: false,
    unassigned: false,
    assignedTo: [resourceId],
    dependsOn: null,
    slot: { resourceId, start, end, flags: noFlags },
  } satisfies DispatchWorkOrder;
}
const resources: DispatchResource[] = [
  { id: 'contractor:1', kind: 'contractor', title: 'Prairie Fiber Crew' },
  { id: 'installer:2', kind: 'installer', title: 'Zoe Installer' },
  { id: 'installer:3', kind: 'installer', title: 'Adam Installer' },
];

describe('travelEstimate', () => {
  it('is the great-circle distance × 1.3 at 30 mph, labelled as an estimate', () => {
    // One degree of latitude is 69.04 miles at the SPEC's radius: 89.75 road miles, 180 minutes at 30 mph.
    const t = travelEstimate({ latitude: 40, longitude: -95 }, { latitude: 41, longitude: -95 });
    expect(t.miles).toBeCloseTo(89.8, 1);
    expect(t.minutes).toBe(180);
    expect(t.label).toBe('≈ 3 h 0 min drive (estimate)');
  });
  it('says minutes for a short drive and never zero', () => {
    const short = travelEstimate({ latitude: 40, longitude: -95 }, { latitude: 40.05, longitude: -95 });
    expect(short.label).toBe('≈ 9 min drive (estimate)');
    expect(travelEstimate({ latitude: 40, longitude: -95 }, { latitude: 40, longitude: -95 }).minutes).toBe(1);
  });
});

describe('zonedInstant', () => {
  it('reads a wall time in the provider zone, standard and daylight time', () => {
    expect(zonedInstant('2026-11-30', 8 * 60).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(zonedInstant('2026-07-01', 8 * 60 + 30).toISOString()).toBe('2026-07-01T13:30:00.000Z');
  });
});

describe('layoutBoard', () => {
  const day = '2026-11-30';
  const work = [
    wo(11, 'installer:2', '2026-11-30T17:00:00Z', '2026-11-30T18:00:00Z', 40.05, -95),
    wo(10, 'installer:2', '2026-11-30T14:00:00Z', '2026-11-30T16:00:00Z', 40, -95),
    wo(12, 'installer:2', '2026-12-01T14:00:00Z', '2026-12-01T16:00:00Z', 40, -95),
    wo(13, 'contractor:1', '2026-11-30T15:00:00Z', '2026-11-30T15:30:00Z', null, null),
  ];
  it('groups every person and crew, by name, with the day’s visits in provider time', () => {
    const groups = layoutBoard(day, resources, work);
    expect(groups.map((g) => g.title)).toEqual(['Our installers', 'Contractor companies']);
    expect(groups[0]?.rows.map((r) => r.resource.title)).toEqual(['Adam Installer', 'Zoe Installer']);
    const zoe = groups[0]?.rows[1];
    expect(zoe?.visits.map((v) => v.workOrder.id)).toEqual([10, 11]);
    expect(zoe?.visits.map((v) => [wallTime(v.startMinute), wallTime(v.endMinute)])).toEqual([
      ['08:00', '10:00'],
      ['11:00', '12:00'],
    ]);
    // 06:00–20:00 is the axis: 08:00 is 2/14 of it.
    expect(zoe?.visits[0]?.left).toBeCloseTo((2 / 14) * 100, 5);
    expect(zoe?.visits[0]?.width).toBeCloseTo((2 / 14) * 100, 5);
  });
  it('estimates the drive between consecutive visits and flags one that does not fit', () => {
    const zoe = layoutBoard(day, resources, work)[0]?.rows[1];
    expect(zoe?.visits[0]?.travelFromPrevious).toBeNull();
    expect(zoe?.visits[1]?.travelFromPrevious?.label).toBe('≈ 9 min drive (estimate)');
    expect(zoe?.visits[1]?.travelTight).toBe(false);
    const tight = layoutBoard(day, resources, [
      wo(20, 'installer:2', '2026-11-30T14:00:00Z', '2026-11-30T16:00:00Z', 40, -95),
      wo(21, 'installer:2', '2026-11-30T16:00:00Z', '2026-11-30T17:00:00Z', 40.5, -95),
    ])[0]?.rows[1];
    expect(tight?.visits[1]?.travelTight).toBe(true);
  });
  it('keeps only the rows whose name matches the search', () => {
    const groups = layoutBoard(day, resources, work, '  prairie ');
    expect(groups.map((g) => g.rows.map((r) => r.resource.id))).toEqual([['contractor:1']]);
    expect(layoutBoard(day, resources, work, 'nobody')).toEqual([]);
  });
});
