/**
 * WCAG 2.2 AA as axe-core checks it, the one way every spec asks. Only violations are gathered
 * (`resultTypes: ['violations']`): axe still runs every rule, but builds selectors and details for one node per
 * passed rule instead of every node, the larger part of a run on a long page. Legacy mode: axe.run() in the page itself,
 * instead of runPartial() in each frame and finishRun() in a new blank page, which opened a tab and injected axe twice
 * more for every check (accessibility.spec.ts, one worker: 165 CPU-s before, 124 after; our frames are all our own
 * origin, which legacy mode still checks). A page with a violation added still reports it (checked by hand).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each violation on the page as "rule (impact): the elements", or an empty list. */
export async function axeFindings(page: Page): Promise<string[]> {
  // options() replaces the whole options object, withTags() then adds its rules to it: in this order.
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_AA)
    .setLegacyMode()
    .analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
