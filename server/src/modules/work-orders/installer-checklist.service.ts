/**
 * The onsite checklist as the installer reads it: the form the work order's type opens (the same registry the
 * contractor's edit modal uses), with each field's saved value, or its default when nothing was saved yet. The
 * installer assigned to an install saves its fields here (issue 27 item 8: "Complete install" needs the required
 * ones), with the same rules as the contractor's save (domain checkChecklistSave); completing stays with /complete.
 */
import {
  CHECKLIST_READ_ONLY,
  checkChecklistSave,
  checklistFormFor,
  diffChecklist,
  formatChecklistValue,
  type InstallerChecklist,
  type InstallerChecklistSave,
  isChecklistComplete,
  missingToComplete,
  withDefaults,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit, labelledChanges } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertInstallerMayReach } from '../access/access.service.js';
import * as repo from './work-orders.repository.js';

function parseStored(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const NOT_ASSIGNED = 'Only an installer assigned to this work order can change its checklist.';

/** The checklist as it stands before a save, for diffChecklist's history entry (the save and the completion). */
export function storedSide(
  data: Parameters<typeof diffChecklist>[1]['data'],
  wo: { arrival_onsite: string | null; notes: string | null; status: string },
): Parameters<typeof diffChecklist>[1] {
  return { data, tsArrivalOnsite: wo.arrival_onsite, tsWorkComplete: null, txtNotes: wo.notes, vcStatus: wo.status };
}

export async function getInstallerChecklist(
  ctx: AppContext,
  workOrderId: number,
  userId?: number,
): Promise<InstallerChecklist> {
  await assertInstallerMayReach(ctx, workOrderId);
  const [row, dropTypes, assigned] = await Promise.all([
    repo.findChecklist(ctx.db, workOrderId),
    repo.listDropTypeNames(ctx.db),
    userId === undefined ? false : repo.isAssigned(ctx.db, workOrderId, userId),
  ]);
  if (!row) throw notFound(`There is no work order #${workOrderId}.`);
  const viewFile = row.view_file;
  const form = checklistFormFor({
    viewFile,
    isBusiness: row.is_business === 1,
    templateType: row.template_type,
  });
  const stored = parseStored(row.data);
  const base = {
    WorkOrderID: workOrderId,
    vcViewFile: viewFile,
    vcStatus: row.status,
    tsArrivalOnsite: row.arrival_onsite,
    tsWorkComplete: row.work_complete,
    txtNotes: row.notes,
    dtUpdated: row.updated_at,
  };
  if (!form) return { ...base, form: null, isComplete: false, fields: [], missingToComplete: [], canEdit: false };
  const values = withDefaults(form, stored);
  const names = { dropTypes: new Map(dropTypes.map((d) => [d.id, d.type])) };
  const isComplete = isChecklistComplete(form, row.status, stored);
  return {
    ...base,
    form: { title: form.title, templateType: form.templateType },
    isComplete,
    fields: form.fields.map((field) => ({
      name: field.name,
      label: field.label,
      value: formatChecklistValue(field, values[field.name] ?? null, names),
      kind: field.kind,
      input: values[field.name] ?? null,
      options: [...(field.options ?? [])],
      ...(field.maxLength ? { maxLength: field.maxLength } : {}),
      required: form.requiredToComplete.includes(field.name),
    })),
    missingToComplete: missingToComplete(form, values).map((m) => m.label),
    canEdit: assigned && form.family === 'install' && !isComplete && !['Waiting', 'Cancelled'].includes(row.status),
  };
}

/**
 * Saves the install checklist of a work order assigned to the installer (403 otherwise): the same parse and rules as
 * the contractor's save, never completing; a history entry says who changed what. Idempotent on Idempotency-Key.
 */
export async function saveInstallerChecklist(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  input: InstallerChecklistSave,
  idempotencyKey: string | undefined,
): Promise<InstallerChecklist> {
  await assertInstallerMayReach(ctx, workOrderId);
  if (!(await repo.isAssigned(ctx.db, workOrderId, user.userId))) throw forbidden(NOT_ASSIGNED);
  const now = ctx.now();
  const at = now.toISOString();
  await runIdempotent(
    ctx.db,
    { userId: user.userId, key: idempotencyKey, route: `installer.checklist:${workOrderId}`, request: input, now },
    async (trx) => {
      const wo = await repo.lockForCompletion(trx, ctx.dialect, workOrderId);
      if (!wo) throw notFound(`There is no work order #${workOrderId}.`);
      const form = checklistFormFor({
        viewFile: wo.view_file,
        isBusiness: wo.is_business === 1,
        templateType: wo.template_type,
      });
      if (!form || form.family !== 'install') {
        throw badRequest('Only an install checklist is filled in here.', { template: 'Not an install checklist.' });
      }
      if (wo.status === 'Waiting' || wo.status === 'Cancelled') {
        throw conflict(`This work order is ${wo.status.toLowerCase()}; its checklist cannot be changed now.`);
      }
      const stored = { status: wo.status, data: withDefaults(form, parseStored(wo.data)) };
      const tsArrivalOnsite = input.tsArrivalOnsite ? new Date(input.tsArrivalOnsite).toISOString() : null;
      const txtNotes = input.txtNotes?.trim() ? input.txtNotes.trim() : null;
      const check = checkChecklistSave(form, stored, {
        data: input.data,
        tsArrivalOnsite,
        tsWorkComplete: null,
        txtNotes,
        WOComplete: 'off',
        assetsMovedConfirmed: false,
      });
      if (!check.ok) {
        if (check.message === CHECKLIST_READ_ONLY) throw conflict(CHECKLIST_READ_ONLY);
        throw badRequest(check.message, check.fields);
      }
      const changes = diffChecklist(form.family, storedSide(stored.data, wo), {
        data: check.data,
        tsArrivalOnsite,
        tsWorkComplete: null,
        txtNotes,
        vcStatus: wo.status,
      });
      await repo.saveCompletedChecklist(
        trx,
        wo.checklist_id,
        {
          work_order_id: workOrderId,
          template: form.templateType,
          data: JSON.stringify(check.data),
          arrival_onsite: tsArrivalOnsite,
          work_complete: null,
          notes: txtNotes,
          updated_by: user.userId,
          updated_at: at,
        },
        JSON.stringify({ changes, oneTime: [], completed: false }),
        false,
      );
      await audit(trx, {
        at,
        userId: user.userId,
        employeeId: null,
        action: 'installer.checklist.save',
        subject: `work_order:${workOrderId}`,
        changes: labelledChanges(changes),
      });
      return { statusCode: 200, body: { workOrderId } };
    },
  );
  return getInstallerChecklist(ctx, workOrderId, user.userId);
}
