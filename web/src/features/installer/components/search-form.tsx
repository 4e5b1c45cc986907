import {
  DISTANCE_OPTIONS_FT,
  type SearchForm as SearchFormState,
  WORK_ORDER_SORT_FIELDS,
  WORK_ORDER_SORT_LABELS,
  type WorkOrderSortField,
} from '@strand/domain';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { TextField } from '../../../lib/ui/text-field';

export interface SearchFormProps {
  form: SearchFormState;
  types: readonly string[];
  typesFailed: boolean;
  busy: boolean;
  errors: Record<string, string>;
  onChange(changes: Partial<SearchFormState>): void;
  onSubmit(): void;
  onClear(): void;
  /** A new sort applies to the current results at once. */
  onSort(sortBy: WorkOrderSortField, sortOrder: 'asc' | 'desc'): void;
}

/** The work-order search form of SPEC §2 and §5. */
export function SearchForm({
  form,
  types,
  typesFailed,
  busy,
  errors,
  onChange,
  onSubmit,
  onClear,
  onSort,
}: SearchFormProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Form className="card wo-search" onSubmit={submit} aria-label="Work order search">
      <div className="wo-search__fields">
        <TextField
          label="Customer Name"
          name="customerName"
          value={form.customerName}
          onValueChange={(customerName) => onChange({ customerName })}
          error={errors.CustomerName}
          autoComplete="off"
        />
        <TextField
          label="Customer ID"
          name="customerId"
          placeholder="0000-0000-0000"
          inputMode="numeric"
          value={form.customerId}
          onValueChange={(customerId) => onChange({ customerId })}
          error={errors.CustomerID}
          autoComplete="off"
        />
        <TextField
          label="Work Order ID"
          name="workOrderId"
          inputMode="numeric"
          value={form.workOrderId}
          onValueChange={(workOrderId) => onChange({ workOrderId })}
          error={errors.WorkOrderID}
          autoComplete="off"
        />
        <TextField
          label="Address"
          name="address"
          value={form.address}
          onValueChange={(address) => onChange({ address })}
          error={errors.Address}
          autoComplete="off"
        />
        <div className={`field${errors.WorkOrderType ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-type`}>Work Order Type</label>
          <select
            id={`${id}-type`}
            value={form.workOrderType}
            onChange={(e) => onChange({ workOrderType: e.target.value })}
            aria-describedby={errors.WorkOrderType || typesFailed ? `${id}-type-error` : undefined}
          >
            <option value="">Please select a value</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {(errors.WorkOrderType || typesFailed) && (
            <p id={`${id}-type-error`} className="field__error">
              {errors.WorkOrderType ?? 'The work order types could not be loaded.'}
            </p>
          )}
        </div>
      </div>

      <fieldset className="wo-search__options">
        <legend className="visually-hidden">Options</legend>
        <div className="field field--check">
          <input
            id={`${id}-nearby`}
            type="checkbox"
            checked={form.nearby}
            onChange={(e) => onChange({ nearby: e.target.checked })}
          />
          <label htmlFor={`${id}-nearby`}>Nearby</label>
        </div>
        <div className="field wo-search__distance">
          <label htmlFor={`${id}-distance`}>Distance</label>
          <select
            id={`${id}-distance`}
            value={form.distance}
            disabled={!form.nearby}
            onChange={(e) => onChange({ distance: Number(e.target.value) })}
          >
            {DISTANCE_OPTIONS_FT.map((ft) => (
              <option key={ft} value={ft}>
                {ft} ft
              </option>
            ))}
          </select>
        </div>
        <div className="field field--check">
          <input
            id={`${id}-mine`}
            type="checkbox"
            checked={form.assignedToMe}
            onChange={(e) => onChange({ assignedToMe: e.target.checked })}
          />
          <label htmlFor={`${id}-mine`}>Assigned to Me</label>
        </div>
        <div className="field field--check">
          <input
            id={`${id}-pending`}
            type="checkbox"
            checked={form.showPending}
            onChange={(e) => onChange({ showPending: e.target.checked })}
          />
          <label htmlFor={`${id}-pending`}>Show Pending</label>
        </div>
      </fieldset>

      <fieldset className="wo-search__dates">
        <legend className="visually-hidden">Date filter</legend>
        <div className="field field--check">
          <input
            id={`${id}-dates`}
            type="checkbox"
            checked={form.dateFilter}
            onChange={(e) => onChange({ dateFilter: e.target.checked })}
          />
          <label htmlFor={`${id}-dates`}>Filter by date</label>
        </div>
        <TextField
          label="Date From"
          name="dateFrom"
          type="date"
          value={form.dateFrom}
          disabled={!form.dateFilter}
          onValueChange={(dateFrom) => onChange({ dateFrom })}
          error={errors.DateFrom}
        />
        <TextField
          label="Date To"
          name="dateTo"
          type="date"
          value={form.dateTo}
          disabled={!form.dateFilter}
          onValueChange={(dateTo) => onChange({ dateTo })}
          error={errors.DateTo}
        />
      </fieldset>

      <div className="wo-search__sort">
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select
            id={`${id}-sort`}
            value={form.sortBy}
            onChange={(e) => onSort(e.target.value as WorkOrderSortField, form.sortOrder)}
          >
            {WORK_ORDER_SORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {WORK_ORDER_SORT_LABELS[field]}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="button"
          variant="secondary"
          className="wo-search__order"
          onClick={() => onSort(form.sortBy, form.sortOrder === 'asc' ? 'desc' : 'asc')}
        >
          <span className="visually-hidden">Sort order: </span>
          {form.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </div>

      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? 'Searching…' : 'Search'}
        </Button>
        <Button type="button" variant="secondary" onClick={onClear}>
          Clear search
        </Button>
      </div>
    </Form>
  );
}
