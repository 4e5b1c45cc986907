import type { InstallerChecklist, InstallerChecklistField } from '@strand/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Button } from '../../../lib/ui/button';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField, TextAreaField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { getInstallerChecklistQueryOptions, saveInstallerChecklist } from '../api/checklist';

type Values = Record<string, string | number | null>;

const initialValues = (checklist: InstallerChecklist): Values =>
  Object.fromEntries(checklist.fields.map((f) => [f.name, f.input]));

/**
 * The installer's own edit of an install checklist (issue 27 item 8): the form's fields (those "Complete install"
 * needs say so), and notes; saved for the assigned installer only, never completing (the button below does that).
 */
export function ChecklistEditForm({ checklist }: { checklist: InstallerChecklist }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => initialValues(checklist));
  const [notes, setNotes] = useState(checklist.txtNotes ?? '');
  const [saved, setSaved] = useState(false);
  const key = useIdempotencyKey({ values, notes });
  const save = useMutation({
    mutationFn: () =>
      saveInstallerChecklist(
        checklist.WorkOrderID,
        { data: values, tsArrivalOnsite: checklist.tsArrivalOnsite, txtNotes: notes.trim() || null },
        key.get(),
      ),
    onSuccess: (next) => {
      key.reset();
      setSaved(true);
      queryClient.setQueryData(getInstallerChecklistQueryOptions(checklist.WorkOrderID).queryKey, next);
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const set = (name: string, value: string | number | null) => {
    setSaved(false);
    setValues((v) => ({ ...v, [name]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form id="checklist-form" className="card stack" aria-labelledby="checklist-edit-title" onSubmit={submit}>
      <h2 id="checklist-edit-title">Fill in the checklist</h2>
      {save.isError && <FormAlert message={errorMessage(save.error)} />}
      {checklist.fields.map((field) => (
        <ChecklistInput
          key={field.name}
          field={field}
          value={values[field.name] ?? null}
          error={fieldErrors[field.name]}
          onChange={(value) => set(field.name, value)}
        />
      ))}
      <TextAreaField
        label="Notes"
        value={notes}
        onValueChange={(v) => {
          setSaved(false);
          setNotes(v);
        }}
        error={fieldErrors.txtNotes}
      />
      <div className="actions">
        <Button type="submit" variant="primary" busy={save.isPending} busyText="Saving…">
          Save checklist
        </Button>
        {saved && (
          <span role="status" className="muted">
            Checklist saved
          </span>
        )}
      </div>
    </form>
  );
}

function ChecklistInput({
  field,
  value,
  error,
  onChange,
}: {
  field: InstallerChecklistField;
  value: string | number | null;
  error: string | undefined;
  onChange(value: string | number | null): void;
}) {
  const id = useId();
  const label = field.required ? `${field.label} (needed to complete)` : field.label;
  if (field.kind === 'checkbox') {
    return (
      <div className="field field--check">
        <input
          id={id}
          type="checkbox"
          checked={value === 1 || value === '1'}
          onChange={(e) => onChange(e.target.checked ? 1 : 0)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
    );
  }
  if (field.options.length > 0) {
    return (
      <SelectField
        label={label}
        value={value === null ? '' : String(value)}
        options={[
          ...(value === null ? [{ value: '', label: 'Choose…' }] : []),
          ...field.options.map((o) => ({ value: String(o.value), label: o.label })),
        ]}
        onValueChange={(v) => {
          const option = field.options.find((o) => String(o.value) === v);
          onChange(option ? option.value : null);
        }}
        error={error}
      />
    );
  }
  return (
    <TextField
      label={label}
      type={field.kind === 'url' ? 'url' : 'text'}
      inputMode={field.kind === 'integer' ? 'numeric' : undefined}
      value={value === null ? '' : String(value)}
      maxLength={field.maxLength}
      onValueChange={(v) => onChange(v.trim() === '' ? null : v)}
      error={error}
    />
  );
}
