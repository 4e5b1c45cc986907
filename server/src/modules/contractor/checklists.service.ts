/**
 * Checklist saves (updateCheckLists) with the rules of SPEC §4/§5 from domain/, so the server refuses exactly what
 * the edit modal refuses and with the same message; each save records who, when and what changed. Also the
 * checklist look-ups, the connectorized form's assembly units, and the contracts' unit price sheets.
 */
import {
  type AssemblyUnit,
  type AssemblyUnitEntryRequest,
  CHECKLIST_READ_ONLY,
  type ChecklistChangeSchema,
  type ChecklistHistoryEntry,
  type ChecklistSave,
  type ChecklistSnapshot,
  type CupSheet,
  checkAssemblyUnitEntry,
  checkChecklistSave,
  checklistFormFor,
  type DropType,
  diffChecklist,
  type FiberContract,
  isChecklistComplete,
  ONE_TIME_OPTIONS,
  parseJsonObject,
  type SpliceCaseType,
  TEMPLATE_NOT_FOUND,
  UPDATED_SUCCESSFULLY,
  type WorkOrderAssemblyUnit,
  withDefaults,
} from '@strand/domain';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database, Row } from '../../db/database.js';
import { audit, labelledChanges } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { againOnConflict } from '../../lib/transactions.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertOwnedByCompany, companyOf } from '../access/access.policy.js';
import { assertContractorMayReach } from '../access/access.service.js';
import { type OrderProgress, onWorkOrderComplete, sendOrderMail } from '../orders/fulfilment.service.js';
import * as repo from './checklists.repository.js';
import { assertWorkable } from './contractor.policy.js';
import { loadAssemblyUnitEntries, loadWorkOrder } from './contractor-work-orders.service.js';

type Trx = Transaction<Database>;
type LockedWorkOrder = NonNullable<Awaited<ReturnType<typeof repo.lockWorkOrder>>>;

const formOf = (wo: LockedWorkOrder) =>
  checklistFormFor({ viewFile: wo.view_file, isBusiness: wo.is_business === 1, templateType: wo.template_type });

/**
 * Locks the work order a write changes and checks it still is the user's company's (the access check ran before the
 * transaction; this re-reads the same owner column under the lock, no extra query), with a form, not complete.
 */
async function lockForWrite(ctx: AppContext, trx: Trx, user: Viewer, workOrderId: number) {
  const wo = await repo.lockWorkOrder(trx, ctx.dialect, workOrderId);
  assertOwnedByCompany(user, wo, 'work order');
  assertWorkable(wo);
  const form = formOf(wo);
  if (!form) {
    throw badRequest(`${TEMPLATE_NOT_FOUND}: ${wo.view_file}`, { template: `${TEMPLATE_NOT_FOUND}: ${wo.view_file}` });
  }
  const existing = await repo.findChecklist(trx, workOrderId);
  const data = withDefaults(form, parseJsonObject(existing?.data));
  return { wo, form, existing, stored: { status: wo.status, data } };
}

const isoOrNull = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

export interface SaveChecklistInput extends Omit<ChecklistSave, 'assetsMovedConfirmed'> {
  assetsMovedConfirmed: boolean;
}

