/**
 * The edit modal's form state and the save it sends (updateCheckLists): the stored values with zero dates emptied,
 * the 'date time' inputs (time defaulting to 00:00), and the one-time options only where the form has them.
 */
import {
  type ChecklistData,
  type ChecklistForm,
  type ChecklistSubmission,
  type ContractorWorkOrder,
  fromTimestamp,
  isZeroDate,
  type OneTimeOption,
  toTimestamp,
} from '@strand/domain';

export interface DateTimeValue {
  date: string;
  time: string;
}

export interface ChecklistFormState {
  data: ChecklistData;
  arrival: DateTimeValue;
  complete: DateTimeValue;
  notes: string;
  /** 'Complete Work Order?'. */
  woComplete: boolean;
  oneTime: Record<OneTimeOption, boolean>;
  /** Yes was answered to 'Are you sure all assets are moved properly?' in this modal. */
  confirmed: boolean;
}

export function initialChecklistState(form: ChecklistForm, wo: ContractorWorkOrder): ChecklistFormState {
  const data: ChecklistData = {};
  for (const field of form.fields) {
    const value = wo.checklist.data[field.name] ?? field.defaultValue;
    data[field.name] = field.kind === 'date' && isZeroDate(value) ? null : value;
  }
  return {
    data,
    arrival: fromTimestamp(wo.checklist.tsArrivalOnsite),
    complete: fromTimestamp(wo.checklist.tsWorkComplete),
    notes: wo.checklist.txtNotes ?? '',
    woComplete: wo.isComplete,
    oneTime: { spliceCaseRehang: false, aerialRehang: false },
    confirmed: false,
  };
}

/** What a save sends: the form's own fields (not the server-set ones), the common fields and WOComplete. */
export function submissionOf(
  form: ChecklistForm,
  state: ChecklistFormState,
): ChecklistSubmission & { data: ChecklistData } {
  const data: ChecklistData = {};
  for (const field of form.fields) if (!field.serverSet) data[field.name] = state.data[field.name] ?? null;
  return {
    data,
    tsArrivalOnsite: toTimestamp(state.arrival.date, state.arrival.time),
    tsWorkComplete: toTimestamp(state.complete.date, state.complete.time),
    txtNotes: state.notes.trim() ? state.notes.trim() : null,
    WOComplete: state.woComplete ? 'on' : 'off',
    assetsMovedConfirmed: state.confirmed,
    ...(form.hasOneTimeOptions ? { oneTime: { ...state.oneTime } } : {}),
  };
}
