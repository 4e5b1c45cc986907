/**
 * Every route sets the document's title (issue 26): each page module the route tables load lazily calls usePageTitle,
 * or is drawn in a frame that does (WorkOrderView, AssetFrame, OntChangeFrame); the error and not-found pages too. index.html's own
 * title, the one before the app starts, is the product's name.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..');
const ROUTE_TABLES = [
  'app/router.tsx',
  'features/assets/routes.tsx',
  'features/installer/routes.tsx',
  'features/offline/routes.tsx',
];
const TITLED = /usePageTitle\(|<WorkOrderView\b|<AssetFrame\b|<OntChangeFrame\b/;

function pageModules(): string[] {
  return ROUTE_TABLES.flatMap((table) => {
    const file = join(SRC, table);
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/import\('([^']+)'\)/g)].map((m) => {
      const base = resolve(dirname(file), m[1] as string);
      return [`${base}.tsx`, `${base}.ts`].find(existsSync) ?? `${base}.tsx`;
    });
  });
}

describe('page titles', () => {
  it('every lazily loaded page sets a title', () => {
    const modules = pageModules();
    expect(modules.length).toBeGreaterThan(30);
    const untitled = modules.filter((m) => !TITLED.test(readFileSync(m, 'utf8'))).map((m) => m.slice(SRC.length + 1));
    expect(untitled).toEqual([]);
  });

  it('the error page sets one, and index.html names the product', () => {
    expect(readFileSync(join(SRC, 'app/routes/route-error-page.tsx'), 'utf8')).toMatch(TITLED);
    const html = readFileSync(join(SRC, '..', 'index.html'), 'utf8');
    expect(html).toMatch(/<title>Strand[^<]*<\/title>/);
    expect(readFileSync(join(SRC, 'lib/ui/page-title.ts'), 'utf8')).toContain('· Strand');
  });
});
