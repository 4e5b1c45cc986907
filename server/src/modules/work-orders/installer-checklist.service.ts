/**
 * The onsite checklist as the installer reads it: the form the work order's type opens (the same registry the
 * contractor's edit modal uses), with each field's saved value, or its default when nothing was saved yet.
 */
import {
  checklistFormFor,
  formatChecklistValue,
  type InstallerChecklist,
  isChecklistComplete,
  withDefaults,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
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

export async function getInstallerChecklist(ctx: AppContext, workOrderId: number): Promise<InstallerChecklist> {
  await assertInstallerMayReach(ctx, workOrderId);
  const [row, dropTypes] = await Promise.all([repo.findChecklist(ctx.db, workOrderId), repo.listDropTypeNames(ctx.db)]);
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
  if (!form) return { ...base, form: null, isComplete: false, fields: [] };
  const values = withDefaults(form, stored);
  const names = { dropTypes: new Map(dropTypes.map((d) => [d.id, d.type])) };
  return {
    ...base,
    form: { title: form.title, templateType: form.templateType },
    isComplete: isChecklistComplete(form, row.status, stored),
    fields: form.fields.map((field) => ({
      name: field.name,
      label: field.label,
      value: formatChecklistValue(field, values[field.name] ?? null, names),
    })),
  };
}
