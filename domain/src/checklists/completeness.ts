/** Whether a work order is complete (SPEC §4), from its type, its status and its checklist as stored. */
import { type ChecklistTypeInfo, checklistFormFor } from './registry.js';
import { isChecklistComplete } from './rules.js';

/** A stored JSON object (a checklist, saved search criteria); anything else, or broken JSON, reads as `{}`. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface WorkOrderCompleteness extends ChecklistTypeInfo {
  status: string;
  /** The checklist as stored (JSON text), if any. */
  checklistJson: string | null;
}

/** SPEC §4 completeness; a work order without a checklist form is complete when its status says so. */
export function isWorkOrderComplete(wo: WorkOrderCompleteness): boolean {
  const form = checklistFormFor(wo);
  if (!form) return wo.status === 'Complete' || wo.status === 'Closed';
  return isChecklistComplete(form, wo.status, parseJsonObject(wo.checklistJson));
}
