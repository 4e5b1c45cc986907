/**
 * The nine phone report types of SPEC §9 (domain/src/api/phone-reports.ts), one engine for the business customer's
 * own account (/reports) and for billing staff looking at any business customer (/staff/reports). Each type is a
 * few grouped queries (phone-reports.repository.ts) turned into a ReportData: totals, a chart where a chart says
 * more than a table, and tables; the CSV and PDF are written from the same ReportData (report-files.ts). This file
 * is the engine (subject, range, filters); the builders are in phone-report-billing.ts and phone-report-traffic.ts.
 */
import {
  addMonths,
  type CustomerType,
  type PhoneReportType,
  type PhoneTypeReportQuerySchema,
  phoneReportTypeOf,
  type ReportData,
  resolveDayRange,
  showsReports,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { billing, outbound, summary } from './phone-report-billing.js';
import type { Built } from './phone-report-parts.js';
import { busy, callVolume, callVolumeAll, concurrent, fullMonth } from './phone-report-traffic.js';
import * as repo from './phone-reports.repository.js';

export type PhoneTypeQuery = z.output<typeof PhoneTypeReportQuerySchema>;
export interface PhoneSubject {
  customerId: string;
  customerName: string;
}

const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

/** The staff's subject: a business customer, or a 400 naming vcCustomerID. */
export async function businessSubject(ctx: AppContext, vcCustomerID: string): Promise<PhoneSubject> {
  const row = await repo.customer(ctx.db, vcCustomerID);
  if (!row) {
    throw badRequest('No customer has this account number.', { vcCustomerID: 'No customer has this account number.' });
  }
  if (!showsReports(row.customer_type as CustomerType)) {
    const message = `${row.name} is a ${row.customer_type} customer; phone reports are for business customers.`;
    throw badRequest(message, { vcCustomerID: message });
  }
  return { customerId: row.id, customerName: row.name };
}

/** The range of a type: a month for the Full Month Report, else a range of days (the phone report's rules). */
export function rangeOf(ctx: AppContext, type: PhoneReportType, query: PhoneTypeQuery): { from: string; to: string } {
  if (phoneReportTypeOf(type).range === 'month') {
    const month = query.month ?? today(ctx).slice(0, 7);
    const last = new Date(Date.parse(`${addMonths(month, 1)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    return { from: `${month}-01`, to: last };
  }
  const range = resolveDayRange(query, today(ctx));
  if (!range.ok) throw badRequest(range.message, range.fields);
  return range;
}

function scopeOf(
  ctx: AppContext,
  subject: PhoneSubject,
  type: PhoneReportType,
  range: { from: string; to: string },
  q: PhoneTypeQuery,
) {
  const filters: readonly string[] = phoneReportTypeOf(type).filters;
  return {
    raw: ctx.config.phoneReports.source === 'records',
    customerId: subject.customerId,
    from: range.from,
    to: range.to,
    direction: filters.includes('direction') ? q.direction : undefined,
    number: filters.includes('number') ? q.number : undefined,
  } satisfies repo.CallScope;
}

function filterNote(scope: repo.CallScope): string {
  const parts = [scope.direction && `${scope.direction} calls`, scope.number && `numbers containing ${scope.number}`];
  return parts.filter(Boolean).length ? ` Filtered to ${parts.filter(Boolean).join(', ')}.` : '';
}

export async function phoneTypeReport(
  ctx: AppContext,
  subject: PhoneSubject,
  type: PhoneReportType,
  query: PhoneTypeQuery,
): Promise<ReportData> {
  const range = rangeOf(ctx, type, query);
  const scope = scopeOf(ctx, subject, type, range, query);
  const base = {
    type,
    title: phoneReportTypeOf(type).name,
    from: range.from,
    to: range.to,
    subject: `${subject.customerName} (${subject.customerId})`,
  };
  const built = await BUILDERS[type](ctx, scope);
  return { ...base, ...built, description: built.description + filterNote(scope) };
}

const BUILDERS: Record<PhoneReportType, (ctx: AppContext, scope: repo.CallScope) => Promise<Built>> = {
  'one-plus-billing': (ctx, s) => billing(ctx, s, 'one-plus'),
  'toll-free-billing': (ctx, s) => billing(ctx, s, 'toll-free'),
  busy,
  'call-volume': callVolume,
  'call-volume-all': callVolumeAll,
  concurrent,
  'full-month': fullMonth,
  outbound,
  summary,
};
