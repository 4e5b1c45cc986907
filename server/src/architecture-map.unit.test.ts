/**
 * docs/architecture.md's "Map of the code" names every server module, web feature, plugin, migration and script
 * (issue 31): adding one without a line in the map fails here, so the map cannot go stale silently.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const mapStart = doc.indexOf('```', doc.indexOf('## Map of the code')) + 3;
const map = doc.slice(mapStart, doc.indexOf('```', mapStart));
const lines = map.split('\n');

/** The text of one entry of the map: its first line (starting with `head`) and the lines indented under it. */
function entry(head: string): string {
  const start = lines.findIndex((l) => l.trimStart().startsWith(head));
  if (start < 0) throw new Error(`the map has no entry ${head}`);
  const indent = lines[start]?.search(/\S/) ?? 0;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.trim() !== '' && l.search(/\S/) <= indent);
  return [lines[start], ...(end < 0 ? rest : rest.slice(0, end))].join('\n');
}

const named = (text: string, name: string) =>
  new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);
const missing = (text: string, names: string[]) => names.filter((n) => !named(text, n));
const list = (dir: string) => readdirSync(path.join(root, dir));

describe('docs/architecture.md map of the code', () => {
  it('names every server module in its modules entry', () => {
    expect(missing(entry('src/modules/'), list('server/src/modules'))).toEqual([]);
  });

  it('names every web feature in its features entry', () => {
    expect(missing(entry('src/features/'), list('web/src/features'))).toEqual([]);
  });

  it('names every plugin in its plugins entry', () => {
    const plugins = list('server/src/plugins')
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .map((f) => f.slice(0, -3));
    expect(missing(entry('src/plugins/'), plugins)).toEqual([]);
  });

  it('names every migration by its number in the db entry', () => {
    const numbers = list('server/src/db/migrations').map((f) => f.slice(0, 4));
    expect(missing(entry('src/db/'), numbers)).toEqual([]);
  });

  it('names every script in the scripts entry', () => {
    const scripts = [
      ...list('scripts').filter((f) => f.endsWith('.mjs')),
      ...list('scripts/bench').filter((f) => f.endsWith('.mjs')),
    ];
    expect(missing(entry('scripts/'), scripts)).toEqual([]);
  });
});

describe('the front door and the map stay short and true', () => {
  const lineCount = (file: string) => readFileSync(path.join(root, file), 'utf8').trimEnd().split('\n').length;

  it('README.md is at most 120 lines and docs/architecture.md at most 400', () => {
    expect(lineCount('README.md')).toBeLessThanOrEqual(120);
    expect(lineCount('docs/architecture.md')).toBeLessThanOrEqual(400);
  });

  it('every file docs/architecture.md and README.md point to exists', () => {
    const pointed = (text: string) => [
      ...new Set(
        [
          ...text.matchAll(
            /(?<![\w./-])((?:docs|server|web|domain|e2e|scripts)\/[\w./-]+\.(?:md|tsx|ts|mjs|cjs))(?![\w.])/g,
          ),
        ].map((m) => m[1] as string),
      ),
    ];
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const gone = [...pointed(doc), ...pointed(readme)].filter((f) => !existsSync(path.join(root, f)));
    expect(gone).toEqual([]);
  });
});

describe('source files stay small enough to change safely', () => {
  const LIMIT = 500;
  const REASON = /Long file: /;

  function sources(dir: string): string[] {
    return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|mjs|cjs)$/.test(e.name) && !e.parentPath.includes('node_modules'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  }

  it(`no file of domain, server, web, e2e, scripts or test-support is over ${LIMIT} lines without a "Long file:" reason at its top`, () => {
    const long = ['domain/src', 'server/src', 'web/src', 'e2e/tests', 'scripts', 'test-support/src']
      .flatMap(sources)
      .filter((file) => {
        const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
        return lines.length > LIMIT && !REASON.test(lines.slice(0, 20).join('\n'));
      });
    expect(long).toEqual([]);
  });
});

describe('API test files share one module graph per worker (vitest.config.ts: isolate false)', () => {
  it('no API test file replaces a module with vi.mock or vi.doMock (a mock would leak into the next file)', () => {
    const mocking = readdirSync(path.join(root, 'server/src'), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.test.ts') && !e.name.endsWith('.unit.test.ts'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(mocking).toEqual([]);
  });
});
