import { describe, expect, it } from 'vitest';
import {
  type AssemblyUnitRequirements,
  assemblyUnitEarnings,
  assemblyUnitInputs,
  checkAssemblyUnitEntry,
  formatUsd,
} from './assembly-units.js';
import { fromTimestamp, toTimestamp } from './date-time.js';

const unit = (tag: number, seq: number, fee: number, reel: number): AssemblyUnitRequirements => ({
  nReqAssetTag: tag,
  nReqSequential: seq,
  nReqAdditionalDropFee: fee,
  nReqReelNum: reel,
});

describe('assembly unit inputs (SPEC §5)', () => {
  it.each([
    ['nothing required', unit(0, 0, 0, 0), []],
    ['asset tag', unit(1, 0, 0, 0), ['AssetTags', 'SerialNumbers']],
    ['sequential', unit(0, 1, 0, 0), ['BegSequential', 'EndSequential']],
    ['reel', unit(0, 0, 0, 1), ['ReelNum']],
    ['drop fee', unit(0, 0, 1, 0), ['ROWFootage']],
    [
      'all',
      unit(1, 1, 1, 1),
      ['AssetTags', 'SerialNumbers', 'BegSequential', 'EndSequential', 'ReelNum', 'ROWFootage'],
    ],
  ])('shows only what the unit requires: %s', (_name, u, shown) => {
    const inputs = assemblyUnitInputs(u);
    expect(
      Object.entries(inputs)
        .filter(([, on]) => on)
        .map(([k]) => k),
    ).toEqual(shown);
  });

  it('lets serial and end sequential stay blank, and requires the other shown inputs', () => {
    const all = unit(1, 1, 1, 1);
    const ok = checkAssemblyUnitEntry(all, {
      AssemblyUnitID: 3,
      QtyUnits: '180',
      AssetTags: 'ONT-1',
      BegSequential: '10230',
      ReelNum: 'R-1',
      ROWFootage: 0,
    });
    expect(ok).toMatchObject({ ok: true, values: { QtyUnits: 180, SerialNumbers: null, EndSequential: null } });
    const missing = checkAssemblyUnitEntry(all, { AssemblyUnitID: 3, QtyUnits: 1 });
    expect(missing.ok === false && Object.keys(missing.fields)).toEqual([
      'AssetTags',
      'BegSequential',
      'ReelNum',
      'ROWFootage',
    ]);
    expect(missing.ok === false && missing.message).toBe('Asset tags is required for this assembly unit.');
  });

  it('drops the inputs a unit does not ask for', () => {
    const check = checkAssemblyUnitEntry(unit(0, 0, 0, 0), {
      AssemblyUnitID: 5,
      QtyUnits: 2,
      AssetTags: 'stray',
      ReelNum: 'stray',
      ROWFootage: 40,
    });
    expect(check).toEqual({
      ok: true,
      values: {
        AssemblyUnitID: 5,
        QtyUnits: 2,
        AssetTags: null,
        SerialNumbers: null,
        BegSequential: null,
        EndSequential: null,
        ReelNum: null,
        ROWFootage: null,
      },
    });
  });

  it('refuses a bad quantity and sequentials that run backwards', () => {
    for (const qty of [0, -3, 1.5, 'lots', 100_001]) {
      const check = checkAssemblyUnitEntry(unit(0, 0, 0, 0), { AssemblyUnitID: 1, QtyUnits: qty });
      expect(check.ok === false && check.fields.QtyUnits).toBe('Quantity must be a whole number from 1 to 100000.');
    }
    const backwards = checkAssemblyUnitEntry(unit(0, 1, 0, 0), {
      AssemblyUnitID: 1,
      QtyUnits: 1,
      BegSequential: '500',
      EndSequential: '400',
    });
    expect(backwards.ok === false && backwards.fields.EndSequential).toMatch(/must not be below/);
  });
});

describe('assemblyUnitEarnings (getCUPSheet)', () => {
  it('multiplies quantity by the contract unit price and totals the lines', () => {
    const result = assemblyUnitEarnings(
      [
        { AssemblyUnitID: 1, QtyUnits: 1 },
        { AssemblyUnitID: 3, QtyUnits: 180 },
        { AssemblyUnitID: 9, QtyUnits: 2 },
      ],
      [
        { AssemblyUnitID: 1, nUnitPriceCents: 85_00 },
        { AssemblyUnitID: 3, nUnitPriceCents: 2_35 },
      ],
    );
    expect(result.lines.map((l) => l.nAmountCents)).toEqual([85_00, 423_00, 0]);
    expect(result.lines[2]?.nUnitPriceCents).toBeNull();
    expect(result.totalCents).toBe(508_00);
    expect(formatUsd(result.totalCents)).toBe('$508.00');
    expect(formatUsd(123_456_7)).toBe('$12,345.67');
  });
});

describe('date time inputs', () => {
  it('default the time to 00:00 and round-trip through an ISO timestamp', () => {
    const iso = toTimestamp('2025-03-04', '');
    expect(iso).not.toBeNull();
    expect(fromTimestamp(iso)).toEqual({ date: '2025-03-04', time: '00:00' });
    expect(fromTimestamp(toTimestamp('2025-03-04', '17:45'))).toEqual({ date: '2025-03-04', time: '17:45' });
    expect(toTimestamp('', '10:00')).toBeNull();
    expect(fromTimestamp(null)).toEqual({ date: '', time: '00:00' });
  });
});
