/**
 * The parts the installer's and the contractor's work-order search forms share (SPEC §2, §5): the date filter, the
 * sort with its order toggle, and the Search / Clear buttons. Each form keeps its own criteria fields.
 */
import { useId } from 'react';
import { Button } from './button';
import { TextField } from './text-field';

export interface DateFilterProps {
  /** The checkbox's label, e.g. "Filter by date". */
  label: string;
  enabled: boolean;
  from: string;
  to: string;
  errors: { from?: string | undefined; to?: string | undefined };
  onEnabledChange(enabled: boolean): void;
  onFromChange(from: string): void;
  onToChange(to: string): void;
  className?: string;
  /** A wrapper class for the two date fields (a grid), when the form lays them out apart from the checkbox. */
  datesClassName?: string;
}

/** A checkbox that turns the date filter on, and the From / To dates it enables. */
export function DateFilter(props: DateFilterProps) {
  const id = useId();
  const dates = (
    <>
      <TextField
        label="Date From"
        name="dateFrom"
        type="date"
        value={props.from}
        disabled={!props.enabled}
        onValueChange={props.onFromChange}
        error={props.errors.from}
      />
      <TextField
        label="Date To"
        name="dateTo"
        type="date"
        value={props.to}
        disabled={!props.enabled}
        onValueChange={props.onToChange}
        error={props.errors.to}
      />
    </>
  );
  return (
    <fieldset className={props.className}>
      <legend className="visually-hidden">Date filter</legend>
      <div className="field field--check">
        <input
          id={id}
          type="checkbox"
          checked={props.enabled}
          onChange={(e) => props.onEnabledChange(e.target.checked)}
        />
        <label htmlFor={id}>{props.label}</label>
      </div>
      {props.datesClassName ? <div className={props.datesClassName}>{dates}</div> : dates}
    </fieldset>
  );
}

export interface SortControlProps<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  order: 'asc' | 'desc';
  onSort(value: T, order: 'asc' | 'desc'): void;
  className?: string;
}

/** "Sort by" and the Ascending / Descending toggle. */
export function SortControl<T extends string>({ value, options, order, onSort, className }: SortControlProps<T>) {
  const id = useId();
  return (
    <div className={className}>
      <div className="field">
        <label htmlFor={id}>Sort by</label>
        <select id={id} value={value} onChange={(e) => onSort(e.target.value as T, order)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Button
        type="button"
        variant="secondary"
        aria-pressed={order === 'asc'}
        onClick={() => onSort(value, order === 'asc' ? 'desc' : 'asc')}
      >
        <span className="visually-hidden">Sort order: </span>
        {order === 'asc' ? 'Ascending' : 'Descending'}
      </Button>
    </div>
  );
}

/** The form's Search (busy while a search runs) and Clear search buttons. */
export function SearchActions({ busy, onClear }: { busy: boolean; onClear(): void }) {
  return (
    <div className="actions">
      <Button type="submit" disabled={busy}>
        {busy ? 'Searching…' : 'Search'}
      </Button>
      <Button type="button" variant="secondary" onClick={onClear}>
        Clear search
      </Button>
    </div>
  );
}
