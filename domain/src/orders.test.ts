import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  isCancellable,
  manualMoveNeedsReason,
  mayMoveOrder,
  mayMoveOrderAs,
  ORDER_STATUSES,
  type OrderMover,
  proratedCents,
  workPlanOf,
} from './orders.js';

describe('order rules', () => {
  it('maps each kind of area to what a visitor can do', () => {
    expect(availabilityOf('fiber')).toBe('available');
    expect(availabilityOf('business_fiber')).toBe('available');
    expect(availabilityOf('construction')).toBe('coming_soon');
    expect(availabilityOf('signup')).toBe('taking_signups');
    expect(availabilityOf('outside')).toBe('not_served');
  });

  it('plans survey, construction, splicing and install for a new drop, the install alone where a drop exists', () => {
    const types = (p: ReturnType<typeof workPlanOf>) => p.map((s) => s.type);
    expect(types(workPlanOf({ business: false, dropExists: false, kind: 'new', needsVisit: true }))).toEqual([
      'Consumer Site Survey',
      'Consumer Drop Construction',
      'Consumer Splicing',
      'Consumer Fiber Install',
    ]);
    expect(types(workPlanOf({ business: true, dropExists: true, kind: 'new', needsVisit: true }))).toEqual([
      'Business Fiber Install',
    ]);
    expect(workPlanOf({ business: false, dropExists: true, kind: 'change', needsVisit: false })).toEqual([]);
    expect(types(workPlanOf({ business: false, dropExists: true, kind: 'change', needsVisit: true }))).toEqual([
      'Consumer Fiber Install',
    ]);
    // A change where the drop does not reach (a cancelled order's location) is planned as a new address.
    expect(types(workPlanOf({ business: false, dropExists: false, kind: 'change', needsVisit: true }))).toEqual(
      types(workPlanOf({ business: false, dropExists: false, kind: 'new', needsVisit: true })),
    );
  });

  it('moves an order forward only, and cancels it until it is installed', () => {
    expect(mayMoveOrder('placed', 'survey_done')).toBe(true);
    expect(mayMoveOrder('drop_built', 'placed')).toBe(false);
    expect(mayMoveOrder('spliced', 'cancelled')).toBe(true);
    expect(mayMoveOrder('installed', 'cancelled')).toBe(false);
    expect(mayMoveOrder('cancelled', 'installed')).toBe(false);
    expect(isCancellable('placed')).toBe(true);
    expect(isCancellable('installed')).toBe(false);
  });

  it('lets only the work (and an admin, with a reason) install an order; sales move the construction steps only', () => {
    const allowed = (by: OrderMover) =>
      ORDER_STATUSES.flatMap((from) =>
        ORDER_STATUSES.filter((to) => mayMoveOrderAs(by, from, to)).map((to) => `${from}>${to}`),
      );
    const forward = [
      'placed>survey_done',
      'placed>drop_built',
      'placed>spliced',
      'survey_done>drop_built',
      'survey_done>spliced',
      'drop_built>spliced',
    ];
    const installs = ['placed>installed', 'survey_done>installed', 'drop_built>installed', 'spliced>installed'];
    expect(allowed('sales')).toEqual(forward);
    expect(allowed('work').sort()).toEqual([...forward, ...installs].sort());
    expect(allowed('admin').sort()).toEqual([...forward, ...installs].sort());
    // Nobody moves an order back, out of installed or cancelled, or cancels it by a status change.
    for (const by of ['work', 'sales', 'admin'] as const) {
      expect(mayMoveOrderAs(by, 'installed', 'spliced')).toBe(false);
      expect(mayMoveOrderAs(by, 'cancelled', 'installed')).toBe(false);
      expect(mayMoveOrderAs(by, 'placed', 'cancelled')).toBe(false);
      expect(mayMoveOrderAs(by, 'spliced', 'spliced')).toBe(false);
    }
    expect(manualMoveNeedsReason('installed')).toBe(true);
    expect(manualMoveNeedsReason('drop_built')).toBe(false);
  });

  it('prorates a monthly price from the start date to the end of its month', () => {
    expect(proratedCents(7_500, '2026-11-01')).toBe(7_500);
    expect(proratedCents(7_500, '2026-11-30')).toBe(250);
    expect(proratedCents(7_500, '2026-11-16')).toBe(3_750);
    // February of a leap year has 29 days: 14/29 of $55.00 = $26.55 (26.551…).
    expect(proratedCents(5_500, '2028-02-16')).toBe(2_655);
  });
});
