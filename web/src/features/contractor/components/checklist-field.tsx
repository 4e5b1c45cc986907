import {
  ADDITIONAL_ROOM_CHARGE_CENTS,
  additionalRoomChargeCents,
  type ChecklistOption,
  type ChecklistValue,
  type ChecklistField as FieldDefinition,
  formatUsd,
} from '@strand/domain';
import { type ReactNode, useId } from 'react';
import { DateField } from '../../../lib/ui/date-time-field';

export interface ChecklistFieldProps {
  field: FieldDefinition;
  value: ChecklistValue;
  error?: string | undefined;
  /** Options of the look-up kinds (drop types, splice case types). */
  lookupOptions?: readonly ChecklistOption[];
  disabled?: boolean;
  hint?: string;
  onChange(value: ChecklistValue): void;
}

const PLACEHOLDER = 'Please select a value';

/** One checklist input, rendered from its definition in domain/ (the server parses the same definition). */
export function ChecklistFieldInput({
  field,
  value,
  error,
  lookupOptions,
  disabled,
  hint,
  onChange,
}: ChecklistFieldProps) {
  const id = useId();
  const hintText = hint ?? field.hint;
  const describedBy = [
    hintText ? `${id}-hint` : '',
    error ? `${id}-error` : '',
    field.showsRoomCharge ? `${id}-charge` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name: field.name,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  const text = value === null || value === undefined ? '' : String(value);

  let control: ReactNode;
  switch (field.kind) {
    case 'checkbox':
      return (
        <div className={`field field--check checklist-field${error ? ' field--invalid' : ''}`}>
          <input
            {...common}
            type="checkbox"
            checked={value === 1}
            onChange={(e) => onChange(e.target.checked ? 1 : 0)}
          />
          <label htmlFor={id}>{field.label}</label>
          {error && (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          )}
        </div>
      );
    case 'textarea':
      control = (
        <textarea
          {...common}
          rows={3}
          value={text}
          maxLength={field.maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'date':
      // The kit's date field (label, hint, error, a one-tap Today); a date the server sets has no Today to tap.
      return (
        <DateField
          label={field.label}
          name={field.name}
          value={text}
          hint={hintText}
          error={error}
          disabled={disabled}
          readOnly={field.serverSet}
          todayLabel={field.serverSet ? false : 'Today'}
          onValueChange={(next) => onChange(next || null)}
        />
      );
    case 'integer':
      control = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={1}
          value={text}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        />
      );
      break;
    case 'tri-state':
    case 'select':
    case 'drop-type':
    case 'splice-case-type': {
      const options =
        field.kind === 'drop-type' || field.kind === 'splice-case-type' ? (lookupOptions ?? []) : (field.options ?? []);
      const withPlaceholder = field.defaultValue === null;
      control = (
        <select
          {...common}
          value={text}
          onChange={(e) => {
            const picked = options.find((o) => String(o.value) === e.target.value);
            onChange(picked ? picked.value : null);
          }}
        >
          {withPlaceholder && <option value="">{PLACEHOLDER}</option>}
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    }
    default:
      control = (
        <input
          {...common}
          type={field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.kind === 'url' ? 'url' : undefined}
          value={text}
          maxLength={field.maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }

  return (
    <div className={`field checklist-field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{field.label}</label>
      {hintText && (
        <p id={`${id}-hint`} className="field__hint">
          {hintText}
        </p>
      )}
      {control}
      {field.showsRoomCharge && (
        <p id={`${id}-charge`} className="room-charge" aria-live="polite">
          Charge: {formatUsd(additionalRoomChargeCents(Number(value ?? 0)))} ({formatUsd(ADDITIONAL_ROOM_CHARGE_CENTS)}{' '}
          a room)
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
