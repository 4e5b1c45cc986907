import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormAlert } from './form-alert';

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'noValidate'> {
  /** The form's overall message (what went wrong, or what was done), announced in its alert region. */
  message?: string | null;
  tone?: 'error' | 'success';
  children: ReactNode;
}

/**
 * A form checked by our own rules (useForm), not the browser's bubbles: noValidate, and the alert region for the
 * form's overall message before its fields.
 */
export function Form({ message = null, tone = 'error', children, ...rest }: FormProps) {
  return (
    <form noValidate {...rest}>
      <FormAlert message={message} tone={tone} />
      {children}
    </form>
  );
}
