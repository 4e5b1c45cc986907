/** The onsite checklist of a work order as the installer reads it (/search/{WOId}/checkList). */
import { z } from 'zod';
import { cleanText } from '../clean-text.js';

export const InstallerChecklistFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** As people read it: option labels, Yes/No, '' for nothing filled in. */
  value: z.string(),
  /** The form's input kind (text, url, checkbox, select…), for the installer's own edit of an install checklist. */
  kind: z.string().default('text'),
  /** The value as stored (what the edit form starts from). */
  input: z.union([z.string(), z.number()]).nullable().default(null),
  options: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).default([]),
  maxLength: z.number().int().optional(),
  /** Needed before "Complete install" (issue 27 item 8). */
  required: z.boolean().default(false),
});
export type InstallerChecklistField = z.infer<typeof InstallerChecklistFieldSchema>;

export const InstallerChecklistSchema = z.object({
  WorkOrderID: z.number().int(),
  vcViewFile: z.string(),
  vcStatus: z.string(),
  /** Null when no checklist knows the type's view file ('Template not found'). */
  form: z.object({ title: z.string(), templateType: z.string() }).nullable(),
  isComplete: z.boolean(),
  tsArrivalOnsite: z.string().nullable(),
  tsWorkComplete: z.string().nullable(),
  txtNotes: z.string().nullable(),
  dtUpdated: z.string().nullable(),
  fields: z.array(InstallerChecklistFieldSchema),
  /** The labels of the required fields still empty: "Complete install" is refused until none are left. */
  missingToComplete: z.array(z.string()).default([]),
  /** Whether this installer may save it (an install checklist of a work order assigned to them, not complete). */
  canEdit: z.boolean().default(false),
});
export type InstallerChecklist = z.infer<typeof InstallerChecklistSchema>;

/** The installer's save of an install checklist (not completing: "Complete install" does that). */
export const InstallerChecklistSaveSchema = z.object({
  /** The form's fields by name, as the contractor's save sends them (domain parses them with the same rules). */
  data: z
    .record(z.string().max(60), z.union([cleanText().max(5_000), z.number(), z.boolean(), z.null()]))
    .refine((d) => Object.keys(d).length <= 60, 'A checklist has at most 60 fields.'),
  tsArrivalOnsite: z.iso.datetime({ offset: true, error: 'Arrival onsite must be a date and time.' }).nullable(),
  txtNotes: cleanText().max(4_000, 'Notes must be at most 4000 characters.').nullable().optional(),
});
export type InstallerChecklistSave = z.input<typeof InstallerChecklistSaveSchema>;

/** "On my way" (issue 27): when the customer was told the installer is coming, null when not yet today. */
export const OnMyWaySchema = z.object({
  sentAt: z.string().nullable(),
  /** True when this tap found it already sent (a retried tap never sends twice). */
  alreadySent: z.boolean(),
});
export type OnMyWay = z.infer<typeof OnMyWaySchema>;