export async function saveChecklist(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  input: SaveChecklistInput,
  idempotencyKey: string | undefined,
) {
  const workOrder = await assertContractorMayReach(ctx, user, workOrderId);
  const now = ctx.now();
  const at = now.toISOString();
  let progress: OrderProgress | null = null;
  // A completion that moves an order can deadlock with a cancel of that order on PostgreSQL: run it again.
  await againOnConflict(() =>
    runIdempotent(
      ctx.db,
      { userId: user.userId, key: idempotencyKey, route: `contractor.checklist:${workOrderId}`, request: input, now },
      async (trx) => {
        progress = null;
        const { wo, form, existing, stored } = await lockForWrite(ctx, trx, user, workOrderId);
        const [dropTypes, spliceCases] = [
          await repo.findDropTypes(trx, wo.is_business === 1),
          await repo.findSpliceCaseTypes(trx),
        ];
        const tsArrivalOnsite = isoOrNull(input.tsArrivalOnsite);
        const tsWorkComplete = isoOrNull(input.tsWorkComplete);
        const check = checkChecklistSave(
          form,
          stored,
          { ...input, tsArrivalOnsite, tsWorkComplete },
          {
            dropTypeIds: new Set(dropTypes.map((d) => d.id)),
            spliceCaseTypes: new Set(spliceCases.map((s) => s.type)),
          },
        );
        if (!check.ok) {
          if (check.message === CHECKLIST_READ_ONLY) throw conflict(CHECKLIST_READ_ONLY);
          throw badRequest(check.message, check.fields);
        }
        const data = { ...check.data };
        if ('dtLastUpdated' in data) data.dtLastUpdated = at.slice(0, 10);
        const status = check.completes ? 'Complete' : wo.status;
        const txtNotes = input.txtNotes?.trim() ? input.txtNotes.trim() : null;
        const before: ChecklistSnapshot = {
          data: stored.data,
          tsArrivalOnsite: existing?.arrival_onsite ?? null,
          tsWorkComplete: existing?.work_complete ?? null,
          txtNotes: existing?.notes ?? null,
          vcStatus: wo.status,
        };
        const after: ChecklistSnapshot = { data, tsArrivalOnsite, tsWorkComplete, txtNotes, vcStatus: status };
        const checklistId = await repo.saveChecklist(trx, existing?.id ?? null, {
          work_order_id: workOrderId,
          template: form.templateType,
          data: JSON.stringify(data),
          arrival_onsite: tsArrivalOnsite,
          work_complete: tsWorkComplete,
          notes: txtNotes,
          updated_by: user.userId,
          updated_at: at,
        });
        const changes = diffChecklist(form.family, before, after);
        await repo.insertHistory(trx, {
          checklist_id: checklistId,
          user_id: user.userId,
          at,
          changes: JSON.stringify({ changes, oneTime: check.oneTime, completed: check.completes }),
        });
        await audit(trx, {
          at,
          userId: user.userId,
          employeeId: null,
          action: check.completes ? 'contractor.checklist.complete' : 'contractor.checklist.save',
          subject: `work_order:${workOrderId}`,
          changes: labelledChanges(changes),
        });
        await repo.setWorkOrderStatus(trx, workOrderId, status, at);
        // A work order of a customer's order moves the order in the same transaction (orders/fulfilment.service.ts).
        if (check.completes) {
          progress = await onWorkOrderComplete(ctx, trx, workOrderId, { userId: user.userId, employeeId: null });
        }
        return { statusCode: 200, body: { workOrderId } };
      },
    ),
  );
  await sendOrderMail(ctx, progress);
  return { message: UPDATED_SUCCESSFULLY, workOrder: await loadWorkOrder(ctx, workOrder) };
}

type Change = z.infer<typeof ChecklistChangeSchema>;
const ONE_TIME_LABELS = new Map<string, string>(ONE_TIME_OPTIONS.map((o) => [o.name, o.label]));

export async function checklistHistory(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
): Promise<ChecklistHistoryEntry[]> {
  await assertContractorMayReach(ctx, user, workOrderId);
  const rows = await repo.findHistory(ctx.db, workOrderId);
  return rows.map((r) => {
    const parsed = parseJsonObject(r.changes) as { changes?: Change[]; oneTime?: string[]; completed?: boolean };
    return {
      nHistoryID: r.id,
      dtSaved: r.at,
      vcUserName: `${r.first_name} ${r.last_name}`.trim(),
      changes: Array.isArray(parsed.changes) ? parsed.changes : [],
      oneTime: (parsed.oneTime ?? []).map((name) => ONE_TIME_LABELS.get(name) ?? name),
      completed: parsed.completed === true,
    };
  });
}

// ---- look-ups ------------------------------------------------------------------------------------------------

/** getFiberDropTypesWorkOrders: business types get the business drop types, the others the residential ones. */
export async function dropTypesFor(ctx: AppContext, typeId: number): Promise<DropType[]> {
  const type = await repo.findWorkOrderType(ctx.db, typeId);
  if (!type) throw notFound('No work order type has that id.');
  const rows = await repo.findDropTypes(ctx.db, type.is_business === 1);
  return rows.map((r) => ({ nCount: r.id, vcType: r.type }));
}

export async function spliceCaseTypes(ctx: AppContext): Promise<SpliceCaseType[]> {
  return (await repo.findSpliceCaseTypes(ctx.db)).map((r) => ({ nCount: r.id, vcType: r.type }));
}

const toAssemblyUnit = (u: Row<'assembly_units'>): AssemblyUnit => ({
  nCount: u.id,
  vcCode: u.code,
  vcDescription: u.description,
  nReqAssetTag: u.req_asset_tag,
  nReqSequential: u.req_sequential,
  nReqAdditionalDropFee: u.req_additional_drop_fee,
  nReqReelNum: u.req_reel_num,
});

export async function assemblyUnits(ctx: AppContext): Promise<AssemblyUnit[]> {
  return (await repo.findAssemblyUnits(ctx.db)).map(toAssemblyUnit);
}

// ---- assembly unit entries -----------------------------------------------------------------------------------

/** An assembly unit entry as the timeline shows it: "BORE-125 × 95". */
const unitText = (code: string, qty: number | null) => (qty === null ? code : `${code} × ${qty}`);

const NOT_CONNECTORIZED = 'Assembly units belong to the connectorized install checklist.';

