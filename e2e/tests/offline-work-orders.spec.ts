/** Issue 5: Download / Saved WO, reading a downloaded work order offline, cached responses, prefetch. */

import { openWorkOrder, signInInstaller, WO } from './support/installer';
import { waitForServiceWorker } from './support/offline';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

// Works offline: the service worker (blocked elsewhere, playwright.config.ts) must precache the app.
test.use({ serviceWorkers: 'allow' });

const CACHED = 'You are not connected to the internet. The response is cached from local storage.';
const FETCH_FAILED = 'Failed to Fetch Data. Check Internet Connection';

/** Each read-only view by its home button, with a text its content shows. */
const VIEWS: [string, string, string | RegExp][] = [
  ['Contacts', 'Contacts', /@|\(\d{3}\)/],
  ['Service Location', 'Service Location', /Package|Show Assets/],
  ['Sales Order', 'Sales Order', /./],
  ['Attachments', 'Attachments', 'Site plan from engineering'],
  ['Notes', 'Notes', 'Customer confirmed the 9-11 AM window'],
  ['Fiber and splitter setup', 'Physical Plant Config', /VIEW\/HIDE SPLITTER/],
  ['Circuit Stats', 'Circuits', /./],
  ['View C.O. Map', 'C.O. Map', /Expand\/Collapse CO List/],
  ['Directions', 'Directions', /./],
  ['View PDF', 'Work Order PDF', /./],
  ['Checklist', 'Checklist', /checklist/i],
];

/** Issue 27: offline after a reload, every kept view shows its content within 8 s. */
const OFFLINE_CONTENT_MS = 8_000;

test('downloads a work order, lists it under Saved WO, and reads every view offline after a reload', async ({
  page,
  context,
}) => {
  // Each of the eleven views is also reloaded offline (issue 27): more than the default 45 s on a busy machine.
  test.slow();
  await signInInstaller(page, { open: '/savedWorkOrders' });
  await expect(page.getByText('No Work Orders Found')).toBeVisible();

  await openWorkOrder(page, WO.fullInstall);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText('Work Order Saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeHidden();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Work Order #${WO.fullInstall}` })).toBeVisible({
    timeout: OFFLINE_CONTENT_MS,
  });
  await expect(page.getByText(CACHED)).toBeVisible();
  await expect(page.getByText(/Work order saved (just now|\d+ minutes? ago)/)).toBeVisible();
  await screenshot(page, 'offline-home-offline');
  for (const [button, title, content] of VIEWS) {
    // The grouped views (a main action may share a name, e.g. Checklist).
    await page.getByRole('navigation', { name: 'Work order' }).getByRole('link', { name: button, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('main')).toContainText(content);
    await expect(page.getByText(FETCH_FAILED)).toHaveCount(0);
    // The view itself reloaded offline: its content within 8 s, from the service worker and the kept copy.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: OFFLINE_CONTENT_MS });
    await expect(page.locator('main')).toContainText(content, { timeout: OFFLINE_CONTENT_MS });
    await expect(page.getByText(FETCH_FAILED)).toHaveCount(0);
    await page.getByRole('link', { name: `Go back to WO #${WO.fullInstall}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Work Order #${WO.fullInstall}` })).toBeVisible();
  }

  // The download also saved each asset of the location with its actions: an asset page opens offline too.
  await page.getByRole('link', { name: 'Service Location', exact: true }).click();
  await page.getByRole('button', { name: 'Show Assets' }).click();
  await page.getByRole('link', { name: 'RTR-100001' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'RTR-100001' })).toBeVisible();
  await expect(page.getByText(/Work order saved (just now|\d+ minutes? ago)/)).toBeVisible();
  await expect(page.getByText(/Failed to fetch the asset actions/)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Actions' })).toBeVisible();
  await page.getByRole('link', { name: `Go back to WO #${WO.fullInstall}` }).click();

  await page.getByRole('link', { name: 'Saved WO' }).first().click();
  await expect(page.getByRole('link', { name: new RegExp(`#${WO.fullInstall}`) })).toBeVisible();
  await expect(page.getByText(/Saved (just now|\d+ minutes? ago)/)).toBeVisible();
  await screenshot(page, 'offline-saved-wo');
  await screenshot(page, 'offline-saved-wo', { phone: true });
  await page.getByRole('button', { name: `Delete work order #${WO.fullInstall}` }).click();
  await page
    .getByRole('alertdialog', { name: `Delete work order #${WO.fullInstall} from this device?` })
    .getByRole('button', { name: 'Yes, delete it' })
    .click();
  await expect(page.getByText('No Work Orders Found')).toBeVisible();
});

