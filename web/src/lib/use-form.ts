/**
 * The state of a form checked by a domain schema: its values, the messages per field and for the alert region,
 * props that wire a field to both, and a submit handler that checks in the browser what the server checks again.
 */
import { type Dispatch, type FormEvent, type SetStateAction, useState } from 'react';
import type { z } from 'zod';
import {
  CORRECT_FIELDS_MESSAGE,
  type FieldErrors,
  type FormErrors,
  formErrorsFrom,
  NO_ERRORS,
  validate,
} from './form-errors';

/** The form's text fields: the keys whose value is a string. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface FieldBinding<K extends string> {
  name: K;
  value: string;
  onValueChange(value: string): void;
  error: string | undefined;
}

export interface Form<V> {
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  errors: FormErrors;
  setErrors: Dispatch<SetStateAction<FormErrors>>;
  /** Sets one value and clears that field's message (the user is fixing it). */
  set<K extends keyof V>(field: K): (value: V[K]) => void;
  /** The value, change handler, message and name of a text field: `<TextField label="..." {...form.field('x')} />`. */
  field<K extends TextKeys<V>>(name: K): FieldBinding<K>;
  /**
   * A submit handler: checks the values with the schema (and the form's own `rules`), shows the messages when that
   * fails, otherwise runs the action with the parsed data and shows what the server refused.
   */
  submit<T>(schema: z.ZodType<T>, action: (data: T) => Promise<unknown>, options?: SubmitOptions<V>): SubmitHandler;
}

export interface SubmitOptions<V> {
  /** What the schema checks, when not the values themselves. */
  check?: (values: V) => unknown;
  /**
   * Messages of rules the schema cannot state (or states less plainly); they win over its message for a field. The
   * schema's own field messages come second, so a rule can stay quiet while its field already has one.
   */
  rules?: (values: V, schemaErrors: FieldErrors) => FieldErrors;
  /** Rewrites the errors before they are shown (e.g. a field the form has not, whose message goes to the alert). */
  mapErrors?: (errors: FormErrors) => FormErrors;
}

export type SubmitHandler = (event: FormEvent) => Promise<void>;

/**
 * A copy of the errors without one field's message (also under a nested path ending in it, e.g. `payment.cvc` for
 * `cvc`: withLastPartFields lists both). When that was the last marked field, the alert goes too: it was about the
 * fields ("Please correct the fields marked below.", or the server's message naming them), and they are fixed.
 */
export function withoutFieldError(errors: FormErrors, field: string): FormErrors {
  const keys = Object.keys(errors.fields).filter((k) => k === field || k.endsWith(`.${field}`));
  if (keys.length === 0) return errors;
  const fields = Object.fromEntries(Object.entries(errors.fields).filter(([k]) => !keys.includes(k)));
  return { fields, message: Object.keys(fields).length === 0 ? null : errors.message };
}

export function useForm<V extends object>(initial: V | (() => V)): Form<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const set =
    <K extends keyof V>(field: K) =>
    (value: V[K]) => {
      setErrors((e) => withoutFieldError(e, String(field)));
      setValues((v) => ({ ...v, [field]: value }));
    };

  return {
    values,
    setValues,
    errors,
    setErrors,
    set,
    field: (name) => ({
      name,
      value: values[name] as string,
      onValueChange: set(name) as (value: string) => void,
      error: errors.fields[name],
    }),
    submit:
      (schema, action, options = {}) =>
      async (event) => {
        event.preventDefault();
        const show = options.mapErrors ?? ((e: FormErrors) => e);
        const checked = validate(schema, options.check ? options.check(values) : values);
        const schemaErrors = 'errors' in checked ? checked.errors.fields : {};
        const ruled = options.rules?.(values, schemaErrors) ?? {};
        if ('errors' in checked || Object.keys(ruled).length > 0) {
          setErrors(show({ fields: { ...schemaErrors, ...ruled }, message: CORRECT_FIELDS_MESSAGE }));
          return;
        }
        setErrors(NO_ERRORS);
        try {
          await action(checked.data);
        } catch (error) {
          setErrors(show(formErrorsFrom(error)));
        }
      },
  };
}
