import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.js';
import {
  assertPackagesAllowed,
  type CatalogRow,
  cartProblem,
  installDays,
  leadDaysFor,
  packagesFor,
  windowCapacity,
} from './ordering.policy.js';

const pkg = (id: number, name: string, category: string, area_kinds: string): CatalogRow => ({
  id,
  name,
  category,
  price_cents: 1000,
  install_fee_cents: 0,
  area_kinds,
  speed_mbps: null,
  description: null,
});
const CATALOGUE = [
  pkg(1, 'Fiber 300', 'internet', 'fiber'),
  pkg(7, 'Business 500', 'internet', 'business_fiber'),
  pkg(10, 'Static IP', 'static_ip', 'fiber,business_fiber'),
];

describe('what an area sells', () => {
  it('sells by area kind, and nothing where fiber is not available', () => {
    expect(packagesFor(CATALOGUE, ['fiber']).map((p) => p.id)).toEqual([1, 10]);
    expect(packagesFor(CATALOGUE, ['fiber', 'business_fiber']).map((p) => p.id)).toEqual([1, 7, 10]);
    expect(packagesFor(CATALOGUE, ['construction'])).toEqual([]);
    expect(packagesFor(CATALOGUE, [])).toEqual([]);
  });

  it('names the refused package and what is offered', () => {
    const allowed = packagesFor(CATALOGUE, ['fiber']);
    expect(() => assertPackagesAllowed([1], allowed, CATALOGUE)).not.toThrow();
    try {
      assertPackagesAllowed([7], allowed, CATALOGUE);
      throw new Error('not refused');
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).fields?.packageIds).toBe(
        'Business 500 is not offered at this address. Choose from: Fiber 300, Static IP.',
      );
    }
  });

  it('needs exactly one internet package', () => {
    expect(cartProblem([])).toContain('empty');
    expect(cartProblem([{ category: 'static_ip' }])).toContain('internet package');
    expect(cartProblem([{ category: 'internet' }, { category: 'internet' }])).toBe('Choose one internet package.');
    expect(cartProblem([{ category: 'internet' }, { category: 'phone' }])).toBeNull();
  });
});

describe('install days and capacity', () => {
  it('offers working days after the lead time', () => {
    // 2026-11-24 is a Tuesday; +2 days = Thursday.
    expect(installDays('2026-11-24', leadDaysFor(true), 4)).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(installDays('2026-11-24', leadDaysFor(false), 1)).toEqual(['2026-12-08']);
  });

  it('counts one visit per installer per window, less installs due (unwindowed ones in the morning)', () => {
    const days = ['2026-12-01', '2026-12-02'];
    const cap = windowCapacity(days, 3, [
      { date: '2026-12-01', window: '12:00-17:00', n: 2 },
      { date: '2026-12-01', window: null, n: 1 },
      { date: '2026-12-02', window: '08:00-12:00', n: 5 },
    ]);
    expect(cap).toEqual([
      {
        date: '2026-12-01',
        windows: [
          { window: '08:00-12:00', capacity: 3, free: 2 },
          { window: '12:00-17:00', capacity: 3, free: 1 },
        ],
      },
      {
        date: '2026-12-02',
        windows: [
          { window: '08:00-12:00', capacity: 3, free: 0 },
          { window: '12:00-17:00', capacity: 3, free: 3 },
        ],
      },
    ]);
  });
});
