import { describe, expect, it } from 'vitest';
import { withoutFieldError } from './use-form';

describe('withoutFieldError', () => {
  it('drops the changed field’s message and keeps the others', () => {
    const errors = { fields: { cardNumber: 'bad', cvc: 'short' }, message: 'Please correct the fields marked below.' };
    expect(withoutFieldError(errors, 'cardNumber')).toEqual({ fields: { cvc: 'short' }, message: errors.message });
    expect(withoutFieldError(errors, 'postalCode')).toBe(errors);
  });
});
