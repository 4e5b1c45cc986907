/**
 * Reports (SPEC §7): viewPhoneReport and its CSV, viewBusinessReport, downloadBusinessReport (CSV) and
 * viewDownloadBusinessReport (PDF). Reads only, nothing audited. Ranges are resolved with the domain's rules
 * against the server's clock; a bad range is a 400 naming the field.
 */
import {
  ACCOUNT_WIDE_LABEL,
  addMonths,
  type BusinessReport,
  type BusinessReportParams,
  billedMinutes,
  type CallDirection,
  type CallRecord,
  type CallTotals,
  fullAddress,
  monthsBetween,
  type PhoneReport,
  type PhoneReportQuerySchema,
  type RangeResult,
  resolveDayRange,
  resolveMonthRange,
  rollUpBusinessReport,
} from '@strand/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import { renderBusinessReportPdf } from './business-report-pdf.js';
import { assertReportsAccount } from './reports.policy.js';
import * as repo from './reports.repository.js';
import { businessReportCsv, phoneReportCsv } from './reports-csv.js';

/** The customer asking for a report: the `reports` category (SPEC §6) of an account whose type has Reports. */
export async function reportsActor(ctx: AppContext, request: FastifyRequest): Promise<CustomerActor> {
  const actor = await actorWith(ctx, request, 'reports');
  assertReportsAccount(actor);
  return actor;
}

type PhoneQuery = z.output<typeof PhoneReportQuerySchema>;
type PhoneFilter = Omit<PhoneQuery, 'page' | 'pageSize'>;

function rangeOrThrow(result: RangeResult): { from: string; to: string } {
  if (!result.ok) throw badRequest(result.message, result.fields);
  return result;
}

const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

function callFilter(ctx: AppContext, actor: CustomerActor, query: PhoneFilter): repo.CallFilter {
  const { from, to } = rangeOrThrow(resolveDayRange(query, today(ctx)));
  return { customerId: actor.customerId, from, to, direction: query.direction, number: query.number };
}

const toCall = (r: Awaited<ReturnType<typeof repo.callPage>>[number]): CallRecord => ({
  CallID: r.id,
  startedAt: r.started_at,
  direction: r.direction as CallDirection,
  fromNumber: r.from_number,
  toNumber: r.to_number,
  durationSeconds: r.duration_seconds,
  billedMinutes: billedMinutes(r.duration_seconds),
});

const zero = (): CallTotals => ({ calls: 0, connectedCalls: 0, seconds: 0, billedMinutes: 0 });
const add = (into: CallTotals, t: CallTotals) => {
  into.calls += t.calls;
  into.connectedCalls += t.connectedCalls;
  into.seconds += t.seconds;
  into.billedMinutes += t.billedMinutes;
};

export async function phoneReport(ctx: AppContext, actor: CustomerActor, query: PhoneQuery): Promise<PhoneReport> {
  const filter = callFilter(ctx, actor, query);
  const [groups, page] = await Promise.all([
    repo.callTotals(ctx.db, filter),
    repo.callPage(ctx.db, filter, query.pageSize, (query.page - 1) * query.pageSize),
  ]);
  const summary = zero();
  const byDirection = new Map<CallDirection, CallTotals>();
  const byDay = new Map<string, CallTotals>();
  for (const g of groups) {
    add(summary, g);
    const direction = g.direction as CallDirection;
    const d = byDirection.get(direction) ?? zero();
    add(d, g);
    byDirection.set(direction, d);
    const day = byDay.get(g.day) ?? zero();
    add(day, g);
    byDay.set(g.day, day);
  }
  return {
    from: filter.from,
    to: filter.to,
    direction: filter.direction ?? null,
    number: filter.number ?? null,
    summary,
    byDirection: (['inbound', 'outbound'] as const)
      .filter((d) => !filter.direction || d === filter.direction)
      .map((direction) => ({ direction, ...(byDirection.get(direction) ?? zero()) })),
    byDay: [...byDay].map(([date, totals]) => ({ date, ...totals })),
    calls: page.map(toCall),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(summary.calls / query.pageSize)),
  };
}

export async function phoneCsv(ctx: AppContext, actor: CustomerActor, query: PhoneFilter) {
  const filter = callFilter(ctx, actor, query);
  const calls = (await repo.allCalls(ctx.db, filter)).map(toCall);
  const parts = [filter.direction, filter.number].filter(Boolean).join('-');
  return {
    fileName: `phone-report-${actor.customerId}-${filter.from}-to-${filter.to}${parts ? `-${parts}` : ''}.csv`,
    csv: phoneReportCsv(calls),
  };
}

export async function businessReport(
  ctx: AppContext,
  actor: CustomerActor,
  query: BusinessReportParams,
): Promise<BusinessReport> {
  const { from, to } = rangeOrThrow(resolveMonthRange(query, today(ctx).slice(0, 7)));
  const [rows, locations] = await Promise.all([
    repo.billedByInvoiceAndLocation(ctx.db, actor.customerId, from, `${addMonths(to, 1)}-01`),
    repo.serviceLocations(ctx.db, actor.customerId),
  ]);
  return {
    from,
    to,
    locations: [
      ...locations.map((l) => ({ ServiceLocationID: l.id, label: fullAddress(l) })),
      { ServiceLocationID: null, label: ACCOUNT_WIDE_LABEL },
    ],
    ...rollUpBusinessReport(rows, monthsBetween(from, to)),
  };
}

export async function businessCsv(ctx: AppContext, actor: CustomerActor, query: BusinessReportParams) {
  const report = await businessReport(ctx, actor, query);
  return {
    fileName: `business-report-${actor.customerId}-${report.from}-to-${report.to}.csv`,
    csv: businessReportCsv(report),
  };
}

export async function businessPdf(ctx: AppContext, actor: CustomerActor, query: BusinessReportParams) {
  const report = await businessReport(ctx, actor, query);
  const pdf = await renderBusinessReportPdf({
    provider: { name: ctx.config.shell.providerName, supportPhone: ctx.config.shell.supportPhone },
    account: { id: actor.customerId, name: actor.customerName },
    report,
    generatedAt: ctx.now(),
  });
  return { fileName: `business-report-${actor.customerId}-${report.from}-to-${report.to}.pdf`, pdf };
}
