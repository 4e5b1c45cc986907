/**
 * Every screen's buttons come from the UI kit (lib/ui/button.tsx): no raw `className="button…"` under features/ or
 * app/, no older variant name (`danger`, `link`: destructive and tertiary), and no browser dialog (window.confirm,
 * alert, prompt: the kit's ConfirmDialog asks), and no browser date or time input of its own (`type="date"`, `time`,
 * `datetime-local`, `month`: the kit's DateField, TimeField, DateTimeField and MonthField). A failure lists each
 * offender as file:line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..');
/** `className="button"`, `className="button button--secondary"`, `className={`button …`}`, `className='button…'`. */
const RAW_BUTTON_CLASS = /className=\{?\s*["'`]button(?=["'`\s]|--)/;
const OLD_VARIANT = /variant=\{?["'](?:danger|link)["']/;
const RAW_DATE_INPUT = /type=\{?\s*["'`](?:date|time|datetime-local|month)["'`]/;
const BROWSER_DIALOG = /\b(?:window\.)?(?:confirm|alert|prompt)\(\s*["'`]|window\.(?:confirm|alert|prompt)\b/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

export function rawButtonClasses(roots: readonly string[], pattern: RegExp = RAW_BUTTON_CLASS): string[] {
  return roots.flatMap((root) =>
    files(root)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (pattern.test(line) ? [`${relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [])),
      ),
  );
}

describe('the UI kit', () => {
  it('the pattern catches the raw classes and nothing else', () => {
    expect(RAW_BUTTON_CLASS.test('<button type="button" className="button button--secondary">')).toBe(true);
    expect(RAW_BUTTON_CLASS.test('<Link className="button" to="/">')).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal, on purpose.
    expect(RAW_BUTTON_CLASS.test('className={`button ${x}`}')).toBe(true);
    expect(RAW_BUTTON_CLASS.test('<div className="button-row">')).toBe(false);
    expect(RAW_BUTTON_CLASS.test('<Button variant="secondary">')).toBe(false);
  });

  it('no screen styles a button by hand: features/ and app/ use lib/ui/button', () => {
    expect(rawButtonClasses([join(SRC, 'features'), join(SRC, 'app')])).toEqual([]);
  });

  it('no screen uses an older variant name or a browser dialog', () => {
    expect(OLD_VARIANT.test('<Button variant="danger">')).toBe(true);
    expect(BROWSER_DIALOG.test("if (window.confirm('Sure?'))")).toBe(true);
    expect(BROWSER_DIALOG.test('onYes={() => void confirm()}')).toBe(false);
    const roots = [join(SRC, 'features'), join(SRC, 'app')];
    expect(rawButtonClasses(roots, OLD_VARIANT)).toEqual([]);
    expect(rawButtonClasses([...roots, join(SRC, 'lib')], BROWSER_DIALOG)).toEqual([]);
  });

  it('no screen has a date or time input of its own: features/ and app/ use lib/ui/date-time-field', () => {
    expect(RAW_DATE_INPUT.test('<TextField label="Window starts" type="datetime-local" />')).toBe(true);
    expect(RAW_DATE_INPUT.test('<input type="date" />')).toBe(true);
    expect(RAW_DATE_INPUT.test("<input type={'month'} />")).toBe(true);
    expect(RAW_DATE_INPUT.test('<input type="text" />')).toBe(false);
    expect(RAW_DATE_INPUT.test('<DateField label="From" value={from} />')).toBe(false);
    expect(rawButtonClasses([join(SRC, 'features'), join(SRC, 'app')], RAW_DATE_INPUT)).toEqual([]);
  });
});
