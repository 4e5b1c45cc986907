import {
  ASSETS_MOVED_NO,
  ASSETS_MOVED_QUESTION,
  ASSETS_MOVED_YES,
  CHECKLIST_READ_ONLY,
  type ChecklistForm,
  type ChecklistLookups,
  type ChecklistValue,
  COMPLETE_WORK_ORDER_LABEL,
  type ContractorWorkOrder,
  checkChecklistSave,
  fieldLabel,
  localDate,
  ONE_TIME_OPTIONS,
  UPDATED_SUCCESSFULLY,
} from '@strand/domain';
import { type FormEvent, lazy, Suspense, useId, useMemo, useState } from 'react';
import { formErrorsFrom } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { DateTimeField } from '../../../lib/ui/date-time-field';
import { Form } from '../../../lib/ui/form';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useDropTypes, useEstimatedDropLength, useSaveChecklist, useSpliceCaseTypes } from '../api/checklist';
import { type ChecklistFormState, initialChecklistState, submissionOf } from '../checklist-state';
import { AssemblyUnitsSection } from './assembly-units-section';
import { ChecklistFieldInput } from './checklist-field';
import { ChecklistHistory } from './checklist-history';

/** The question loads when it is asked: the dialog library stays out of the work orders page's first paint. */
const ConfirmDialog = lazy(() => import('../../../lib/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

export interface ChecklistEditorProps {
  form: ChecklistForm;
  workOrder: ContractorWorkOrder;
  onClose(): void;
}

type Asking = null | 'save' | 'restoration';

const DROP_LENGTH_FIELD = 'nDropLengthFt';
/** Offline (issue 27): the save waits in the sync centre. */
const CHECKLIST_QUEUED =
  'No connection: the checklist is saved on this device and will be sent when the connection returns (see Sync).';

/**
 * The checklist form: fields from domain/, the rules checked before sending (the server checks them again), the
 * 'Are you sure all assets are moved properly?' question on completion, and the modal message area (SPEC §4, §8).
 */
export function ChecklistEditor({ form, workOrder: wo, onClose }: ChecklistEditorProps) {
  const formId = useId();
  const readOnly = wo.isComplete;
  const [state, setState] = useState<ChecklistFormState>(() => initialChecklistState(form, wo));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(readOnly ? CHECKLIST_READ_ONLY : null);
  const [asking, setAsking] = useState<Asking>(null);
  const kinds = new Set(form.fields.map((f) => f.kind));
  const dropTypes = useDropTypes(wo.WorkOrderType.nTypeID, kinds.has('drop-type'));
  const spliceCases = useSpliceCaseTypes(kinds.has('splice-case-type'));
  // Where the drop length is chosen, the map's estimate (getEstimatedDropLength) is its hint.
  const hasDropLength = form.fields.some((f) => f.name === DROP_LENGTH_FIELD);
  const dropEstimate = useEstimatedDropLength(wo.WorkOrderID, hasDropLength && !readOnly);
  const save = useSaveChecklist(wo.WorkOrderID);
  const saveKey = useIdempotencyKey(state);

  const lookups = useMemo<ChecklistLookups>(
    () => ({
      ...(dropTypes.data ? { dropTypeIds: new Set(dropTypes.data.map((d) => d.nCount)) } : {}),
      ...(spliceCases.data ? { spliceCaseTypes: new Set(spliceCases.data.map((s) => s.vcType)) } : {}),
    }),
    [dropTypes.data, spliceCases.data],
  );
  const options = {
    'drop-type': dropTypes.data?.map((d) => ({ value: d.nCount, label: d.vcType })) ?? [],
    'splice-case-type': spliceCases.data?.map((s) => ({ value: s.vcType, label: s.vcType })) ?? [],
  };

  const setValue = (name: string, value: ChecklistValue) => {
    // Ticking the yard complaint's complete box asks first (SPEC §4); unticking clears its date.
    if (form.completeBox === 'restoration' && name === 'nRestorationComplete') {
      if (value === 1) return setAsking('restoration');
      return setState((s) => ({ ...s, data: { ...s.data, nRestorationComplete: 0, dtDateCompleted: null } }));
    }
    setState((s) => ({ ...s, data: { ...s.data, [name]: value } }));
  };

  const send = (confirmed: boolean) => {
    const submission = submissionOf(form, { ...state, confirmed });
    const stored = { status: wo.vcStatus, data: wo.checklist.data };
    const check = checkChecklistSave(form, stored, { ...submission, assetsMovedConfirmed: true }, lookups);
    if (!check.ok) {
      setErrors(check.fields);
      setMessage(check.message);
      return;
    }
    if (check.completes && !confirmed) {
      setAsking('save');
      return;
    }
    setErrors({});
    setMessage(null);
    save.mutate(
      { body: submission, key: saveKey.get() },
      {
        onSuccess: (outcome) => {
          saveKey.reset();
          popup.show(outcome.queued ? CHECKLIST_QUEUED : UPDATED_SUCCESSFULLY);
          onClose();
        },
        onError: (error) => {
          const shown = formErrorsFrom(error);
          setErrors(shown.fields);
          setMessage(shown.message);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(state.confirmed);
  };

  const answerYes = () => {
    const question = asking;
    setAsking(null);
    if (question === 'restoration') {
      setState((s) => ({
        ...s,
        confirmed: true,
        data: { ...s.data, nRestorationComplete: 1, dtDateCompleted: s.data.dtDateCompleted || localDate() },
      }));
    } else {
      setState((s) => ({ ...s, confirmed: true }));
      send(true);
    }
  };

  const restorationTicked = state.data.nRestorationComplete === 1;

  return (
    <>
      <div className="modal__body">
        <p className="checklist-title">
          {form.title}
          {form.family === 'base' && <span className="muted"> · template {form.templateType}</span>}
        </p>
        <Form id={formId} className="checklist-form" onSubmit={onSubmit}>
          <fieldset disabled={readOnly} className="checklist-fieldset">
            <legend className="visually-hidden">{form.title}</legend>
            <div className="checklist-grid">
              {form.fields.map((field) => (
                <ChecklistFieldInput
                  key={field.name}
                  field={field}
                  value={state.data[field.name] ?? null}
                  error={errors[field.name]}
                  lookupOptions={
                    field.kind === 'drop-type' || field.kind === 'splice-case-type' ? options[field.kind] : undefined
                  }
                  disabled={
                    field.name === 'dtDateCompleted' && form.completeBox === 'restoration' && !restorationTicked
                  }
                  hint={
                    field.serverSet
                      ? 'Set when the checklist is saved.'
                      : field.name === DROP_LENGTH_FIELD
                        ? dropEstimate.data?.message
                        : undefined
                  }
                  onChange={(value) => setValue(field.name, value)}
                />
              ))}
            </div>

            {form.hasOneTimeOptions && (
              <fieldset className="one-time">
                <legend>One-time options (not kept in the checklist)</legend>
                {ONE_TIME_OPTIONS.map((o) => (
                  <div className="field field--check" key={o.name}>
                    <input
                      id={`${formId}-${o.name}`}
                      type="checkbox"
                      checked={state.oneTime[o.name]}
                      onChange={(e) =>
                        setState((s) => ({ ...s, oneTime: { ...s.oneTime, [o.name]: e.target.checked } }))
                      }
                    />
                    <label htmlFor={`${formId}-${o.name}`}>{o.label}</label>
                  </div>
                ))}
                {errors.oneTime && <p className="field__error">{errors.oneTime}</p>}
              </fieldset>
            )}

            <div className="checklist-grid">
              <DateTimeField
                label={fieldLabel(form.family, 'tsArrivalOnsite')}
                value={state.arrival}
                error={errors.tsArrivalOnsite}
                onValueChange={(arrival) => setState((s) => ({ ...s, arrival }))}
              />
              <DateTimeField
                label={fieldLabel(form.family, 'tsWorkComplete')}
                value={state.complete}
                error={errors.tsWorkComplete}
                onValueChange={(complete) => setState((s) => ({ ...s, complete }))}
              />
            </div>
            <div className={`field${errors.txtNotes ? ' field--invalid' : ''}`}>
              <label htmlFor={`${formId}-notes`}>Notes</label>
              <textarea
                id={`${formId}-notes`}
                rows={3}
                maxLength={4000}
                value={state.notes}
                onChange={(e) => setState((s) => ({ ...s, notes: e.target.value }))}
              />
              {errors.txtNotes && <p className="field__error">{errors.txtNotes}</p>}
            </div>
            {form.completeBox === 'work-order' && (
              <div className={`field field--check complete-box${errors.WOComplete ? ' field--invalid' : ''}`}>
                <input
                  id={`${formId}-complete`}
                  type="checkbox"
                  checked={state.woComplete}
                  onChange={(e) => setState((s) => ({ ...s, woComplete: e.target.checked }))}
                />
                <label htmlFor={`${formId}-complete`}>{COMPLETE_WORK_ORDER_LABEL}</label>
              </div>
            )}
          </fieldset>
        </Form>
        {form.hasAssemblyUnits && <AssemblyUnitsSection workOrder={wo} readOnly={readOnly} />}
        <ChecklistHistory workOrderId={wo.WorkOrderID} family={form.family} count={wo.checklist.historyCount} />
      </div>
      <footer className="modal__footer">
        <div className={`modal__message${readOnly ? ' modal__message--info' : ''}`} role="alert" aria-live="assertive">
          {message}
        </div>
        <div className="actions">
          {!readOnly && (
            <Button type="submit" form={formId} busy={save.isPending} busyText="Saving…">
              Save
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
        </div>
      </footer>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            message={ASSETS_MOVED_QUESTION}
            yesLabel={ASSETS_MOVED_YES}
            noLabel={ASSETS_MOVED_NO}
            onYes={answerYes}
            onNo={() => setAsking(null)}
          />
        </Suspense>
      )}
    </>
  );
}
