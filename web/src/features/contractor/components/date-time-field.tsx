import { DEFAULT_TIME } from '@strand/domain';
import { useId } from 'react';
import { Button } from '../../../lib/ui/button';
import { providerNow, providerToday } from '../../../lib/ui/date-time-field';
import type { DateTimeValue } from '../checklist-state';

export interface DateTimeFieldProps {
  label: string;
  value: DateTimeValue;
  error?: string | undefined;
  onChange(value: DateTimeValue): void;
  /** For a test: the moment "now" is taken from. */
  now?: () => Date;
}

/**
 * A 'date time' input (SPEC §3): a date and a time, the time defaulting to 00:00, with a one-tap "Now" (issue 27)
 * that sets both to the provider's clock (DISPATCH_TIME_ZONE, the kit's providerToday / providerNow).
 */
export function DateTimeField({ label, value, error, onChange, now = () => new Date() }: DateTimeFieldProps) {
  const id = useId();
  const zone = providerNow(now()).zone;
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
            <span className="visually-hidden">{label} </span>time <span className="muted">({zone})</span>
          </label>
          <input
            id={`${id}-time`}
            type="time"
            value={value.time}
            onChange={(e) => onChange({ ...value, time: e.target.value || DEFAULT_TIME })}
          />
        </div>
        <Button
          type="button"
          variant="secondary"
          className="date-time__now"
          aria-label={`Set ${label} to now`}
          onClick={() => {
            const moment = now();
            onChange({ date: providerToday(moment), time: providerNow(moment).time });
          }}
        >
          Now
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
