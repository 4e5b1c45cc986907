/** The contract-edge text cleaning: hidden characters go, visible text (also non-Latin) stays. */
import { describe, expect, it } from 'vitest';
import { cleanLine, cleanText, stripLineControls, stripTextControls } from './clean-text.js';

const HIDDEN = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0080',
  '\u0085',
  '\u009F',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('stripLineControls', () => {
  it('removes every hidden character', () => {
    for (const ch of HIDDEN) expect(stripLineControls(`Ro${ch}nda`), JSON.stringify(ch)).toBe('Ronda');
  });
  it('turns tabs and line breaks into spaces', () => {
    expect(stripLineControls('12 Main St\r\nApt 4\tB\nC\rD')).toBe('12 Main St Apt 4 B C D');
  });
  it('keeps visible text of any script, accents, emoji and the zero-width joiner', () => {
    const visible = 'José Ñúñez, 李雷, Ольга, محمد, שלום, 👩‍🔧 O\u2019Brien';
    expect(stripLineControls(visible)).toBe(visible);
  });
  it('defuses a right-to-left override that disguises a name', () => {
    expect(stripLineControls('Invoice\u202Efdp.exe')).toBe('Invoicefdp.exe');
  });
});

describe('stripTextControls', () => {
  it('keeps newlines and tabs, normalizes CR LF and CR to LF, removes the rest', () => {
    expect(stripTextControls('Line 1\r\n\tLine 2\rLine 3\u0000\u202E\u0007')).toBe('Line 1\n\tLine 2\nLine 3');
  });
  it('removes every hidden character', () => {
    for (const ch of HIDDEN) expect(stripTextControls(`a${ch}b`), JSON.stringify(ch)).toBe('ab');
  });
});

describe('cleanLine() and cleanText() schemas', () => {
  it('clean before the checks chained after them', () => {
    const name = cleanLine().trim().min(1, 'Name is required.').max(5, 'Too long.');
    expect(name.parse(' \u202EAb\u0000c ')).toBe('Abc');
    expect(name.safeParse('\u0000\u200F ').success).toBe(false);
    // Hidden characters do not count toward the length.
    expect(name.parse('a\u0000\u0000\u0000\u0000\u0000bcde')).toBe('abcde');
    const note = cleanText().trim().min(1);
    expect(note.parse('first\n\tsecond\u0000')).toBe('first\n\tsecond');
  });
  it('still refuses what is not a string', () => {
    expect(cleanLine().safeParse(42).success).toBe(false);
    expect(cleanText().safeParse(null).success).toBe(false);
  });
});
