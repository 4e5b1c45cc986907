/**
 * WCAG 2.2 AA as axe-core checks it, the one way every spec asks. axe-core's own script is put into each frame of the
 * page once (none of ours is of another origin) and `axe.run()` checks the whole page from the top frame, frames
 * included. Only violations are gathered (`resultTypes: ['violations']`): axe still runs every rule, but builds
 * selectors and details for one node per passed rule instead of every node, the larger part of a run on a long page.
 *
 * Not @axe-core/playwright's AxeBuilder: in the mode that checks in the page itself it evaluated axe's 580 kB script
 * twice per check (once in the page, once more in every frame). Six pages of the business customer, two rounds, one
 * worker: 0.8–2.2 s a check with it, 0.4–1.3 s this way (docs/development.md). A violation added to the page, or to
 * a frame in it, is reported (the last test of accessibility.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type Axe from 'axe-core';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Each violation on the page as "rule (impact): the elements", or an empty list. */
export async function axeFindings(page: Page): Promise<string[]> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const { violations } = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: tags },
    });
    return violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((n) => n.target.join(' ')) }));
  }, WCAG_AA);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}
