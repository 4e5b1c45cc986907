/** Helpers of the installer search area's browser tests (DEMO-DATA.md's work orders 100001-100006). */
import { expect, type Locator, type Page } from '@playwright/test';
import { expectSettled, signIn } from './app';
import { withTestDb } from './db';

export const WO = {
  fullInstall: 100_001,
  businessInstall: 100_002,
  siteSurvey: 100_003,
  splicing: 100_004,
  pending: 100_005,
  otherInstallers: 100_006,
} as const;

/** 2214 Clark Ln, the location of 100005 (within 500 ft of 100001's 2208 Clark Ln). */
export const NEIGHBOUR_LOCATION = { latitude: 38.9657, longitude: -92.2965 };

/**
 * Signs in as an installer and chooses the installer portal: the search form with the start search, or the page
 * `open` names, or none (`open: false`: the test's next page.goto is the first page).
 */
export async function signInInstaller(
  page: Page,
  { username = 'installer', open }: { username?: string; open?: string | false } = {},
): Promise<void> {
  await signIn(page, username, { portal: 'installer', open });
  if (open !== undefined) return;
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search WO' })).toBeVisible();
}

export function searchForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Work order search' });
}

/** The work order ids of the results list, in order. */
export async function resultIds(page: Page): Promise<number[]> {
  const texts = await page.locator('.wo-result__id').allTextContents();
  return texts.map((t) => Number(/#(\d+)/.exec(t)?.[1]));
}

/**
 * Waits for exactly these results, settled: the previous search's list stays on screen while the next loads, and
 * may happen to hold the same ids.
 */
export async function expectResults(page: Page, ids: number[]): Promise<void> {
  await expect.poll(() => resultIds(page)).toEqual(ids);
  await expectSettled(page);
  expect(await resultIds(page)).toEqual(ids);
}

export async function runSearch(page: Page): Promise<void> {
  await searchForm(page).getByRole('button', { name: 'Search', exact: true }).click();
}

/** Opens a work order's home and waits for it. */
export async function openWorkOrder(page: Page, id: number): Promise<void> {
  await page.goto(`/search/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Work Order #${id}` })).toBeVisible();
  await expect(page.getByText('Loading the work order…')).toBeHidden();
}

export function workOrderButtons(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Work order' }).getByRole('link');
}

/**
 * Gives a work order's sales order other HTML in the test server's database (support/db.ts) while `body`
 * runs, then puts the original back: for hostile markup the demo data does not have.
 */
export async function withSalesOrderHtml(workOrderId: number, html: string, body: () => Promise<void>): Promise<void> {
  const { orderId, original } = await withTestDb(async (db) => {
    const order = await db.get<{ order_id: number }>('SELECT order_id FROM work_orders WHERE id = ?', workOrderId);
    if (!order) throw new Error(`no work order ${workOrderId}`);
    const row = await db.get<{ html: string }>('SELECT html FROM sales_orders WHERE id = ?', order.order_id);
    await db.run('UPDATE sales_orders SET html = ? WHERE id = ?', html, order.order_id);
    return { orderId: order.order_id, original: row?.html ?? '' };
  });
  try {
    await body();
  } finally {
    await withTestDb((db) => db.run('UPDATE sales_orders SET html = ? WHERE id = ?', original, orderId));
  }
}

/** On /search/{WOId}/checkList: fills and saves the install checklist's fields Complete install needs (issue 27). */
export async function fillInstallChecklist(page: Page): Promise<void> {
  const edit = page.getByRole('form', { name: 'Fill in the checklist' });
  await edit.getByLabel('Light signal strength (needed to complete)').fill('-18.2 dBm');
  await edit.getByLabel('Speed test URL (needed to complete)').fill('https://speed.example.test/r/1');
  await edit.getByRole('button', { name: 'Save checklist' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checklist saved' })).toBeVisible();
}
