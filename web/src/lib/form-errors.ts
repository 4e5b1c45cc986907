/** Turns validation and API errors into what forms show: a message per field and one message for the alert region. */
import type { z } from 'zod';
import { ApiError, errorMessage } from './api-error';

export type FieldErrors = Record<string, string>;

export interface FormErrors {
  fields: FieldErrors;
  message: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, message: null };

/** The alert region's message when fields are marked. */
export const CORRECT_FIELDS_MESSAGE = 'Please correct the fields marked below.';

/** The first message per field of a failed zod parse, keyed by the field's dotted path. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** Field messages of an API error; keys like `theme.gradientDirection` are also listed under their last part. */
export function formErrorsFrom(error: unknown): FormErrors {
  if (error instanceof ApiError) {
    const fields: FieldErrors = {};
    for (const [key, message] of Object.entries(error.fields)) {
      fields[key] = message;
      const last = key.split('.').pop();
      if (last && !(last in fields)) fields[last] = message;
    }
    return { fields, message: error.message };
  }
  return { fields: {}, message: errorMessage(error) };
}

/** Validates form values with a domain schema; returns the parsed data or the errors to show. */
export function validate<T>(schema: z.ZodType<T>, values: unknown): { data: T } | { errors: FormErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  return { errors: { fields: zodFieldErrors(parsed.error), message: CORRECT_FIELDS_MESSAGE } };
}

/**
 * A nested schema's paths (account.email, payment.cardNumber) also under their last part, the name of a flat form's
 * field (the public checkout and the staff one).
 */
export function withLastPartFields(errors: FormErrors): FormErrors {
  const fields = { ...errors.fields };
  for (const [key, message] of Object.entries(errors.fields)) {
    const last = key.split('.').pop();
    if (last && !(last in fields)) fields[last] = message;
  }
  return { ...errors, fields };
}
