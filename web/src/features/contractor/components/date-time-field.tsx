import { DEFAULT_TIME } from '@strand/domain';
import { useId } from 'react';
import type { DateTimeValue } from '../checklist-state';

export interface DateTimeFieldProps {
  label: string;
  value: DateTimeValue;
  error?: string | undefined;
  onChange(value: DateTimeValue): void;
}

/** A 'date time' input (SPEC §3): a date and a time, the time defaulting to 00:00. */
export function DateTimeField({ label, value, error, onChange }: DateTimeFieldProps) {
  const id = useId();
  return (
    <fieldset
      className={`date-time${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{label}</legend>
      <div className="date-time__inputs">
        <div className="field">
          <label htmlFor={`${id}-date`}>
            <span className="visually-hidden">{label} </span>date
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={value.date}
            onChange={(e) => onChange({ date: e.target.value, time: value.time || DEFAULT_TIME })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>
            <span className="visually-hidden">{label} </span>time
          </label>
          <input
            id={`${id}-time`}
            type="time"
            value={value.time}
            onChange={(e) => onChange({ ...value, time: e.target.value || DEFAULT_TIME })}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
