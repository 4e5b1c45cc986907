/** The onsite checklist of a work order as the installer reads it (/search/{WOId}/checkList). */
import { z } from 'zod';

export const InstallerChecklistFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** As people read it: option labels, Yes/No, '' for nothing filled in. */
  value: z.string(),
});

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
});
export type InstallerChecklist = z.infer<typeof InstallerChecklistSchema>;
