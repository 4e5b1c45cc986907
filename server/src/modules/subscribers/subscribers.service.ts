/**
 * Subscriber lists (issue 13 part 5) for network staff: the filtered list of active subscribers (one statement per
 * page) and its CSV (streamed a page at a time, refused above the configured SUBSCRIBER_EXPORT_MAX_ROWS). The notices
 * sent to a list's customers are notices.service.ts.
 */
import { Readable } from 'node:stream';
import {
  centsToDecimal,
  filterOf,
  fullAddress,
  SERVICE_CATEGORY_LABELS,
  ServiceCategorySchema,
  SUBSCRIBER_PAGE_SIZE_DEFAULT,
  type SubscriberFilter,
  type SubscriberList,
  type SubscriberListQuery,
  type SubscriberOptions,
  type SubscriberRow,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { type CsvValue, toCsv } from '../../lib/csv.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { openRestorationTickets } from '../contractor/field.service.js';
import { assertNetworkStaff } from './subscribers.policy.js';
import * as repo from './subscribers.repository.js';

export const todayOf = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

// ---- the list ---------------------------------------------------------------------------------------------------

/** Filters that name a record must name an existing one (400 naming the field otherwise). */
export async function assertFilterRecords(ctx: AppContext, f: SubscriberFilter) {
  if (f.packageId !== undefined && !(await repo.packageExists(ctx.db, f.packageId))) {
    throw badRequest(`packageId: no package has id ${f.packageId}.`, {
      packageId: 'must be a package of the catalogue.',
    });
  }
  if (f.centralOfficeId !== undefined && !(await repo.centralOfficeExists(ctx.db, f.centralOfficeId))) {
    throw badRequest(`centralOfficeId: no central office has id ${f.centralOfficeId}.`, {
      centralOfficeId: 'must be one of the central offices.',
    });
  }
  if (f.ontModelId !== undefined && !(await repo.ontModelExists(ctx.db, f.ontModelId))) {
    throw badRequest(`ontModelId: no ONT model has id ${f.ontModelId}.`, {
      ontModelId: 'must be one of the ONT models.',
    });
  }
}

const splitSorted = (joined: string | null) => (joined ? joined.split('|').sort((a, b) => a.localeCompare(b)) : []);

function toRow(r: repo.SubscriberPageRow): SubscriberRow {
  return {
    serviceLocationId: r.service_location_id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerType: r.customer_type,
    accountStatus: r.account_status,
    address: fullAddress(r),
    centralOffice: r.central_office,
    coloArea: r.colo_area,
    packages: splitSorted(r.packages),
    ontModels: splitSorted(r.ont_models),
    openBalanceCents: Number(r.open_balance_cents),
    pastDue: Number(r.past_due) === 1,
  };
}

export async function listSubscribers(
  ctx: AppContext,
  user: Viewer,
  query: SubscriberListQuery,
): Promise<SubscriberList> {
  assertNetworkStaff(user);
  const filter = filterOf(query);
  await assertFilterRecords(ctx, filter);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? SUBSCRIBER_PAGE_SIZE_DEFAULT;
  const rows = await repo.subscriberPage(ctx.db, ctx.dialect, {
    filter,
    today: todayOf(ctx),
    sort: query.sort ?? 'customer',
    dir: query.dir ?? 'asc',
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const first = rows[0];
  // Past the last page the window counts have no row to ride on: count on their own.
  const counts = first
    ? { total: Number(first.total), customers: Number(first.customers) }
    : page > 1
      ? await repo.subscriberCounts(ctx.db, filter, todayOf(ctx))
      : { total: 0, customers: 0 };
  return { rows: rows.map(toRow), ...counts, page, pageSize };
}

export async function subscriberOptions(ctx: AppContext, user: Viewer): Promise<SubscriberOptions> {
  assertNetworkStaff(user);
  const [o, tickets] = await Promise.all([repo.filterOptions(ctx.db), openRestorationTickets(ctx)]);
  return {
    packages: o.packages,
    categories: ServiceCategorySchema.options,
    centralOffices: o.offices,
    coloAreas: o.coloAreas,
    ontModels: o.onts,
    accountStatuses: o.statuses,
    restorationTickets: tickets,
  };
}

export const EXPORT_PAGE = 1_000;

const CSV_HEADER: CsvValue[] = [
  'Account',
  'Customer',
  'Type',
  'Account status',
  'Service address',
  'Central office',
  'Colo area',
  'Packages',
  'ONT',
  'Open balance',
  'Past due',
];

const csvRow = (r: SubscriberRow): CsvValue[] => [
  r.customerId,
  r.customerName,
  r.customerType,
  r.accountStatus,
  r.address,
  r.centralOffice,
  r.coloArea,
  r.packages.join('; '),
  r.ontModels.join('; '),
  centsToDecimal(r.openBalanceCents),
  r.pastDue ? 'yes' : 'no',
];

/** A name that says what the list holds, e.g. subscribers-internet-CLM-MAIN-2025-07-01.csv. */
function exportName(f: SubscriberFilter, today: string) {
  const parts = [
    f.category ? SERVICE_CATEGORY_LABELS[f.category] : null,
    f.packageId ? `package-${f.packageId}` : null,
    f.centralOfficeId ? `office-${f.centralOfficeId}` : null,
    f.coloArea ?? null,
    f.ontModelId ? `ont-${f.ontModelId}` : null,
    f.accountStatus ?? null,
    f.balanceOverCents !== undefined ? `balance-over-${centsToDecimal(f.balanceOverCents)}` : null,
    f.pastDue === 'true' ? 'past-due' : f.pastDue === 'false' ? 'not-past-due' : null,
  ].filter((p): p is string => p !== null);
  return `subscribers-${[...parts, today].join('-').replace(/[^\w.-]+/g, '-')}.csv`;
}

/**
 * The list as CSV, every matching row in the list's sort order, streamed a page of EXPORT_PAGE rows at a time. A
 * list above the configured SUBSCRIBER_EXPORT_MAX_ROWS is refused before anything is read. The export is audited (it carries
 * customers' names and addresses).
 */
export async function exportSubscribers(ctx: AppContext, user: Viewer, query: SubscriberListQuery) {
  assertNetworkStaff(user);
  const filter = filterOf(query);
  await assertFilterRecords(ctx, filter);
  const today = todayOf(ctx);
  const { total } = await repo.subscriberCounts(ctx.db, filter, today);
  const max = ctx.config.subscribers.exportMaxRows;
  if (total > max) {
    throw new HttpError(
      400,
      'export_too_large',
      `This list has ${total.toLocaleString('en-US')} subscribers; an export holds at most ${max.toLocaleString('en-US')}. Narrow the filters and export again.`,
      { filter: `at most ${max} rows` },
    );
  }
  await audit(ctx.db, {
    at: ctx.now().toISOString(),
    userId: user.userId,
    employeeId: user.employeeId ?? null,
    action: 'staff.subscribers.export',
    subject: null,
    detail: { filter, rows: total },
  });
  const sort = query.sort ?? 'customer';
  const dir = query.dir ?? 'asc';
  async function* chunks() {
    yield toCsv([CSV_HEADER]);
    for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
      const rows = await repo.subscriberPage(ctx.db, ctx.dialect, {
        filter,
        today,
        sort,
        dir,
        limit: EXPORT_PAGE,
        offset,
      });
      if (rows.length === 0) break;
      // toCsv starts every chunk with the byte-order mark: only the first one keeps it.
      yield toCsv(rows.map((r) => csvRow(toRow(r)))).slice(1);
    }
  }
  return { fileName: exportName(filter, today), stream: Readable.from(chunks()) };
}

// ---- notices ----------------------------------------------------------------------------------------------------