test('shows a cached response with its age when the network is gone', async ({ page, context }) => {
  await signInInstaller(page);
  await openWorkOrder(page, WO.businessInstall);
  await waitForServiceWorker(page);
  await page.getByRole('link', { name: 'Notes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  await page.getByRole('link', { name: `Go back to WO #${WO.businessInstall}` }).click();
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();

  await context.setOffline(true);
  // A fresh page (the query cache is gone): only the device's own copies can answer.
  await page.goto(`/search/${WO.businessInstall}/notes`);
  await expect(page.getByText(CACHED)).toBeVisible();
  await expect(page.getByText(/Cached (just now|\d+ minutes? ago)/)).toBeVisible();
  await expect(page.getByText('Install during the lunch closure only')).toBeVisible();
  await screenshot(page, 'offline-cached-response');
});

test('prefetches the first 5 assigned work orders with a progress bar, and not while offline', async ({
  page,
  context,
}) => {
  await signInInstaller(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Prefetch 5 work orders for offline use' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cannot prefetch while offline!' })).toBeVisible();
  await context.setOffline(false);

  await page.getByRole('button', { name: 'Prefetch 5 work orders for offline use' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  // The demo installer has 4 work orders assigned (100001-100004), fewer than the 5 prefetch takes at most.
  await expect(page.locator('.prefetch')).toContainText('Saved 4 work orders for offline use.', { timeout: 20_000 });
  await expect(page.getByText('Saved 4 of 4')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('value', '4');
  await screenshot(page, 'offline-prefetch');
  await page.getByRole('link', { name: 'Saved WO' }).first().click();
  await expect(page.locator('.saved-wo')).toHaveCount(4);
  await expect(page.locator('.wo-result__id')).toContainText([
    /#10000[1-4]/,
    /#10000[1-4]/,
    /#10000[1-4]/,
    /#10000[1-4]/,
  ]);
});

test('the app is installable: a manifest with icons, and a service worker that controls the page', async ({
  page,
  request,
}) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Strand portal', display: 'standalone', start_url: '/' });
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await signInInstaller(page);
  await waitForServiceWorker(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
});

test('an equipment page read before shows its cached asset and actions with their age when the network is gone', async ({
  page,
  context,
}) => {
  await signInInstaller(page);
  await openWorkOrder(page, WO.fullInstall);
  await waitForServiceWorker(page);
  await page.getByRole('link', { name: 'Service Location', exact: true }).click();
  await page.getByRole('button', { name: 'Show Assets' }).click();
  await page.getByRole('link', { name: 'ONT-100001' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ONT-100001' })).toBeVisible();
  const assetUrl = page.url();
  await expect(page.getByRole('button', { name: /^Take Action: / }).first()).toBeVisible();
  await expect(page.getByText(CACHED)).toHaveCount(0);

  await context.setOffline(true);
  // A fresh page: the asset and its actions come from the device's last-50 cache (SPEC §7), not from the network.
  await page.goto(assetUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'ONT-100001' })).toBeVisible();
  await expect(page.getByText(CACHED)).toBeVisible();
  await expect(page.getByText(/Cached (just now|\d+ minutes? ago)/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Take Action: / }).first()).toBeVisible();
  await expect(page.getByText(/Failed to fetch the asset actions/)).toHaveCount(0);
});

test('Saved WO shows 50 work orders to a page, Older and Newer between pages, Back to the same page', async ({
  page,
}) => {
  await signInInstaller(page, { open: '/savedWorkOrders' });
  await expect(page.getByText('No Work Orders Found')).toBeVisible();
  // 55 saved work orders of this installer written as the app's store writes them (lib/offline/offline-db.ts): one a
  // minute, 100001 the newest, with their list entries.
  await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    const userId = JSON.parse(atob(token.split('.')[1] ?? '')).nUserID as number;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('strand-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['workOrders', 'workOrderList'], 'readwrite');
    for (let i = 0; i < 55; i += 1) {
      const id = 100001 + i;
      const entry = {
        key: `${userId} ${id}`,
        userId,
        id,
        savedAt: new Date(Date.now() - i * 60_000).toISOString(),
        summary: { nCount: id, vcWorkOrderType: 'Install', vcCustomerName: `Customer ${i}`, vcNextScheduledName: null },
      };
      tx.objectStore('workOrders').put({ ...entry, responses: {} });
      tx.objectStore('workOrderList').put({ ...entry, paths: [] });
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
  await page.reload();
  await expect(page.getByText('1–50 of 55 saved work orders')).toBeVisible();
  await expect(page.locator('.saved-wo')).toHaveCount(50);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Newer saved work orders' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Older saved work orders' }).click();
  await expect(page).toHaveURL(/\/savedWorkOrders\?page=2$/);
  await expect(page.getByText('51–55 of 55 saved work orders')).toBeVisible();
  await expect(page.locator('.saved-wo')).toHaveCount(5);
  await screenshot(page, 'offline-saved-wo-page-2');
  await screenshot(page, 'offline-saved-wo-page-2', { phone: true });

  await page.locator('a[href="/search/100055"]').click();
  await expect(page).toHaveURL(/\/search\/100055$/);
  await page.goBack();
  await expect(page.getByText('51–55 of 55 saved work orders')).toBeVisible();
  await page.getByRole('link', { name: 'Newer saved work orders' }).click();
  await expect(page.getByText('1–50 of 55 saved work orders')).toBeVisible();
});
