/**
 * A combobox (downshift's useCombobox, the WAI-ARIA 1.2 pattern): a labelled text input that filters a long list as
 * the reader types; arrows move through the matches, Enter picks one, Escape closes the list (a second Escape clears
 * the words); a screen reader hears the active option and how many match. For a list too long for a select (addresses,
 * customers, packages). The value is the chosen option's `value`, '' for none.
 */
import { useCombobox } from 'downshift';
import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line under the label (an account number, a city). */
  detail?: string;
}

export interface ComboboxFieldProps {
  label: string;
  options: readonly ComboboxOption[];
  value: string;
  onValueChange(value: string): void;
  hint?: string;
  error?: string | undefined;
  placeholder?: string;
  /** Said when nothing matches the words. */
  emptyText?: string;
  /** At most this many matches are listed (the words narrow them). */
  limit?: number;
  disabled?: boolean;
  required?: boolean;
}

/** The options whose label or detail holds every word typed, in order. */
export function filterOptions(options: readonly ComboboxOption[], words: string): ComboboxOption[] {
  const terms = words.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...options];
  return options.filter((o) => {
    const text = `${o.label} ${o.detail ?? ''}`.toLowerCase();
    return terms.every((t) => text.includes(t));
  });
}

export function ComboboxField({
  label,
  options,
  value,
  onValueChange,
  hint,
  error,
  placeholder,
  emptyText = 'Nothing matches these words',
  limit = 50,
  disabled,
  required,
}: ComboboxFieldProps) {
  const id = useId();
  const selectedItem = options.find((o) => o.value === value) ?? null;
  const [words, setWords] = useState(selectedItem?.label ?? '');
  // A value set from outside (a ZIP code that fills the state) shows its label.
  const [shownFor, setShownFor] = useState(value);
  if (value !== shownFor) {
    setShownFor(value);
    setWords(selectedItem?.label ?? '');
  }
  const matches = useMemo(() => {
    const all = filterOptions(options, selectedItem && words === selectedItem.label ? '' : words);
    return all.slice(0, limit);
  }, [options, words, selectedItem, limit]);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox<ComboboxOption>({
      id,
      items: matches,
      itemToString: (item) => item?.label ?? '',
      itemToKey: (item) => item?.value,
      selectedItem,
      inputValue: words,
      onInputValueChange: ({ inputValue }) => {
        setWords(inputValue);
        if (inputValue === '' && value !== '') {
          setShownFor('');
          onValueChange('');
        }
      },
      onSelectedItemChange: ({ selectedItem: chosen }) => {
        setShownFor(chosen?.value ?? '');
        setWords(chosen?.label ?? '');
        onValueChange(chosen?.value ?? '');
      },
    });
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field combobox${error ? ' field--invalid' : ''}`}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives htmlFor, the input's id. */}
      <label {...getLabelProps()}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <div className="combobox__control">
        <input
          {...getInputProps({
            placeholder,
            disabled,
            required,
            'aria-describedby': describedBy,
            'aria-invalid': error ? true : undefined,
          })}
          className="combobox__input"
        />
        <button
          {...getToggleButtonProps({ disabled })}
          type="button"
          className="combobox__toggle"
          aria-label={`Show the choices of ${label}`}
        >
          <ChevronDown className="icon" aria-hidden="true" />
        </button>
      </div>
      <ul {...getMenuProps()} className={isOpen ? 'combobox__list' : 'combobox__list combobox__list--closed'}>
        {isOpen && matches.length === 0 && <li className="combobox__empty">{emptyText}</li>}
        {isOpen &&
          matches.map((item, index) => (
            <li
              key={item.value}
              {...getItemProps({ item, index })}
              className={[
                'combobox__option',
                highlightedIndex === index ? 'combobox__option--active' : '',
                item.value === value ? 'combobox__option--selected' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <span>{item.label}</span>
              {item.detail ? <span className="combobox__detail">{item.detail}</span> : null}
            </li>
          ))}
      </ul>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
