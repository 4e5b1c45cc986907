import {
  DISTANCE_OPTIONS_FT,
  type SearchForm as SearchFormState,
  WORK_ORDER_SORT_FIELDS,
  WORK_ORDER_SORT_LABELS,
  type WorkOrderSortField,
} from '@strand/domain';
import { type FormEvent, useId } from 'react';
import { Form } from '../../../lib/ui/form';
import { DateFilter, SearchActions, SortControl } from '../../../lib/ui/search-form-parts';
import { TextField } from '../../../lib/ui/text-field';

const SORT_OPTIONS = WORK_ORDER_SORT_FIELDS.map((field) => ({ value: field, label: WORK_ORDER_SORT_LABELS[field] }));
/** Nearby adds Distance (nearest first) to SPEC's sort choices (issue 27). */
const NEARBY_SORT_OPTIONS = [...SORT_OPTIONS, { value: 'distance' as const, label: WORK_ORDER_SORT_LABELS.distance }];

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

      <DateFilter
        className="wo-search__dates"
        label="Filter by date"
        enabled={form.dateFilter}
        from={form.dateFrom}
        to={form.dateTo}
        errors={{ from: errors.DateFrom, to: errors.DateTo }}
        onEnabledChange={(dateFilter) => onChange({ dateFilter })}
        onFromChange={(dateFrom) => onChange({ dateFrom })}
        onToChange={(dateTo) => onChange({ dateTo })}
      />

      <SortControl
        className="wo-search__sort"
        value={form.sortBy}
        options={form.nearby ? NEARBY_SORT_OPTIONS : SORT_OPTIONS}
        order={form.sortOrder}
        onSort={onSort}
      />

      <SearchActions busy={busy} onClear={onClear} />
    </Form>
  );
}
