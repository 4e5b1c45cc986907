/**
 * The contractor's work orders: search (and the remembered last search), the home page lists, one work order with
 * its checklist, and acknowledgement. Rows become the SPEC §3 shapes here; completeness comes from domain rules.
 */
import {
  type Acknowledgement,
  CONTRACTOR_HOME_PAGE_SIZE,
  CONTRACTOR_NEARBY_LIMIT,
  CONTRACTOR_SEARCH_LIMIT,
  type ContractorHome,
  type ContractorHomeQuery,
  type ContractorLastSearch,
  type ContractorNearby,
  type ContractorNearbyResult,
  type ContractorSearch,
  type ContractorSearchResult,
  ContractorSearchSchema,
  type ContractorWorkOrder,
  type ContractorWorkOrderSummary,
  checklistFormFor,
  DEFAULT_CONTRACTOR_SEARCH,
  distanceMiles,
  dueStateOf,
  fullAddress,
  isWorkOrderComplete,
  parseJsonObject,
  providerToday,
  type WorkOrderAssemblyUnit,
  withDefaults,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit, changesBetween } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { companyOf } from '../access/access.policy.js';
import { assertContractorMayReach, type ReachedWorkOrder } from '../access/access.service.js';
import { PROVIDER_CREW_COMPANY } from './contractor.policy.js';
import * as repo from './contractor-work-orders.repository.js';

export const ASSIGNMENT_LOCKED_MESSAGE = "'Assigned to you' stays ticked for the provider's own crew (company 1).";

/** A truthy SQL value: SQLite answers 0/1, PostgreSQL true/false. */
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 't';

interface CompletenessRow {
  status: string;
  view_file: string;
  is_business: number;
  template_type: string | null;
  checklist_data: string | null;
}

/** The domain's completeness (SPEC §4) of a work order row. */
export const isRowComplete = (row: CompletenessRow) =>
  isWorkOrderComplete({
    status: row.status,
    viewFile: row.view_file,
    isBusiness: row.is_business === 1,
    templateType: row.template_type,
    checklistJson: row.checklist_data,
  });

/** A list row as the lists show it; `today` is the provider's date the due state is read against. */
function toSummary(row: repo.SummaryRow, today: string): ContractorWorkOrderSummary {
  const isComplete = isRowComplete(row);
  return {
    nCount: row.id,
    vcWorkOrderType: row.type_description,
    vcViewFile: row.view_file,
    vcStatus: row.status,
    isComplete,
    vcCustomerName: row.customer_name,
    vcAddress: fullAddress(row),
    vcNextScheduledName: row.next_scheduled_name,
    vcNextScheduledTime: row.next_scheduled_at,
    dtDueDate: row.due_date,
    vcColoArea: row.colo_area,
    acknowledged: row.acknowledged_at !== null,
    assignedToMe: truthy(row.assigned_to_me),
    dueState: isComplete ? null : dueStateOf(row.due_date, row.status, today),
  };
}

function scopeOf(user: Viewer, assignedOnly: boolean): repo.ListScope {
  const companyId = companyOf(user);
  return { companyId, userId: user.userId, assignedOnly: assignedOnly || companyId === PROVIDER_CREW_COMPANY };
}

/** The provider's own crew (company 1) sees only its own assignments: 'Assigned to you' cannot be unticked. */
const assignmentLocked = (user: Viewer, byAssignment: '0' | '1') =>
  companyOf(user) === PROVIDER_CREW_COMPANY && byAssignment === '0';

function assertAssignmentOpen(user: Viewer, byAssignment: '0' | '1') {
  if (assignmentLocked(user, byAssignment)) {
    throw badRequest(ASSIGNMENT_LOCKED_MESSAGE, { ByAssignment: ASSIGNMENT_LOCKED_MESSAGE });
  }
}

/** searchContractorWorkOrders; the criteria become the user's remembered last search (queryLastWOSearch). */
export async function searchWorkOrders(
  ctx: AppContext,
  user: Viewer,
  criteria: ContractorSearch,
): Promise<ContractorSearchResult> {
  assertAssignmentOpen(user, criteria.ByAssignment);
  await repo.saveLastSearch(ctx.db, user.userId, JSON.stringify(criteria), ctx.now().toISOString());
  return runSearch(ctx, user, criteria);
}

