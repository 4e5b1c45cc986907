/**
 * Colours and type come from the tokens (styles/tokens.css): no hex, rgb() or hsl() colour in another stylesheet of
 * web/src, in a component's inline `style`, or anywhere in the code of features/ and app/; no raw font size or weight
 * in a stylesheet (the type scale's `--text-*` and `--weight-*`); no raw px or rem padding, margin, gap or corner
 * radius in a stylesheet or an inline style (the `--space-*` and `--radius-*` scales; allowed: 0, auto, 1px hairlines,
 * em steps, 50% circles, calc() of tokens). The colours a map or calendar library takes as
 * options are literal in one place, lib/ui/map-colours.ts, each equal to its token. A declaration or a `style={{ … }}`
 * over several lines is read whole. A failure lists each offender as file:line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapColour } from './map-colours';

const SRC = join(import.meta.dirname, '..', '..');
const TOKENS = join(SRC, 'styles', 'tokens.css');
const RAW_COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/;
/** An inline style with a colour literal: `style={{ color: '#123' }}`. */
const INLINE_STYLE_COLOUR = /style=\{\{[^}]*['"`](?:#[0-9a-fA-F]{3,8}|(?:rgba?|hsla?)\()/;
/** A colour literal in code: `'#b42318'`, `"rgb(0 0 0)"`. */
const CODE_COLOUR = /['"`](?:#[0-9a-fA-F]{3,8}|(?:rgba?|hsla?)\()/;
/** A font size or weight that is not a token: `font-size: 0.9rem`, `font-weight: 600` (`inherit`, `em` steps pass). */
const RAW_TYPE = /font-size:\s*[0-9.]+(?:px|rem)|font-weight:\s*[0-9]/;
/**
 * Spacing or a corner that is not a token: `padding: 0.6rem`, `gap: 12px`, `border-radius: 8px`. A px or rem number
 * other than a 1px hairline anywhere in the value of a padding, margin, gap or radius declaration.
 */
const RAW_SPACE =
  /(?:^|[\s;{])(?:padding|margin|gap|row-gap|column-gap|border(?:-[a-z]+)*-radius)(?:-[a-z]+)*\s*:[^;{}]*?(?<![\w.-])-?(?!1px\b)[0-9]*\.?[0-9]+(?:px|rem)\b/;
/** The same in an inline style: `style={{ padding: '0.5rem' }}`, `style={{ gap: 8 }}`, `borderRadius: 4`. */
const INLINE_STYLE_SPACE =
  /style=\{\{[^}]*\b(?:padding|margin|gap|rowGap|columnGap|border\w*Radius)\w*:\s*(?:['"`][^'"`]*\d(?:px|rem)|[1-9])/;

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/**
 * The code of a file, comments blanked out (a stylesheet's block comments however many lines they take; in a script a
 * one-line `/* … *\/` and a doc comment's ` * ` lines), each line where it was.
 */
function codeOf(file: string, text: string): string {
  const blanked = file.endsWith('.css')
    ? text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    : text;
  return blanked
    .split('\n')
    .map((line) => line.replace(/\/\*.*?\*\/|^\s*\*.*$/g, ''))
    .join('\n');
}

/**
 * Each match of `pattern` in a file's code as file:line, the line where the match ends (the raw value itself), so a
 * declaration or a `style={{ … }}` written over several lines is read whole.
 */
function offendersIn(file: string, text: string, pattern: RegExp): string[] {
  const code = codeOf(file, text);
  const lines = text.split('\n');
  const found = new Set<number>();
  for (const match of code.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))) {
    found.add(code.slice(0, match.index + match[0].length).split('\n').length);
  }
  return [...found].map((line) => `${file}:${line}: ${lines[line - 1]?.trim()}`);
}

function offenders(paths: readonly string[], pattern: RegExp): string[] {
  return paths.flatMap((file) => offendersIn(relative(SRC, file), readFileSync(file, 'utf8'), pattern));
}

describe('design tokens', () => {
  it('the patterns catch raw colours and leave tokens alone', () => {
    for (const raw of [
      'color: #fff;',
      'background: #0b4f6c;',
      'box-shadow: 0 1px rgb(0 0 0 / 10%);',
      'hsl(3 50% 50%)',
    ]) {
      expect(RAW_COLOUR.test(raw), raw).toBe(true);
    }
    expect(RAW_COLOUR.test('color: var(--color-danger-text);')).toBe(false);
    expect(INLINE_STYLE_COLOUR.test(`<div style={{ color: '#123456' }}>`)).toBe(true);
    expect(INLINE_STYLE_COLOUR.test('<div style={{ width: 12 }}>')).toBe(false);
  });

  it('the tokens file defines the colour roles, spacing, radius, elevation and type scale', () => {
    const tokens = readFileSync(TOKENS, 'utf8');
    for (const role of ['success', 'warning', 'danger', 'info', 'neutral']) {
      expect(tokens).toContain(`--color-${role}:`);
      expect(tokens).toContain(`--color-${role}-soft:`);
    }
    for (const token of [
      '--space-half:',
      '--space-4:',
      '--space-8:',
      '--radius-xs:',
      '--radius-md:',
      '--radius-pill:',
      '--shadow-1:',
      '--text-md:',
      '--weight-bold:',
    ]) {
      expect(tokens).toContain(token);
    }
  });

  it('no stylesheet but tokens.css has a raw colour', () => {
    const sheets = files(SRC, /\.css$/).filter((file) => file !== TOKENS);
    expect(offenders(sheets, RAW_COLOUR)).toEqual([]);
  });

  it('no component sets a raw colour in an inline style', () => {
    expect(offenders(files(SRC, /\.tsx$/), INLINE_STYLE_COLOUR)).toEqual([]);
  });

  it('no feature or app code has a colour literal (maps and calendars take lib/ui/map-colours)', () => {
    expect(CODE_COLOUR.test(`color: '#b42318'`)).toBe(true);
    expect(CODE_COLOUR.test('color: mapColour.danger')).toBe(false);
    const code = [join(SRC, 'features'), join(SRC, 'app')].flatMap((dir) =>
      files(dir, /\.tsx?$/).filter((file) => !/\.test\.tsx?$/.test(file)),
    );
    expect(offenders(code, CODE_COLOUR)).toEqual([]);
  });

  it("each map colour is its token's value", () => {
    const tokens = readFileSync(TOKENS, 'utf8');
    for (const [name, value] of Object.entries(mapColour)) {
      const token = new RegExp(`--(?:color|map)-${name}:\\s*${value};`);
      expect(tokens, `--color-${name} or --map-${name}: ${value}`).toMatch(token);
    }
  });

  it('the spacing pattern catches raw padding, margin, gap and radius, and leaves tokens and hairlines alone', () => {
    for (const raw of [
      'padding: 0.6rem;',
      'margin: 0 0 12px;',
      '  gap: 1rem;',
      'padding-inline: var(--space-2) 1.25rem;',
      'border-radius: 8px;',
      'border-top-left-radius: 2px;',
      'margin: -0.75rem;',
      'row-gap: 10px;',
      'margin-top: 1.5rem;',
    ]) {
      expect(RAW_SPACE.test(raw), raw).toBe(true);
    }
    for (const token of [
      'padding: var(--space-2) var(--space-3);',
      'margin: 0 auto;',
      'margin: -1px;',
      'padding: 1px;',
      'gap: 0.3em;',
      'border-radius: 50%;',
      'border-radius: var(--radius-pill);',
      'margin: calc(-1 * var(--space-3)) 0;',
      'max-width: 40rem;',
      'border: 1px solid var(--border);',
    ]) {
      expect(RAW_SPACE.test(token), token).toBe(false);
    }
    expect(INLINE_STYLE_SPACE.test(`<ul style={{ padding: '0.5rem' }}>`)).toBe(true);
    expect(INLINE_STYLE_SPACE.test('<ul style={{ gap: 8 }}>')).toBe(true);
    expect(INLINE_STYLE_SPACE.test(`<ul style={{ margin: 0, gap: 'var(--space-2)' }}>`)).toBe(false);
  });

  it('a declaration or an inline style over several lines is read whole; comments are not code', () => {
    const sheet = ['.a {', '  padding:', '    var(--space-2)', '    12px;', '}', '/* was:', '   gap: 8px; */'];
    expect(offendersIn('a.css', sheet.join('\n'), RAW_SPACE)).toEqual(['a.css:4: 12px;']);
    const component = ['<ul', '  style={{', "    listStyle: 'none',", "    borderRadius: '4px',", '  }}', '>'];
    expect(offendersIn('a.tsx', component.join('\n'), INLINE_STYLE_SPACE)).toEqual(["a.tsx:4: borderRadius: '4px',"]);
    const coloured = ['<p', '  style={{', "    color: '#b42318',", '  }}', '/>'];
    expect(offendersIn('a.tsx', coloured.join('\n'), INLINE_STYLE_COLOUR)).toEqual(["a.tsx:3: color: '#b42318',"]);
    expect(offendersIn('a.css', '.a {\n  padding: var(--space-2)\n    var(--space-3);\n}', RAW_SPACE)).toEqual([]);
  });

  it('no stylesheet but tokens.css has a raw padding, margin, gap or corner radius', () => {
    const sheets = files(SRC, /\.css$/).filter((file) => file !== TOKENS);
    expect(offenders(sheets, RAW_SPACE)).toEqual([]);
  });

  it('no component sets a raw padding, margin, gap or radius in an inline style', () => {
    expect(offenders(files(SRC, /\.tsx$/), INLINE_STYLE_SPACE)).toEqual([]);
  });

  it('no stylesheet but tokens.css sets a raw font size or weight', () => {
    expect(RAW_TYPE.test('font-size: 0.9rem;')).toBe(true);
    expect(RAW_TYPE.test('font-weight: 600;')).toBe(true);
    expect(RAW_TYPE.test('font-size: var(--text-sm);')).toBe(false);
    const sheets = files(SRC, /\.css$/).filter((file) => file !== TOKENS);
    expect(offenders(sheets, RAW_TYPE)).toEqual([]);
  });
});
