import { describe, expect, it } from 'vitest';
import { PROGRAMMING_TEST_MAX_BYTES } from '../constants.js';
import {
  APPLICANT_USERNAME_PATTERN,
  base64DecodedLength,
  checkZipFile,
  hasZipMagic,
  isBase64,
  isWithinZipLimit,
  isZipFileName,
  PROGRAMMING_TEST_MAX_BASE64_CHARS,
  ZIP_NOT_ZIP_MESSAGE,
  ZIP_TOO_LARGE_MESSAGE,
  zipProblemMessage,
} from './applicants.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const ZIP_HEAD = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);
const EMPTY_ZIP = bytes(0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0));

describe('zip magic bytes', () => {
  it('accepts a local file header and an empty archive', () => {
    expect(hasZipMagic(ZIP_HEAD)).toBe(true);
    expect(hasZipMagic(EMPTY_ZIP)).toBe(true);
  });

  it('refuses other files, spanned-archive markers and too few bytes', () => {
    expect(hasZipMagic(new TextEncoder().encode('%PDF-1.7'))).toBe(false);
    expect(hasZipMagic(bytes(0x50, 0x4b, 0x07, 0x08))).toBe(false);
    expect(hasZipMagic(bytes(0x50, 0x4b, 0x03))).toBe(false);
    expect(hasZipMagic(bytes())).toBe(false);
  });
});

describe('zip size limit (1,000,000 bytes, SPEC §5/§9)', () => {
  it('allows exactly the limit and refuses one byte more', () => {
    expect(isWithinZipLimit(PROGRAMMING_TEST_MAX_BYTES)).toBe(true);
    expect(isWithinZipLimit(PROGRAMMING_TEST_MAX_BYTES + 1)).toBe(false);
    expect(isWithinZipLimit(0)).toBe(true);
  });
});

describe('checkZipFile (the browser check before sending)', () => {
  it('passes a small .zip with zip bytes', () => {
    expect(checkZipFile({ name: 'solution.ZIP', size: 22, head: EMPTY_ZIP })).toBeNull();
  });

  it('reports a file over the limit as too large, before looking at its type', () => {
    expect(checkZipFile({ name: 'movie.mp4', size: PROGRAMMING_TEST_MAX_BYTES + 1, head: bytes(0, 0, 0, 0) })).toBe(
      'too-large',
    );
  });

  it('reports a wrong name or wrong content as not a zip', () => {
    expect(checkZipFile({ name: 'solution.tar', size: 6, head: ZIP_HEAD })).toBe('not-zip');
    expect(checkZipFile({ name: 'solution.zip', size: 5, head: new TextEncoder().encode('hello') })).toBe('not-zip');
    expect(isZipFileName('a.zip.exe')).toBe(false);
  });

  it('words the problems as the product does', () => {
    expect(zipProblemMessage('too-large')).toBe(ZIP_TOO_LARGE_MESSAGE);
    expect(zipProblemMessage('not-zip')).toBe(ZIP_NOT_ZIP_MESSAGE);
    expect(ZIP_TOO_LARGE_MESSAGE).toBe('This file is too large! The maximum allowed size is 1MB.');
    expect(ZIP_NOT_ZIP_MESSAGE).toBe('This file is not a .zip file! You must submit a .zip file.');
  });
});

describe('base64', () => {
  it('accepts canonical padded base64 and knows its decoded length', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 100]) {
      const text = Buffer.alloc(n, 7).toString('base64');
      expect(isBase64(text)).toBe(true);
      expect(base64DecodedLength(text)).toBe(n);
    }
  });

  it('refuses white space, url-safe letters, a data: prefix and missing padding', () => {
    for (const bad of ['UEsF Bg==', 'UEs-Bg==', 'data:application/zip;base64,UEsFBg==', 'UEsFBg', 'U===']) {
      expect(isBase64(bad)).toBe(false);
    }
  });

  it('sizes the base64 of the largest allowed file', () => {
    const text = Buffer.alloc(PROGRAMMING_TEST_MAX_BYTES).toString('base64');
    expect(text.length).toBe(PROGRAMMING_TEST_MAX_BASE64_CHARS);
  });
});

describe('applicant user names', () => {
  it('allows lower-case names with . _ - and refuses others', () => {
    expect(APPLICANT_USERNAME_PATTERN.test('applicant')).toBe(true);
    expect(APPLICANT_USERNAME_PATTERN.test('jane.doe-2')).toBe(true);
    expect(APPLICANT_USERNAME_PATTERN.test('ab')).toBe(false);
    expect(APPLICANT_USERNAME_PATTERN.test('Jane')).toBe(false);
    expect(APPLICANT_USERNAME_PATTERN.test('a:b:c')).toBe(false);
  });
});
