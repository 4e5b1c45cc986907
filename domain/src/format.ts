/** Display formats of SPEC §5: phone numbers, masking of sensitive text, and addresses on one line. */

/** Formats a US phone number as (###)###-####; anything that is not 10 digits is returned as typed. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * Masks sensitive text: every character is hidden except the last one and those after
 * position 14 (1-based), which are shown.
 */
export function maskSensitive(value: string, maskChar = '*'): string {
  const last = value.length - 1;
  return Array.from(value, (ch, i) => (i === last || i >= 14 ? ch : maskChar)).join('');
}

export interface AddressLine {
  address: string | null;
  address2?: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/**
 * The one way an address is written on one line: "2208 Clark Ln, Apt 2, Columbia, MO 65202" (the unit after the
 * street when there is one; missing parts left out). Null when there is no street at all.
 */
export function fullAddress(a: AddressLine & { address: string }): string;
export function fullAddress(a: AddressLine): string | null;
export function fullAddress(a: AddressLine): string | null {
  if (a.address === null) return null;
  const street = a.address2 ? `${a.address}, ${a.address2}` : a.address;
  const stateZip = [a.state, a.zip].filter(Boolean).join(' ');
  return [street, a.city, stateZip].filter(Boolean).join(', ');
}
