import { describe, expect, it } from 'vitest';
import {
  cardFeeCents,
  centsToDecimal,
  formatBasisPoints,
  formatCents,
  MAX_PAYMENT_CENTS,
  parseDollarsToCents,
  paymentTotals,
} from './money.js';

describe('cardFeeCents (processCreditCardFees, integer cents)', () => {
  it.each([
    // amount, basis points, fee
    [10_000, 295, 295], // $100.00 at 2.95 % = $2.95
    [10_412, 295, 307], // $104.12 -> 307.154 -> $3.07
    [1_000, 250, 25],
    [1_020, 250, 26], // 25.5 rounds half up
    [1_019, 250, 25], // 25.475 rounds down
    [1, 295, 0],
    [17, 295, 1], // 0.5015 -> 1
    [0, 295, 0],
    [123_456, 0, 0],
  ])('%i cents at %i bp is %i cents', (amount, bp, fee) => expect(cardFeeCents(amount, bp)).toBe(fee));

  it('never uses floating dollars: 0.1 + 0.2 style errors cannot appear', () => {
    // 3 x $0.10 at 10 % in one payment is exactly 3 cents.
    expect(cardFeeCents(30, 1_000)).toBe(3);
    expect(cardFeeCents(MAX_PAYMENT_CENTS, 9_999)).toBe(9_999_000);
  });

  it('refuses fractions of a cent and negative amounts', () => {
    expect(() => cardFeeCents(10.5, 295)).toThrow(RangeError);
    expect(() => cardFeeCents(-1, 295)).toThrow(RangeError);
    expect(() => cardFeeCents(100, 2.5)).toThrow(RangeError);
  });

  it('charges the fee on cards only', () => {
    expect(paymentTotals(10_412, 'card', 295)).toEqual({ amountCents: 10_412, feeCents: 307, totalCents: 10_719 });
    expect(paymentTotals(10_412, 'bank', 295)).toEqual({ amountCents: 10_412, feeCents: 0, totalCents: 10_412 });
  });
});

describe('formatting and reading money', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
    expect(centsToDecimal(10_412)).toBe('104.12');
    expect(centsToDecimal(-7)).toBe('-0.07');
  });

  it('reads what people type', () => {
    expect(parseDollarsToCents('104.12')).toBe(10_412);
    expect(parseDollarsToCents('$1,234.5')).toBe(123_450);
    expect(parseDollarsToCents(' 12 ')).toBe(1_200);
    expect(parseDollarsToCents('12.')).toBe(1_200);
    expect(parseDollarsToCents('0.07')).toBe(7);
    for (const bad of ['', '12.345', '-5', 'abc', '1e3', '.5']) expect(parseDollarsToCents(bad)).toBeNull();
  });

  it('shows the fee rate', () => {
    expect(formatBasisPoints(295)).toBe('2.95%');
    expect(formatBasisPoints(300)).toBe('3%');
    expect(formatBasisPoints(250)).toBe('2.5%');
    expect(formatBasisPoints(0)).toBe('0%');
  });
});
