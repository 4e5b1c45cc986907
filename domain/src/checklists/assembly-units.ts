/**
 * Assembly units of the connectorized form (SPEC §3, §5): which entry inputs a unit asks for, the entry's
 * validation, and what the entered units earn under the contractor's unit price sheet.
 */
import { QUANTITY_MAX } from './fields.js';

export interface AssemblyUnitRequirements {
  nReqAssetTag: number;
  nReqSequential: number;
  nReqAdditionalDropFee: number;
  nReqReelNum: number;
}

export interface AssemblyUnitInputs {
  AssetTags: boolean;
  SerialNumbers: boolean;
  BegSequential: boolean;
  EndSequential: boolean;
  ReelNum: boolean;
  ROWFootage: boolean;
}

/** The inputs shown for a unit: only those the unit requires (SPEC §5). */
export function assemblyUnitInputs(unit: AssemblyUnitRequirements): AssemblyUnitInputs {
  const tag = unit.nReqAssetTag === 1;
  const seq = unit.nReqSequential === 1;
  return {
    AssetTags: tag,
    SerialNumbers: tag,
    BegSequential: seq,
    EndSequential: seq,
    ReelNum: unit.nReqReelNum === 1,
    ROWFootage: unit.nReqAdditionalDropFee === 1,
  };
}

/** Shown inputs that may stay blank (SPEC §5: serial and end sequential). */
export const OPTIONAL_ASSEMBLY_INPUTS: ReadonlySet<keyof AssemblyUnitInputs> = new Set([
  'SerialNumbers',
  'EndSequential',
]);

export const ASSEMBLY_INPUT_LABELS: Record<keyof AssemblyUnitInputs | 'QtyUnits' | 'AssemblyUnitID', string> = {
  AssemblyUnitID: 'Assembly unit',
  QtyUnits: 'Quantity',
  AssetTags: 'Asset tags',
  SerialNumbers: 'Serial numbers',
  BegSequential: 'Beginning sequential',
  EndSequential: 'Ending sequential',
  ReelNum: 'Reel number',
  ROWFootage: 'ROW footage',
};

export interface AssemblyUnitEntryInput {
  AssemblyUnitID: number;
  QtyUnits: number | string;
  AssetTags?: string | null;
  SerialNumbers?: string | null;
  BegSequential?: string | null;
  EndSequential?: string | null;
  ReelNum?: string | null;
  ROWFootage?: number | string | null;
}

export interface AssemblyUnitEntryValues {
  AssemblyUnitID: number;
  QtyUnits: number;
  AssetTags: string | null;
  SerialNumbers: string | null;
  BegSequential: string | null;
  EndSequential: string | null;
  ReelNum: string | null;
  ROWFootage: number | null;
}

const TEXT_MAX = 500;
const SEQUENTIAL = /^\d{1,12}$/;

const textOf = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

const wholeNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isInteger(v) ? v : Number.NaN;
  const s = textOf(v);
  if (s === null) return null;
  return /^\d+$/.test(s) ? Number(s) : Number.NaN;
};

export type AssemblyEntryCheck =
  | { ok: true; values: AssemblyUnitEntryValues }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * Validates an entry for `unit`: quantity 1..QUANTITY_MAX; every shown input is required except serial and end
 * sequential; sequentials are footage marks (digits) and the end is not below the start; hidden inputs are dropped.
 */
export function checkAssemblyUnitEntry(
  unit: AssemblyUnitRequirements,
  input: AssemblyUnitEntryInput,
): AssemblyEntryCheck {
  const shown = assemblyUnitInputs(unit);
  const fields: Record<string, string> = {};
  const qty = wholeNumber(input.QtyUnits);
  if (qty === null || Number.isNaN(qty) || qty < 1 || qty > QUANTITY_MAX) {
    fields.QtyUnits = `Quantity must be a whole number from 1 to ${QUANTITY_MAX}.`;
  }
  const values: AssemblyUnitEntryValues = {
    AssemblyUnitID: input.AssemblyUnitID,
    QtyUnits: qty ?? 0,
    AssetTags: shown.AssetTags ? textOf(input.AssetTags) : null,
    SerialNumbers: shown.SerialNumbers ? textOf(input.SerialNumbers) : null,
    BegSequential: shown.BegSequential ? textOf(input.BegSequential) : null,
    EndSequential: shown.EndSequential ? textOf(input.EndSequential) : null,
    ReelNum: shown.ReelNum ? textOf(input.ReelNum) : null,
    ROWFootage: null,
  };
  for (const key of ['AssetTags', 'SerialNumbers', 'ReelNum'] as const) {
    const value = values[key];
    if (value !== null && value.length > TEXT_MAX) {
      fields[key] = `${ASSEMBLY_INPUT_LABELS[key]} must be at most ${TEXT_MAX} characters.`;
    }
  }
  for (const key of ['BegSequential', 'EndSequential'] as const) {
    const value = values[key];
    if (value !== null && !SEQUENTIAL.test(value)) {
      fields[key] = `${ASSEMBLY_INPUT_LABELS[key]} must be the footage mark in digits.`;
    }
  }
  if (shown.ROWFootage) {
    const footage = wholeNumber(input.ROWFootage);
    if (footage !== null && (Number.isNaN(footage) || footage > QUANTITY_MAX)) {
      fields.ROWFootage = `ROW footage must be a whole number from 0 to ${QUANTITY_MAX}.`;
    } else values.ROWFootage = footage;
  }
  for (const key of Object.keys(shown) as (keyof AssemblyUnitInputs)[]) {
    if (shown[key] && !OPTIONAL_ASSEMBLY_INPUTS.has(key) && values[key] === null && !fields[key]) {
      fields[key] = `${ASSEMBLY_INPUT_LABELS[key]} is required for this assembly unit.`;
    }
  }
  if (!fields.BegSequential && !fields.EndSequential && values.BegSequential && values.EndSequential) {
    if (Number(values.EndSequential) < Number(values.BegSequential)) {
      fields.EndSequential = 'Ending sequential must not be below the beginning sequential.';
    }
  }
  const first = Object.values(fields)[0];
  if (first) return { ok: false, message: first, fields };
  return { ok: true, values };
}

export interface UnitPrice {
  AssemblyUnitID: number;
  nUnitPriceCents: number;
}

export interface EarningLine {
  AssemblyUnitID: number;
  QtyUnits: number;
  /** null when the contract has no price for the unit. */
  nUnitPriceCents: number | null;
  nAmountCents: number;
}

/** What the entered units earn under a unit price sheet (getCUPSheet): quantity x unit price, and the total. */
export function assemblyUnitEarnings(
  entries: readonly { AssemblyUnitID: number; QtyUnits: number }[],
  prices: readonly UnitPrice[],
): { lines: EarningLine[]; totalCents: number } {
  const priceOf = new Map(prices.map((p) => [p.AssemblyUnitID, p.nUnitPriceCents]));
  const lines = entries.map((e) => {
    const price = priceOf.get(e.AssemblyUnitID) ?? null;
    return { ...e, nUnitPriceCents: price, nAmountCents: price === null ? 0 : price * e.QtyUnits };
  });
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.nAmountCents, 0) };
}

/** Cents as dollars, e.g. 15000 -> '$150.00'. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