async function lockForAssemblyUnits(ctx: AppContext, trx: Trx, user: Viewer, workOrderId: number) {
  const locked = await lockForWrite(ctx, trx, user, workOrderId);
  if (!locked.form.hasAssemblyUnits) throw badRequest(NOT_CONNECTORIZED, { AssemblyUnitID: NOT_CONNECTORIZED });
  if (isChecklistComplete(locked.form, locked.stored.status, locked.stored.data)) throw conflict(CHECKLIST_READ_ONLY);
  return locked;
}

/** addWorkOrderAssemblyUnit; answers with the work order's entries. A retried add (same key) adds nothing. */
export async function addAssemblyUnit(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  input: AssemblyUnitEntryRequest,
  idempotencyKey: string | undefined,
): Promise<WorkOrderAssemblyUnit[]> {
  const workOrder = await assertContractorMayReach(ctx, user, workOrderId);
  const now = ctx.now();
  await runIdempotent(
    ctx.db,
    {
      userId: user.userId,
      key: idempotencyKey,
      route: `contractor.assembly-unit:${workOrderId}`,
      request: input,
      now,
    },
    async (trx) => {
      await lockForAssemblyUnits(ctx, trx, user, workOrderId);
      const unit = await repo.findAssemblyUnit(trx, input.AssemblyUnitID);
      if (!unit) {
        throw badRequest('Choose an assembly unit from the list.', {
          AssemblyUnitID: 'Choose an assembly unit from the list.',
        });
      }
      const check = checkAssemblyUnitEntry(toAssemblyUnit(unit), input);
      if (!check.ok) throw badRequest(check.message, check.fields);
      const v = check.values;
      const entryId = await repo.insertAssemblyEntry(trx, {
        work_order_id: workOrderId,
        assembly_unit_id: unit.id,
        qty_units: v.QtyUnits,
        asset_tags: v.AssetTags,
        serial_numbers: v.SerialNumbers,
        beg_sequential: v.BegSequential,
        end_sequential: v.EndSequential,
        reel_num: v.ReelNum,
        row_footage: v.ROWFootage,
        created_by: user.userId,
        created_at: now.toISOString(),
      });
      await audit(trx, {
        at: now.toISOString(),
        userId: user.userId,
        employeeId: null,
        action: 'contractor.assembly-unit.add',
        subject: `work_order:${workOrderId}`,
        changes: [{ field: 'Assembly unit', from: null, to: unitText(unit.code, v.QtyUnits) }],
      });
      return { statusCode: 201, body: { entryId } };
    },
  );
  return loadAssemblyUnitEntries(ctx, workOrder);
}

export async function removeAssemblyUnit(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  entryId: number,
): Promise<WorkOrderAssemblyUnit[]> {
  const workOrder = await assertContractorMayReach(ctx, user, workOrderId);
  await ctx.db.transaction().execute(async (trx) => {
    await lockForAssemblyUnits(ctx, trx, user, workOrderId);
    const entry = await repo.findAssemblyEntry(trx, entryId);
    if (!entry || entry.work_order_id !== workOrderId)
      throw notFound('This work order has no such assembly unit entry.');
    await repo.deleteAssemblyEntry(trx, entryId);
    await audit(trx, {
      at: ctx.now().toISOString(),
      userId: user.userId,
      employeeId: null,
      action: 'contractor.assembly-unit.remove',
      subject: `work_order:${workOrderId}`,
      changes: [{ field: 'Assembly unit', from: unitText(entry.code, entry.qty_units), to: null }],
    });
  });
  return loadAssemblyUnitEntries(ctx, workOrder);
}

// ---- contracts -----------------------------------------------------------------------------------------------

function toContract(row: Row<'fiber_contracts'>, today: string): FiberContract {
  return {
    nContractID: row.id,
    vcContractNumber: row.contract_number,
    vcContractName: row.name,
    dtStart: row.starts_on,
    dtEnd: row.ends_on,
    isActive: row.starts_on <= today && today <= row.ends_on,
  };
}

/** getFiberContracts: the company's contracts, newest first. */
export async function contracts(ctx: AppContext, user: Viewer): Promise<FiberContract[]> {
  const today = ctx.now().toISOString().slice(0, 10);
  return (await repo.findContracts(ctx.db, companyOf(user))).map((r) => toContract(r, today));
}

/** getCUPSheet: a contract's unit prices per assembly unit. */
export async function cupSheet(ctx: AppContext, user: Viewer, contractId: number): Promise<CupSheet> {
  const contract = await repo.findContract(ctx.db, contractId);
  assertOwnedByCompany(user, contract, 'contract');
  const prices = await repo.findUnitPrices(ctx.db, contractId);
  return {
    contract: toContract(contract, ctx.now().toISOString().slice(0, 10)),
    prices: prices.map((p) => ({
      AssemblyUnitID: p.assembly_unit_id,
      vcCode: p.code,
      vcDescription: p.description,
      nUnitPriceCents: p.unit_price_cents,
    })),
  };
}
