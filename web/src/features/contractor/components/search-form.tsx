import { CONTRACTOR_SORTS, CONTRACTOR_WORK_ORDER_STATUSES, WORK_ORDER_TYPES } from '@strand/domain';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { FieldErrors } from '../../../lib/form-errors';
import { Form } from '../../../lib/ui/form';
import { DateFilter, SearchActions, SortControl } from '../../../lib/ui/search-form-parts';
import { assignmentLocked, type SearchFormState } from '../search-form-state';

export interface SearchFormProps {
  value: SearchFormState;
  nContractor: number;
  errors: FieldErrors;
  busy: boolean;
  onChange(next: SearchFormState): void;
  onSearch(): void;
  onClear(): void;
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children(id, describedBy)}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

const TYPE_NAMES = [...new Set(WORK_ORDER_TYPES.map((t) => t.description))].sort();

/** searchContractorWorkOrders criteria (SPEC §2 search screen, contractor edition). */
export function SearchForm({ value, nContractor, errors, busy, onChange, onSearch, onClear }: SearchFormProps) {
  const set = <K extends keyof SearchFormState>(key: K, v: SearchFormState[K]) => onChange({ ...value, [key]: v });
  const locked = assignmentLocked(nContractor);
  const assignedId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  return (
    <Form className="card search-card" onSubmit={submit} aria-label="Search work orders">
      <div className="search-grid">
        <Field label="Work Order ID" error={errors.WorkOrderID}>
          {(id, d) => (
            <input
              id={id}
              inputMode="numeric"
              value={value.WorkOrderID}
              onChange={(e) => set('WorkOrderID', e.target.value)}
              aria-describedby={d}
            />
          )}
        </Field>
        <Field label="Work Order Type" error={errors.WorkOrderType}>
          {(id, d) => (
            <select
              id={id}
              value={value.WorkOrderType}
              onChange={(e) => set('WorkOrderType', e.target.value)}
              aria-describedby={d}
            >
              <option value="">Please select a value</option>
              {TYPE_NAMES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status" error={errors.vcStatus}>
          {(id, d) => (
            <select
              id={id}
              value={value.vcStatus}
              onChange={(e) => set('vcStatus', e.target.value)}
              aria-describedby={d}
            >
              <option value="">Any status</option>
              {CONTRACTOR_WORK_ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Customer Name" error={errors.CustomerName}>
          {(id, d) => (
            <input
              id={id}
              value={value.CustomerName}
              onChange={(e) => set('CustomerName', e.target.value)}
              aria-describedby={d}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Address" error={errors.Address}>
          {(id, d) => (
            <input
              id={id}
              value={value.Address}
              onChange={(e) => set('Address', e.target.value)}
              aria-describedby={d}
              autoComplete="off"
            />
          )}
        </Field>
      </div>

      <DateFilter
        className="search-dates"
        datesClassName="search-grid search-grid--dates"
        label="Filter by scheduled date"
        enabled={value.dateFilter}
        from={value.DateFrom}
        to={value.DateTo}
        errors={{ from: errors.DateFrom, to: errors.DateTo }}
        onEnabledChange={(on) => set('dateFilter', on)}
        onFromChange={(from) => set('DateFrom', from)}
        onToChange={(to) => set('DateTo', to)}
      />

      <div className={`field field--check${errors.ByAssignment ? ' field--invalid' : ''}`}>
        <input
          id={assignedId}
          type="checkbox"
          checked={value.assignedToMe || locked}
          disabled={locked}
          onChange={(e) => set('assignedToMe', e.target.checked)}
          aria-describedby={locked ? `${assignedId}-hint` : undefined}
        />
        <label htmlFor={assignedId}>Assigned to you</label>
      </div>
      {locked && (
        <p id={`${assignedId}-hint`} className="field__hint search-hint">
          The provider’s own crew sees its own assignments only.
        </p>
      )}
      {errors.ByAssignment && <p className="field__error">{errors.ByAssignment}</p>}

      <SortControl
        className="search-sort"
        value={value.sort}
        options={CONTRACTOR_SORTS}
        order={value.order}
        onSort={(sort, order) => onChange({ ...value, sort, order })}
      />

      <SearchActions busy={busy} onClear={onClear} />
    </Form>
  );
}
