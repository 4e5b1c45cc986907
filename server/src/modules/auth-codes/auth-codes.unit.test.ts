import { describe, expect, it } from 'vitest';
import { digitPrefixUpperBound } from './auth-codes.repository.js';

describe('search by the last digits: the range over the reversed code', () => {
  it('is the smallest digit string above every string with the prefix', () => {
    expect(digitPrefixUpperBound('4321')).toBe('4322');
    expect(digitPrefixUpperBound('49')).toBe('5');
    expect(digitPrefixUpperBound('1299')).toBe('13');
    expect(digitPrefixUpperBound('0')).toBe('1');
  });

  it('has no upper end for nines only', () => {
    expect(digitPrefixUpperBound('9')).toBeNull();
    expect(digitPrefixUpperBound('999')).toBeNull();
  });

  it('keeps every code with the prefix inside and the others out', () => {
    const prefix = '39';
    const upper = digitPrefixUpperBound(prefix) ?? '';
    for (const code of ['3900000', '3999999', '3912345']) expect(code >= prefix && code < upper).toBe(true);
    for (const code of ['3899999', '4000000', '3000000']) expect(code >= prefix && code < upper).toBe(false);
  });
});
