/**
 * Colours come from the tokens (styles/tokens.css): no hex, rgb() or hsl() colour in another stylesheet of web/src,
 * nor in a component's inline `style`. A failure lists each offender as file:line. (The map layers' and chart
 * series' colours that Leaflet takes as options are data, not styles, and live beside their layers.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..');
const TOKENS = join(SRC, 'styles', 'tokens.css');
const RAW_COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/;
/** An inline style with a colour literal: `style={{ color: '#123' }}`. */
const INLINE_STYLE_COLOUR = /style=\{\{[^}]*['"`](?:#[0-9a-fA-F]{3,8}|(?:rgba?|hsla?)\()/;

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

function offenders(paths: readonly string[], pattern: RegExp): string[] {
  return paths.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        const code = line.replace(/\/\*.*?\*\/|^\s*\*.*$/g, '');
        return pattern.test(code) ? [`${relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [];
      }),
  );
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
    for (const token of ['--space-4:', '--radius-md:', '--shadow-1:', '--text-md:', '--weight-bold:']) {
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
});
