import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardDigits,
  cardExpired,
  cardLengthValid,
  cvcLength,
  fullExpiryYear,
  groupCardNumber,
  luhnValid,
  routingNumberValid,
  yearMonthOf,
} from './card.js';

describe('luhnValid', () => {
  it.each([
    '4242424242424242',
    '5555555555554444',
    '378282246310005',
    '6011111111111117',
    '4000000000000002',
    '79927398713',
  ])('accepts %s', (n) => expect(luhnValid(n)).toBe(true));

  it.each(['4242424242424241', '1234567812345678', '79927398710', '', '4', 'abcd'])('refuses %s', (n) =>
    expect(luhnValid(n)).toBe(false),
  );

  it('catches every single-digit typo of a valid number', () => {
    const good = '4242424242424242';
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        const typo = `${good.slice(0, i)}${d}${good.slice(i + 1)}`;
        if (typo !== good) expect(luhnValid(typo)).toBe(false);
      }
    }
  });
});

describe('cardDigits', () => {
  it('removes the spaces and dashes people type, refuses anything else', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242 42x2')).toBeNull();
  });
});

describe('cardBrand and lengths', () => {
  it.each([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'Amex'],
    ['371449635398431', 'Amex'],
    ['6011111111111117', 'Discover'],
    ['6500000000000002', 'Discover'],
  ])('%s is %s', (n, brand) => {
    expect(cardBrand(n)).toBe(brand);
    expect(cardLengthValid(n)).toBe(true);
  });

  it('knows no brand for other prefixes and checks the length per brand', () => {
    expect(cardBrand('3530111333300000')).toBeNull();
    expect(cardBrand('9999999999999995')).toBeNull();
    expect(cardLengthValid('37828224631000')).toBe(false);
    expect(cardLengthValid('42424242424242')).toBe(false);
  });

  it('wants 4 CVC digits for American Express and 3 for the others', () => {
    expect(cvcLength('Amex')).toBe(4);
    expect(cvcLength('Visa')).toBe(3);
    expect(cvcLength(null)).toBe(3);
  });

  it('groups digits the way the card prints them', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(groupCardNumber('42424')).toBe('4242 4');
  });
});

describe('card expiry', () => {
  const may2026 = { year: 2026, month: 5 };
  it('is good through the last day of the expiry month', () => {
    expect(cardExpired(5, 2026, may2026)).toBe(false);
    expect(cardExpired(4, 2026, may2026)).toBe(true);
    expect(cardExpired(1, 2027, may2026)).toBe(false);
    expect(cardExpired(12, 2025, may2026)).toBe(true);
  });

  it('reads dates in UTC and two-digit years as 20xx', () => {
    expect(yearMonthOf(new Date('2026-05-31T23:59:59Z'))).toEqual(may2026);
    expect(yearMonthOf(new Date('2026-06-01T00:00:00Z'))).toEqual({ year: 2026, month: 6 });
    expect(fullExpiryYear(27)).toBe(2027);
    expect(fullExpiryYear(2031)).toBe(2031);
  });
});

describe('routingNumberValid (ABA checksum)', () => {
  it.each(['011000015', '110000000', '021000021', '071000013'])('accepts %s', (n) =>
    expect(routingNumberValid(n)).toBe(true),
  );
  it.each(['011000016', '12345678', '1234567890', '000000000', '11000000a'])('refuses %s', (n) =>
    expect(routingNumberValid(n)).toBe(false),
  );
});
