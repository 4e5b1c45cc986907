/**
 * Wholesale services (SPEC §7 Services: wholesale services) and viewWholesaleReport (SPEC §7 Reports): the circuits a
 * wholesale customer leases, and per circuit and month its traffic, peak, availability and what was billed, with
 * CSV and PDF. Reads only, nothing audited. The range follows the business report's rules (domain
 * resolveMonthRange: default the last 12 months, at most 24; a bad range is a 400 naming the field).
 */
import {
  type PermissionCategory,
  resolveMonthRange,
  rollUpWholesaleReport,
  type WholesaleReport,
  type WholesaleReportParams,
  type WholesaleServices,
  wholesaleMonths,
} from '@strand/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import { assertWholesaleAccount } from './wholesale.policy.js';
import * as repo from './wholesale.repository.js';
import { renderWholesaleReportPdf, wholesaleReportCsv } from './wholesale-report-files.js';

/** The business customer asking, holding `category` (the circuits need `services`, the report `reports`). */
export async function wholesaleActor(
  ctx: AppContext,
  req: FastifyRequest,
  category: Extract<PermissionCategory, 'services' | 'reports'>,
): Promise<CustomerActor> {
  const actor = await actorWith(ctx, req, category);
  assertWholesaleAccount(actor);
  return actor;
}

type Status = WholesaleServices['services'][number]['status'];

export async function wholesaleServices(ctx: AppContext, actor: CustomerActor): Promise<WholesaleServices> {
  const rows = await repo.servicesOf(ctx.db, actor.customerId);
  const services = rows.map((r) => ({
    WholesaleServiceID: r.id,
    circuitId: r.circuit_id,
    aEndpoint: r.a_endpoint,
    zEndpoint: r.z_endpoint,
    bandwidthMbps: r.bandwidth_mbps,
    monthlyRateCents: r.monthly_rate_cents,
    status: r.status as Status,
    startDate: r.start_date,
    endDate: r.end_date,
  }));
  return {
    services,
    activeMonthlyCents: services.filter((s) => s.status === 'Active').reduce((sum, s) => sum + s.monthlyRateCents, 0),
  };
}

export async function wholesaleReport(
  ctx: AppContext,
  actor: CustomerActor,
  query: WholesaleReportParams,
): Promise<WholesaleReport> {
  const range = resolveMonthRange(query, ctx.now().toISOString().slice(0, 7));
  if (!range.ok) throw badRequest(range.message, range.fields);
  const { from, to } = range;
  const [services, usage] = await Promise.all([
    repo.servicesOf(ctx.db, actor.customerId),
    repo.usageOf(ctx.db, actor.customerId, from, to),
  ]);
  const rows = usage.map((u) => ({
    month: u.month,
    WholesaleServiceID: u.wholesale_service_id,
    inGb: u.in_gb,
    outGb: u.out_gb,
    peakMbps: u.peak_mbps,
    availabilityBp: u.availability_bp,
    billedCents: u.billed_cents,
  }));
  const roll = rollUpWholesaleReport(
    rows,
    wholesaleMonths(from, to),
    services.map((s) => s.id),
  );
  return {
    from,
    to,
    circuits: services.map((s) => ({
      WholesaleServiceID: s.id,
      circuitId: s.circuit_id,
      label: `${s.a_endpoint} to ${s.z_endpoint}`,
    })),
    rows,
    ...roll,
  };
}

const fileStem = (actor: CustomerActor, report: WholesaleReport) =>
  `wholesale-report-${actor.customerId}-${report.from}-to-${report.to}`;

export async function wholesaleCsv(ctx: AppContext, actor: CustomerActor, query: WholesaleReportParams) {
  const report = await wholesaleReport(ctx, actor, query);
  return { fileName: `${fileStem(actor, report)}.csv`, csv: wholesaleReportCsv(report) };
}

export async function wholesalePdf(ctx: AppContext, actor: CustomerActor, query: WholesaleReportParams) {
  const report = await wholesaleReport(ctx, actor, query);
  const pdf = await renderWholesaleReportPdf({
    provider: { name: ctx.config.shell.providerName, supportPhone: ctx.config.shell.supportPhone },
    account: { id: actor.customerId, name: actor.customerName },
    report,
    generatedAt: ctx.now(),
  });
  return { fileName: `${fileStem(actor, report)}.pdf`, pdf };
}
