/**
 * Date and time fields: the browser's own date and time inputs (typed digit by digit with the keyboard, a picker on a
 * phone, read out by screen readers in the reader's language) in a labelled Field, with a one-tap "Today" or "Now"
 * beside them. Today and now are the provider's (DISPATCH_TIME_ZONE), the clock every time of the portal is shown in;
 * a time field says which zone it means. The button's name carries the field's ("Today for From") in words, not in an
 * aria-label, so the field's label names only its input. DateTimeField is the pair (SPEC §3's 'date time'); MonthField
 * a month (a report's month), without a one-tap button.
 */
import { localParts } from '@strand/domain';
import { type InputHTMLAttributes, useId } from 'react';
import { Button } from './button';
import { Field } from './field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'type'>;

export interface DateFieldProps extends InputProps {
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  /** The one-tap button's words; none when false. */
  todayLabel?: string | false;
  /** For a test: the moment "today" is taken from. */
  now?: () => Date;
}

export interface TimeFieldProps extends Omit<DateFieldProps, 'todayLabel'> {
  /** HH:MM (24-hour), or '' for none. */
  value: string;
  nowLabel?: string | false;
}

/** The provider's date today, YYYY-MM-DD. */
export function providerToday(moment: Date = new Date()): string {
  return localParts(moment).date;
}

/** The provider's clock now, HH:MM, and its zone's short name ("CST"). */
export function providerNow(moment: Date = new Date()): { time: string; zone: string } {
  const { minute, zone } = localParts(moment);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`, zone };
}

/** The browser's own input of `type` in a Field, with an optional one-tap button that fills in `oneTap.value()`. */
function NativeField({
  type,
  label,
  value,
  onValueChange,
  error,
  hint,
  oneTap,
  ...rest
}: InputProps & {
  type: 'date' | 'time' | 'month';
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string | undefined;
  oneTap: { label: string; value(): string } | null;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="date-time-field">
          <input
            {...control}
            type={type}
            className="date-time-field__input"
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            {...rest}
          />
          {oneTap ? (
            <Button variant="secondary" disabled={rest.disabled} onClick={() => onValueChange(oneTap.value())}>
              {oneTap.label} <span className="visually-hidden">for {label}</span>
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  );
}

export function DateField({ todayLabel = 'Today', now = () => new Date(), ...props }: DateFieldProps) {
  const oneTap = todayLabel ? { label: todayLabel, value: () => providerToday(now()) } : null;
  return <NativeField type="date" oneTap={oneTap} {...props} />;
}

export function TimeField({ nowLabel = 'Now', now = () => new Date(), hint, ...props }: TimeFieldProps) {
  const oneTap = nowLabel ? { label: nowLabel, value: () => providerNow(now()).time } : null;
  const zoneHint = `The provider's time (${providerNow(now()).zone})`;
  return <NativeField type="time" oneTap={oneTap} hint={hint ?? zoneHint} {...props} />;
}

export type MonthFieldProps = Omit<DateFieldProps, 'todayLabel' | 'now'>;

/**
 * A month (YYYY-MM): the browser's own month input, sized like the date fields, in a Field. A browser without a month
 * picker shows a text box, so the hint says what to type.
 */
export function MonthField({ hint = 'Year and month, e.g. 2025-01', ...props }: MonthFieldProps) {
  return <NativeField type="month" oneTap={null} hint={hint} {...props} />;
}

/** A date and its time together; an empty time is taken as `defaultTime` once a date is chosen. */
export interface DateTimeValue {
  date: string;
  time: string;
}

export interface DateTimeFieldProps {
  label: string;
  value: DateTimeValue;
  onValueChange(value: DateTimeValue): void;
  error?: string | undefined;
  /** A line under the pair ("At most 72 hours later"); the time field names the zone itself. */
  hint?: string | undefined;
  /** The time a date alone stands for (SPEC §3: 00:00). */
  defaultTime?: string;
  /** For a test: the moment "now" is taken from. */
  now?: () => Date;
}

/**
 * A 'date time' input: a fieldset named by `label` with a date and a time field (the provider's zone named), and one
 * "Now" (issue 27) that sets both to the provider's clock: an installer on site records the moment in one tap.
 */
export function DateTimeField({
  label,
  value,
  onValueChange,
  error,
  hint,
  defaultTime = '00:00',
  now = () => new Date(),
}: DateTimeFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`date-time${error ? ' field--invalid' : ''}`} aria-describedby={describedBy}>
      <legend>{label}</legend>
      <div className="date-time__inputs">
        {/* Seen under the legend as "Date" and "Time"; heard with the legend's words ("Window starts date"). */}
        <DateField
          label="Date"
          aria-label={`${label} date`}
          value={value.date}
          todayLabel={false}
          onValueChange={(date) => onValueChange({ date, time: value.time || defaultTime })}
        />
        <TimeField
          label="Time"
          aria-label={`${label} time`}
          value={value.time}
          nowLabel={false}
          now={now}
          onValueChange={(time) => onValueChange({ ...value, time: time || defaultTime })}
        />
        <Button
          variant="secondary"
          className="date-time__now"
          onClick={() => {
            const moment = now();
            onValueChange({ date: providerToday(moment), time: providerNow(moment).time });
          }}
        >
          Now <span className="visually-hidden">for {label}</span>
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
