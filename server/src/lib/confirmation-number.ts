/**
 * Confirmation numbers of payments: 10 characters in two groups ("K7M2Q-9XPD4"), from Crockford's alphabet (no I, L,
 * O, U, which people misread), made with the operating system's random source. 32^10 ≈ 10^15 numbers, so two
 * payments meeting is not a worry; the unique index on `payments.confirmation_number` would refuse it. The demo data
 * passes a seed so that its numbers are the same on every build.
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newConfirmationNumber(seed?: string): string {
  const bytes = seed === undefined ? randomBytes(10) : createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; i < 10; i++) out += ALPHABET[(bytes[i] ?? 0) % 32];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}
