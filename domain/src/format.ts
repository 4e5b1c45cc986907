/** Display formats of SPEC §5: phone numbers and masking of sensitive text. */

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
