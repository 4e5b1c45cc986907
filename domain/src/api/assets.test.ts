import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AssetTagSchema,
  debounce,
  EQUIPMENT_LIST_LIMIT,
  filterEquipment,
  isActionVisible,
  toneTestOidFor,
  visibleEquipment,
} from './assets.js';

describe('isActionVisible', () => {
  it('hides action 39 from everyone and action 6 from contractors only', () => {
    expect(isActionVisible(39, { nContractor: 0 })).toBe(false);
    expect(isActionVisible(39, { nContractor: 2 })).toBe(false);
    expect(isActionVisible(6, { nContractor: 0 })).toBe(true);
    expect(isActionVisible(6, { nContractor: 1 })).toBe(false);
    expect(isActionVisible(1, { nContractor: 2 })).toBe(true);
  });
});

describe('filterEquipment', () => {
  const items = [
    { vcAssetID: 'ONT-STK-0001', vcModel: '803G', vcEquipmentMaker: 'Calix', nPorts: 4 },
    { vcAssetID: 'ONT-STK-0002', vcModel: '844G-1', vcEquipmentMaker: 'Calix', nPorts: 6 },
    { vcAssetID: 'RTR-1', vcModel: 'Pro 6', vcEquipmentMaker: 'eero', nPorts: 2 },
  ];
  it('matches case-insensitively in any field, trimming the query', () => {
    expect(filterEquipment(items, '  calix ').map((i) => i.vcAssetID)).toEqual(['ONT-STK-0001', 'ONT-STK-0002']);
    expect(filterEquipment(items, '844g').map((i) => i.vcAssetID)).toEqual(['ONT-STK-0002']);
    expect(filterEquipment(items, '6').map((i) => i.vcAssetID)).toEqual(['ONT-STK-0002', 'RTR-1']);
  });
  it('keeps everything for an empty query and nothing for a miss', () => {
    expect(filterEquipment(items, '')).toHaveLength(3);
    expect(filterEquipment(items, 'zzz')).toHaveLength(0);
  });
});

describe('visibleEquipment (the 10-entry rule)', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i);
  it('shows up to 10 entries without the toggle', () => {
    expect(visibleEquipment(list(EQUIPMENT_LIST_LIMIT), false)).toEqual({ shown: list(10), hidden: false });
  });
  it('hides a list of 11 until Show all equipments is on', () => {
    expect(visibleEquipment(list(11), false)).toEqual({ shown: [], hidden: true });
    expect(visibleEquipment(list(11), true)).toEqual({ shown: list(11), hidden: false });
  });
});

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('calls once with the last value after the wait', () => {
    const fn = vi.fn();
    const d = debounce(fn, 1000);
    d('O');
    vi.advanceTimersByTime(500);
    d('ONT');
    vi.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('ONT');
  });
  it('can be cancelled', () => {
    const fn = vi.fn();
    const d = debounce(fn, 1000);
    d('x');
    d.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('AssetTagSchema and toneTestOidFor', () => {
  it('trims a tag and refuses spaces inside', () => {
    expect(AssetTagSchema.parse('  ONT-100001 ')).toBe('ONT-100001');
    expect(AssetTagSchema.safeParse('ONT 1').success).toBe(false);
  });
  it('appends slot and port to the OID base', () => {
    expect(toneTestOidFor(1, 4)).toBe('1.3.6.1.4.1.32473.1.1.1.11.1.4');
  });
});
