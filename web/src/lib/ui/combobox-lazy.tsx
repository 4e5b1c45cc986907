/**
 * ComboboxField loaded after the page's first paint (downshift is about 8 KB gzipped): until it arrives the same
 * options are a plain select with the same label, value and error, so the field works from the first frame.
 */
import { lazy, Suspense } from 'react';
import type { ComboboxFieldProps } from './combobox';
import { SelectField } from './parts';

const Loaded = lazy(() => import('./combobox').then((m) => ({ default: m.ComboboxField })));

export function LazyComboboxField(props: ComboboxFieldProps) {
  const { label, options, value, onValueChange, hint, error, disabled, required } = props;
  const fallback = (
    <SelectField
      label={label}
      value={value}
      onValueChange={onValueChange}
      hint={hint}
      error={error}
      disabled={disabled}
      required={required}
      options={[...(value === '' ? [{ value: '', label: '' }] : []), ...options]}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <Loaded {...props} />
    </Suspense>
  );
}
