/**
 * Screenshots for a person to look at, beside the best products of the field: e2e/.tmp/screenshots/<name>.png, written
 * only when E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1 npm run test:e2e -- <spec>`). They assert nothing — the pictures a
 * test compares are visual.spec.ts's, and a failed test keeps its own screenshot — so the suite does not pay for them
 * (eight spec files, 69 tests, one worker, twice each: 380 and 426 CPU-s with them, 375 and 395 without;
 * docs/development.md).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.tmp', 'screenshots');

/** Saves the page as e2e/.tmp/screenshots/<name>.png (full page unless said); `phone` at 360 × 740, then back. */
export async function screenshot(
  page: Page,
  name: string,
  { phone = false, fullPage = true }: { phone?: boolean; fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const size = page.viewportSize();
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}${phone ? '-phone' : ''}.png`), fullPage });
  if (phone && size) await page.setViewportSize(size);
}