async function runSearch(ctx: AppContext, user: Viewer, criteria: ContractorSearch): Promise<ContractorSearchResult> {
  const { rows, total } = await repo.searchWorkOrders(
    ctx.db,
    ctx.dialect,
    scopeOf(user, criteria.ByAssignment === '1'),
    criteria,
    CONTRACTOR_SEARCH_LIMIT,
  );
  const today = providerToday(ctx.now());
  return { workOrders: rows.map((r) => toSummary(r, today)), total, limit: CONTRACTOR_SEARCH_LIMIT };
}

/** Scan Asset's list: the company's open work orders nearest the scan; company 1 only its own assignments. */
export async function nearbyWorkOrders(
  ctx: AppContext,
  user: Viewer,
  criteria: ContractorNearby,
): Promise<ContractorNearbyResult> {
  assertAssignmentOpen(user, criteria.ByAssignment);
  const here = { latitude: criteria.Latitude, longitude: criteria.Longitude };
  const today = providerToday(ctx.now());
  const rows = await repo.findOpenNear(
    ctx.db,
    scopeOf(user, criteria.ByAssignment === '1'),
    here,
    CONTRACTOR_NEARBY_LIMIT,
  );
  return {
    workOrders: rows.map((r) => ({
      ...toSummary(r, today),
      nDistanceMiles:
        r.latitude === null || r.longitude === null
          ? null
          : distanceMiles(here, { latitude: r.latitude, longitude: r.longitude }),
    })),
  };
}

export async function lastSearch(ctx: AppContext, user: Viewer): Promise<ContractorLastSearch> {
  companyOf(user); // contractor crews only, before anything is read
  const row = await repo.findLastSearch(ctx.db, user.userId);
  // A search saved by an older version may no longer be valid: then there is nothing to restore.
  const parsed = row ? ContractorSearchSchema.safeParse(parseJsonObject(row.criteria)) : undefined;
  const last =
    row && parsed?.success ? { criteria: parsed.data, savedAt: row.saved_at } : { criteria: null, savedAt: null };
  // The page's first search, answered now (not remembered again): it shows with this answer, one request earlier.
  const criteria = last.criteria ?? DEFAULT_CONTRACTOR_SEARCH;
  const first = assignmentLocked(user, criteria.ByAssignment)
    ? null
    : { criteria, result: await runSearch(ctx, user, criteria) };
  return { ...last, first };
}

/**
 * Contractor Home: the counts of its tiles (one query) and one page of the list asked for, each work order once.
 * "Due today" and "overdue" are by the provider's calendar day (domain/src/contractor-due.ts).
 */
export async function home(ctx: AppContext, user: Viewer, query: ContractorHomeQuery): Promise<ContractorHome> {
  const scope = scopeOf(user, false);
  const today = providerToday(ctx.now());
  const page = { offset: query.offset, limit: CONTRACTOR_HOME_PAGE_SIZE };
  const [counts, rows] = await Promise.all([
    repo.countHome(ctx.db, scope, today),
    repo.findHomePage(ctx.db, scope, query.show, today, page),
  ]);
  return {
    today,
    counts,
    show: query.show,
    workOrders: rows.map((r) => toSummary(r, today)),
    total: counts[query.show],
    ...page,
  };
}

const nameOf = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null);

/** getWorkOrderHelper: one work order of the user's company, as the edit modal and the details panel show it. */
export async function getWorkOrder(ctx: AppContext, user: Viewer, workOrderId: number): Promise<ContractorWorkOrder> {
  return loadWorkOrder(ctx, await assertContractorMayReach(ctx, user, workOrderId));
}

/** A work order's entries of assembly units, as the connectorized checklist lists them. */
export async function loadAssemblyUnitEntries(ctx: AppContext, workOrder: ReachedWorkOrder) {
  return (await repo.findAssemblyUnitEntries(ctx.db, workOrder.id)).map(
    (entry): WorkOrderAssemblyUnit => ({
      nCount: entry.id,
      AssemblyUnitID: entry.assembly_unit_id,
      vcCode: entry.code,
      vcDescription: entry.description,
      QtyUnits: entry.qty_units,
      AssetTags: entry.asset_tags,
      SerialNumbers: entry.serial_numbers,
      BegSequential: entry.beg_sequential,
      EndSequential: entry.end_sequential,
      ReelNum: entry.reel_num,
      ROWFootage: entry.row_footage,
      dtCreated: entry.created_at,
    }),
  );
}

