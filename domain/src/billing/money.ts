/**
 * Money in integer cents (never floating dollars) and the card fee of processCreditCardFees (SPEC §7). The browser
 * shows the fee before paying with the same function the server charges with, so the two cannot disagree.
 */

/** The largest single payment the portal takes: $100,000.00. */
export const MAX_PAYMENT_CENTS = 10_000_000;

/**
 * The card fee for paying `amountCents` by card at `basisPoints` (1 bp = 0.01 %), rounded half up to the cent.
 * Bank (ACH) payments carry no fee: callers pass 0 basis points for them.
 */
export function cardFeeCents(amountCents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError('amountCents must be cents >= 0');
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0)
    throw new RangeError('basisPoints must be an integer >= 0');
  // amount x bp / 10,000, rounded half up, in integers: (a*bp + 5,000) div 10,000. Safe below 2^53 for any
  // payment up to MAX_PAYMENT_CENTS and a fee under 100 %.
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

/** The fee and the total of paying `amountCents` with a method of `kind`. */
export function paymentTotals(
  amountCents: number,
  kind: 'card' | 'bank',
  cardFeeBasisPoints: number,
): { amountCents: number; feeCents: number; totalCents: number } {
  const feeCents = kind === 'card' ? cardFeeCents(amountCents, cardFeeBasisPoints) : 0;
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

/** $1,234.56 (and -$5.00). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234.56 as plain text for CSV files and inputs (no currency sign, no grouping). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Reads a dollar amount as a person types it ("12", "12.5", "$1,234.56") into cents; null when it is not one. */
export function parseDollarsToCents(text: string): number | null {
  const compact = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(compact);
  if (!match) return null;
  const dollars = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** The fee rate as people read it: 295 basis points -> "2.95%". */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}
