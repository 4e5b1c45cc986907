import { describe, expect, it } from 'vitest';
import { withoutFieldError } from './use-form';

describe('withoutFieldError', () => {
  it('drops the changed field’s message and keeps the others', () => {
    const errors = { fields: { cardNumber: 'bad', cvc: 'short' }, message: 'Please correct the fields marked below.' };
    expect(withoutFieldError(errors, 'cardNumber')).toEqual({ fields: { cvc: 'short' }, message: errors.message });
    expect(withoutFieldError(errors, 'postalCode')).toBe(errors);
  });

  it('drops the nested path of the field too, and the alert with the last marked field', () => {
    const errors = {
      fields: { 'payment.cvc': 'short', cvc: 'short', installDate: 'Choose an install day.' },
      message: 'Please correct the fields marked below.',
    };
    const fixedCvc = withoutFieldError(errors, 'cvc');
    expect(fixedCvc).toEqual({ fields: { installDate: 'Choose an install day.' }, message: errors.message });
    expect(withoutFieldError(fixedCvc, 'installDate')).toEqual({ fields: {}, message: null });
  });

  it('keeps an alert that names no field (a declined card) while other fields change', () => {
    const errors = { fields: {}, message: 'The card was declined.' };
    expect(withoutFieldError(errors, 'cvc')).toBe(errors);
  });
});