/** The details of a work order the user was already found to reach (no second access check). */
export async function loadWorkOrder(ctx: AppContext, workOrder: ReachedWorkOrder): Promise<ContractorWorkOrder> {
  const [row, assemblyUnits] = await Promise.all([
    repo.findWorkOrderDetails(ctx.db, workOrder.id),
    loadAssemblyUnitEntries(ctx, workOrder),
  ]);
  if (!row) throw notFound('No work order has that id.');
  const form = checklistFormFor({
    viewFile: row.view_file,
    isBusiness: row.is_business === 1,
    templateType: row.template_type,
  });
  const stored = parseJsonObject(row.checklist_data);
  const address = fullAddress(row);
  return {
    WorkOrderID: row.id,
    nOrderID: row.order_id,
    vcStatus: row.status,
    isComplete: isRowComplete(row),
    WorkOrderType: {
      nTypeID: row.type_id,
      vcDescription: row.type_description,
      vcClass: row.type_class,
      vcViewFile: row.view_file,
      vcTemplateType: row.template_type,
      isBusiness: row.is_business === 1,
    },
    Customer: { vcCustomerID: row.customer_id, vcCustomerName: row.customer_name },
    ServiceLocationDetails:
      address !== null && row.latitude !== null && row.longitude !== null
        ? { fullAddress: address, Latitude: Number(row.latitude), Longitude: Number(row.longitude) }
        : null,
    vcColoArea: row.colo_area,
    vcSummary: row.summary,
    vcNextScheduledName: row.next_scheduled_name,
    vcNextScheduledTime: row.next_scheduled_at,
    dtDueDate: row.due_date,
    dtLastUpdated: row.last_updated,
    vcGISObjectID: row.gis_object_id,
    acknowledgement: acknowledgementOf(row),
    checklist: {
      template: form?.templateType ?? null,
      data: form ? withDefaults(form, stored) : {},
      tsArrivalOnsite: row.arrival_onsite,
      tsWorkComplete: row.work_complete,
      txtNotes: row.checklist_notes,
      dtUpdated: row.checklist_updated_at,
      vcUpdatedBy: nameOf(row.upd_first_name, row.upd_last_name),
      historyCount: Number(row.history_count ?? 0),
    },
    assemblyUnits,
    attachmentCount: Number(row.attachment_count ?? 0),
  };
}

const acknowledgementOf = (row: {
  acknowledged_at: string | null;
  ack_first_name: string | null;
  ack_last_name: string | null;
}): Acknowledgement => ({
  acknowledged: row.acknowledged_at !== null,
  dtAcknowledged: row.acknowledged_at,
  vcAcknowledgedBy: nameOf(row.ack_first_name, row.ack_last_name),
});

async function loadAcknowledgement(ctx: AppContext, workOrder: ReachedWorkOrder): Promise<Acknowledgement> {
  const row = await repo.findAcknowledgement(ctx.db, workOrder.id);
  if (!row) throw notFound('No work order has that id.');
  return acknowledgementOf(row);
}

/** getWorkorderAcknowledge */
export async function getAcknowledgement(ctx: AppContext, user: Viewer, workOrderId: number): Promise<Acknowledgement> {
  return loadAcknowledgement(ctx, await assertContractorMayReach(ctx, user, workOrderId));
}

export const ACKNOWLEDGEMENT_LOCKED = 'This work order is complete, so its acknowledgement can no longer change.';

/**
 * updateAcknowledgeWorkOrder: acknowledging twice keeps the first acknowledgement (a retry changes nothing). The state
 * is read inside the write's transaction and the write is conditional on it, so of two taps at once exactly one
 * changes the work order and writes the audit entry; the other answers the state it finds.
 */
export async function updateAcknowledgement(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  ack: 0 | 1,
): Promise<Acknowledgement> {
  const workOrder = await assertContractorMayReach(ctx, user, workOrderId);
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const state = await repo.findCompletionState(trx, workOrderId);
    if (!state) throw notFound('No work order has that id.');
    if (isRowComplete(state)) throw conflict(ACKNOWLEDGEMENT_LOCKED);
    const before = state.acknowledged_at;
    if (Boolean(ack) === (before !== null)) return;
    const after = ack === 1 ? now : null;
    const ackBy = ack === 1 ? { by: user.userId, at: now } : null;
    if (!(await repo.setAcknowledgement(trx, workOrderId, { expected: before, ack: ackBy }, now))) return;
    await audit(trx, {
      at: now,
      userId: user.userId,
      employeeId: null,
      action: ack === 1 ? 'contractor.acknowledge' : 'contractor.acknowledge.withdraw',
      subject: `work_order:${workOrderId}`,
      changes: changesBetween({ Acknowledged: before }, { Acknowledged: after }),
    });
  });
  return loadAcknowledgement(ctx, workOrder);
}
