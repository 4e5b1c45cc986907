import { maskSensitive } from '@strand/domain';
import { type InputHTMLAttributes, useId, useState } from 'react';

export interface MaskedFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string;
}

/**
 * A field for a card or account number: while it is being typed it shows the digits; once the focus leaves, the
 * screen shows the number masked as SPEC §5 says (all but the last character hidden, those after position 14
 * shown), so it is not left readable on the screen. The mask is drawn over the input: the value itself, and the
 * caret and selection of the next edit, are left alone.
 */
export function MaskedField({ label, value, onValueChange, error, hint, ...rest }: MaskedFieldProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const compact = value.replace(/\s/g, '');
  const masked = !editing && compact !== '';
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className="masked-field">
        <input
          id={id}
          value={value}
          className={masked ? 'masked-field__input--masked' : undefined}
          onFocus={() => setEditing(true)}
          onBlur={() => setEditing(false)}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          {...rest}
        />
        {masked && (
          <span className="masked-field__mask" aria-hidden="true">
            {maskSensitive(compact)}
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
