/**
 * Text as people type it, without the characters that only hide or disguise it: NUL and the other C0 controls, DEL
 * and the C1 controls, and the bidi marks, embeddings, overrides and isolates (U+200E/F, U+202A–E, U+2066–9) that
 * make "moc.elpmaxe" read as "example.com" or a name look like another. Applied at the contract edge by the request
 * schemas: `cleanLine()` for one-line texts (names, addresses, titles, file names: a tab or line break becomes a
 * space), `cleanText()` for multi-line texts (notes, descriptions: tabs and line breaks stay, CR LF becomes LF).
 */
import { z } from 'zod';

/** Never kept anywhere: C0 except tab, LF and CR; DEL and C1; bidi marks, embeddings, overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A one-line text: hidden characters removed, tabs and line breaks turned into spaces. */
export function stripLineControls(value: string): string {
  return value.replace(HIDDEN, '').replace(/\r\n|[\t\n\r]/g, ' ');
}

/** A multi-line text: hidden characters removed; tabs and line breaks kept, CR LF and lone CR as LF. */
export function stripTextControls(value: string): string {
  return value.replace(HIDDEN, '').replace(/\r\n?/g, '\n');
}

/** A string schema for one-line texts; chain `.trim().min().max()` as on `z.string()` (the cleaning runs first). */
export const cleanLine = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(stripLineControls);

/** A string schema for multi-line texts (notes, descriptions); the cleaning runs before the checks chained after. */
export const cleanText = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(stripTextControls);
