/**
 * The checklist rules of SPEC §4, §5 and §9, shared by the edit modal and the server: completeness (and so
 * read-only), what a save may contain, what completing needs, and the diff a save records in the history.
 * The browser runs checkChecklistSave before it sends; the server runs it again and refuses with the same message.
 */
import { ADDITIONAL_ROOM_CHARGE_CENTS } from '../constants.js';
import type { ChecklistFamily } from '../work-order-types.js';
import { type ChecklistData, type ChecklistValue, fieldLabel, ONE_TIME_OPTIONS, type OneTimeOption } from './fields.js';
import {
  ASSETS_MOVED_NOT_CONFIRMED,
  CHECKLIST_READ_ONLY,
  DROP_TYPE_REQUIRED,
  ONE_TIME_OPTIONS_NOT_ALLOWED,
  SPEED_TEST_URL_REQUIRED,
  WORK_COMPLETE_BEFORE_ARRIVAL,
  YARD_DATE_REQUIRED,
  YARD_DATE_WITHOUT_COMPLETE,
} from './messages.js';
import type { ChecklistForm } from './registry.js';
import { type ChecklistLookups, isSetDate, parseChecklistData } from './values.js';

/**
 * SPEC §4: complete when the status is Complete (Closed too for the base form); the yard complaint is complete when
 * its completion date is set and is not the zero date. A complete work order's checklist is read-only.
 */
export function isChecklistComplete(
  form: Pick<ChecklistForm, 'family' | 'closedCountsAsComplete'>,
  status: string,
  data: Record<string, unknown> | null | undefined,
): boolean {
  if (form.family === 'yard-complaint') return isSetDate(data?.dtDateCompleted);
  return status === 'Complete' || (form.closedCountsAsComplete && status === 'Closed');
}

export type WOComplete = 'on' | 'off';

export interface ChecklistSubmission {
  data: Record<string, unknown>;
  /** ISO-8601 timestamps ('date time' in the form, default time 00:00). */
  tsArrivalOnsite: string | null;
  tsWorkComplete: string | null;
  txtNotes: string | null;
  /** 'Complete Work Order?' as sent (SPEC §4). */
  WOComplete: WOComplete;
  /** The answer Yes to 'Are you sure all assets are moved properly?'. */
  assetsMovedConfirmed: boolean;
  oneTime?: Partial<Record<OneTimeOption, boolean>>;
}

export interface StoredChecklist {
  status: string;
  data: ChecklistData;
}

export type SaveCheck =
  | { ok: true; data: ChecklistData; completes: boolean; oneTime: OneTimeOption[] }
  | { ok: false; message: string; fields: Record<string, string> };

/** Whether this save completes the work order: the yard complaint's own box, otherwise WOComplete. */
export function completesWorkOrder(form: ChecklistForm, submission: Pick<ChecklistSubmission, 'data' | 'WOComplete'>) {
  if (form.completeBox === 'restoration') {
    const box = submission.data.nRestorationComplete;
    return box === 1 || box === '1' || box === true;
  }
  return submission.WOComplete === 'on';
}

function refuse(fields: Record<string, string>, message?: string): SaveCheck {
  const first = Object.values(fields)[0];
  return { ok: false, message: message ?? first ?? 'Please correct the checklist.', fields };
}

/** Checks a save of `form` over `stored`; on success returns the data to store and whether it completes. */
export function checkChecklistSave(
  form: ChecklistForm,
  stored: StoredChecklist,
  submission: ChecklistSubmission,
  lookups: ChecklistLookups = {},
): SaveCheck {
  if (isChecklistComplete(form, stored.status, stored.data)) return refuse({}, CHECKLIST_READ_ONLY);

  const { data, errors } = parseChecklistData(form, submission.data, stored.data, lookups);
  if (form.requiresSpeedTestUrl && (errors.txtSpeedTestURL || data.txtSpeedTestURL === null)) {
    errors.txtSpeedTestURL = SPEED_TEST_URL_REQUIRED;
  }
  const { tsArrivalOnsite: arrival, tsWorkComplete: done } = submission;
  if (arrival && done && Date.parse(done) < Date.parse(arrival)) errors.tsWorkComplete = WORK_COMPLETE_BEFORE_ARRIVAL;
  const oneTime = ONE_TIME_OPTIONS.map((o) => o.name).filter((name) => submission.oneTime?.[name] === true);
  if (oneTime.length > 0 && !form.hasOneTimeOptions) errors.oneTime = ONE_TIME_OPTIONS_NOT_ALLOWED;
  if (Object.keys(errors).length > 0) return refuse(errors);

  const completes = completesWorkOrder(form, { data, WOComplete: submission.WOComplete });
  if (form.completeBox === 'restoration') {
    if (completes && !isSetDate(data.dtDateCompleted)) return refuse({ dtDateCompleted: YARD_DATE_REQUIRED });
    if (!completes && isSetDate(data.dtDateCompleted)) return refuse({ dtDateCompleted: YARD_DATE_WITHOUT_COMPLETE });
  }
  if (completes && form.requiresDropTypeToComplete && data.nDropTypeID === null) {
    return refuse({ nDropTypeID: DROP_TYPE_REQUIRED });
  }
  if (completes && !submission.assetsMovedConfirmed) return refuse({ WOComplete: ASSETS_MOVED_NOT_CONFIRMED });
  return { ok: true, data, completes, oneTime };
}

/** The fields `form` needs filled in before completing that `data` leaves empty (issue 27 item 8), in form order. */
export function missingToComplete(
  form: ChecklistForm,
  data: Record<string, unknown>,
): { name: string; label: string }[] {
  return form.fields
    .filter((field) => form.requiredToComplete.includes(field.name))
    .filter((field) => {
      const value = data[field.name];
      return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    })
    .map((field) => ({ name: field.name, label: field.label }));
}

/** The refusal of a completion that lacks required fields: names each one. */
export function missingToCompleteMessage(missing: readonly { label: string }[]): string {
  return `Fill in the checklist before completing the install: ${missing.map((m) => m.label).join(', ')}.`;
}

/** The additional-room charge in cents (SPEC §9: $75 a room). */
export function additionalRoomChargeCents(rooms: number): number {
  return Math.max(0, Math.trunc(rooms)) * ADDITIONAL_ROOM_CHARGE_CENTS;
}

export interface ChecklistSnapshot {
  data: ChecklistData;
  tsArrivalOnsite: string | null;
  tsWorkComplete: string | null;
  txtNotes: string | null;
  vcStatus: string;
}

export interface ChecklistChange {
  field: string;
  label: string;
  from: ChecklistValue;
  to: ChecklistValue;
}

/** What a save changed, field by field (the history of SPEC issue 6: who, when, what changed). */
export function diffChecklist(
  family: ChecklistFamily,
  before: ChecklistSnapshot,
  after: ChecklistSnapshot,
): ChecklistChange[] {
  const changes: ChecklistChange[] = [];
  const add = (field: string, from: ChecklistValue, to: ChecklistValue) => {
    if ((from ?? null) !== (to ?? null)) changes.push({ field, label: fieldLabel(family, field), from, to });
  };
  const names = new Set([...Object.keys(before.data), ...Object.keys(after.data)]);
  for (const name of names) add(name, before.data[name] ?? null, after.data[name] ?? null);
  add('tsArrivalOnsite', before.tsArrivalOnsite, after.tsArrivalOnsite);
  add('tsWorkComplete', before.tsWorkComplete, after.tsWorkComplete);
  add('txtNotes', before.txtNotes, after.txtNotes);
  add('vcStatus', before.vcStatus, after.vcStatus);
  return changes;
}
