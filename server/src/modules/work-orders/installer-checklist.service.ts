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
import * as repo from './work-orders.repository.js';
import { loadWorkOrder } from './work-orders.service.js';

function parseStored(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function getInstallerChecklist(ctx: AppContext, id: number): Promise<InstallerChecklist> {
  const wo = await loadWorkOrder(ctx, id);
  const [row, dropTypes] = await Promise.all([repo.findChecklist(ctx.db, id), repo.listDropTypeNames(ctx.db)]);
  const viewFile = row?.view_file ?? wo.type_view_file;
  const form = checklistFormFor({
    viewFile,
    isBusiness: row?.is_business === 1,
    templateType: row?.template_type ?? null,
  });
  const stored = parseStored(row?.data ?? null);
  const base = {
    WorkOrderID: wo.id,
    vcViewFile: viewFile,
    vcStatus: wo.status,
    tsArrivalOnsite: row?.arrival_onsite ?? null,
    tsWorkComplete: row?.work_complete ?? null,
    txtNotes: row?.notes ?? null,
    dtUpdated: row?.updated_at ?? null,
  };
  if (!form) return { ...base, form: null, isComplete: false, fields: [] };
  const values = withDefaults(form, stored);
  const names = { dropTypes: new Map(dropTypes.map((d) => [d.id, d.type])) };
  return {
    ...base,
    form: { title: form.title, templateType: form.templateType },
    isComplete: isChecklistComplete(form, wo.status, stored),
    fields: form.fields.map((field) => ({
      name: field.name,
      label: field.label,
      value: formatChecklistValue(field, values[field.name] ?? null, names),
    })),
  };
}
