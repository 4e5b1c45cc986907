/** What the phone report builders share: the Built shape, hours, sums, direction labels and call charges. */
import { CALL_RATES_CENTS, type CallClass, type CallDirection, daysBetween, type ReportData } from '@strand/domain';
import type { CallGroup, CallScope } from './phone-reports.repository.js';

/** A builder's part of a ReportData: the engine (phone-reports.service.ts) adds type, title, range and subject. */
export type Built = Omit<ReportData, 'type' | 'title' | 'from' | 'to' | 'subject'>;

export const HOURS = Array.from({ length: 24 }, (_, h) => h);
export const hourKey = (h: number) => String(h).padStart(2, '0');
/** Seconds since 1970 -> "2025-03-05 14:03 UTC". */
export const utcMinute = (at: number) => `${new Date(at * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
export const DIRECTION_LABEL: Record<CallDirection, string> = { inbound: 'Inbound', outbound: 'Outbound' };

export const chargeOf = (c: CallClass, minutes: number) =>
  c === 'long_distance' || c === 'international' || c === 'toll_free' ? minutes * CALL_RATES_CENTS[c] : 0;

export const perDay = (rows: CallGroup[], scope: CallScope, pick: (g: CallGroup) => number) => {
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.keys.day, (byDay.get(r.keys.day) ?? 0) + pick(r));
  return daysBetween(scope.from, scope.to).map((d) => byDay.get(d) ?? 0);
};
