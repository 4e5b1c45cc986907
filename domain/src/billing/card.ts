/**
 * Card and bank-account rules shared by the browser (instant feedback) and the server (the rule that counts):
 * the Luhn check digit, the brand from the number's prefix, the CVC length, expiry, and the ABA routing checksum.
 * Only digits are looked at: spaces and dashes a person types are removed first.
 */

export const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The brands' display names, as a sentence lists them. */
export const ACCEPTED_CARDS_TEXT = 'Visa, Mastercard, American Express and Discover';

/** The digits of a number as typed: spaces and dashes removed; null when anything else is in it. */
export function cardDigits(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : null;
}

/** The Luhn (mod 10) check of a card number's digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const BRAND_RULES: ReadonlyArray<{ brand: CardBrand; test: (d: string) => boolean; lengths: readonly number[] }> = [
  { brand: 'Amex', test: (d) => /^3[47]/.test(d), lengths: [15] },
  { brand: 'Visa', test: (d) => d.startsWith('4'), lengths: [13, 16, 19] },
  {
    brand: 'Mastercard',
    test: (d) => /^5[1-5]/.test(d) || inRange(d, 6, 222100, 272099),
    lengths: [16],
  },
  {
    brand: 'Discover',
    test: (d) => d.startsWith('6011') || d.startsWith('65') || inRange(d, 3, 644, 649) || inRange(d, 6, 622126, 622925),
    lengths: [16, 19],
  },
];

function inRange(digits: string, prefixLength: number, low: number, high: number): boolean {
  if (digits.length < prefixLength) return false;
  const prefix = Number(digits.slice(0, prefixLength));
  return prefix >= low && prefix <= high;
}

/** The brand a card number's prefix belongs to, or null for a brand we do not take. */
export function cardBrand(digits: string): CardBrand | null {
  return BRAND_RULES.find((rule) => rule.test(digits))?.brand ?? null;
}

/** Whether the number has a length its brand issues. */
export function cardLengthValid(digits: string): boolean {
  const rule = BRAND_RULES.find((r) => r.test(digits));
  return rule?.lengths.includes(digits.length) ?? false;
}

/** American Express prints a 4-digit code on the front; the others a 3-digit code on the back. */
export function cvcLength(brand: CardBrand | null): number {
  return brand === 'Amex' ? 4 : 3;
}

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

/** The year and month of a date in UTC (card expiry is a calendar month; UTC keeps server and tests stable). */
export function yearMonthOf(date: Date): YearMonth {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, today: YearMonth): boolean {
  return expYear < today.year || (expYear === today.year && expMonth < today.month);
}

/** Two-digit years as printed on cards (08/27) are read as 20xx. */
export function fullExpiryYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** The ABA routing-number checksum: 3-7-1 weights over the nine digits sum to a multiple of 10. */
export function routingNumberValid(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((acc, w, i) => acc + w * (value.charCodeAt(i) - 48), 0);
  return sum % 10 === 0 && value !== '000000000';
}

/** A card number grouped for reading (4-4-4-4, or 4-6-5 for American Express). */
export function groupCardNumber(digits: string): string {
  const groups = cardBrand(digits) === 'Amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}
