/**
 * Issue 15 item 14 on a 412 px phone: a long action (a download, a payment, an upload, a report, the offline prefetch)
 * shows its progress within 100 ms of the click, with the network slowed, and ends in exactly one outcome — never a
 * success and an error for one action.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { signIn } from './support/app';
import { CONTRACTOR_WO, openChecklist, signInContractor } from './support/contractor';
import { goToBillingCenter } from './support/customer';
import { signInInstaller } from './support/installer';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 412, height: 915 } });

/** The slowed network: the request waits this long before it goes on to the server. */
const DELAY_MS = 1500;
const slow =
  (ms = DELAY_MS) =>
  async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };

/**
 * Clicks `button` and returns how many milliseconds after the click it said it was busy (aria-busy="true"): both
 * moments are taken in the page (a capturing click listener and a MutationObserver), so the figure is the page's own.
 */
async function clickAndTimeProgress(button: Locator): Promise<number> {
  // The click comes when the page's main thread is idle (the page's own chunks and first reads done), so the figure
  // is the button's answer to a click, not the time a just-opened page still spends starting up.
  await button.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  await button.evaluate((el) => {
    const w = window as unknown as { clickAt: number; busyAt: number };
    w.clickAt = 0;
    w.busyAt = 0;
    el.addEventListener(
      'click',
      () => {
        w.clickAt = performance.now();
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      if (el.getAttribute('aria-busy') === 'true' && !w.busyAt) {
        w.busyAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(el, { attributes: true, attributeFilter: ['aria-busy'] });
  });
  await button.click();
  const page = button.page();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { busyAt: number }).busyAt), { timeout: DELAY_MS })
    .toBeGreaterThan(0);
  const ms = await page.evaluate(() => {
    const w = window as unknown as { clickAt: number; busyAt: number };
    return w.busyAt - w.clickAt;
  });
  test.info().annotations.push({ type: 'click to progress (ms)', description: ms.toFixed(1) });
  return ms;
}

/** Exactly one outcome in `scope`: `tone`'s alert shown, and no alert of the other tone. */
async function oneOutcome(scope: Locator | Page, tone: 'success' | 'error') {
  const other = tone === 'success' ? 'error' : 'success';
  await expect(scope.locator(`.alert--${tone}`)).toHaveCount(1);
  await expect(scope.locator(`.alert--${other}`)).toHaveCount(0);
}

test('a download: the invoice PDF button is busy within 100 ms, then the file and no error', async ({ page }) => {
  await signIn(page, 'business-billing', { open: false });
  await goToBillingCenter(page, 'History');
  await page.route(/\/api\/customer\/billing\/invoices\/\d+\/pdf/, slow());
  const first = page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').first();
  const pdf = first.getByRole('button', { name: /^PDF/ });
  const download = page.waitForEvent('download');
  expect(await clickAndTimeProgress(pdf)).toBeLessThan(100);
  await expect(pdf).toBeDisabled();
  expect((await download).suggestedFilename()).toMatch(/^invoice-\d+\.pdf$/);
  await expect(pdf).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('main .alert--error')).toHaveCount(0);
});

test('a payment: "Paying…" within 100 ms, one receipt; a failed retry shows only its error', async ({ page }) => {
  await signIn(page, 'business-billing', { open: false });
  await goToBillingCenter(page, 'Bills');
  const form = page.getByRole('form', { name: 'Pay bills' });
  await form.getByLabel('Pay with').selectOption({ label: 'Checking ending in 6789' });
  await form.getByLabel(/^Amount for invoice/).fill('5');
  await page.route('**/api/customer/billing/payments', slow());
  await form.getByRole('button', { name: 'Review the payment' }).click();
  const pay = form.getByRole('button', { name: 'Pay $5.00' });
  expect(await clickAndTimeProgress(pay)).toBeLessThan(100);
  await expect(form.getByRole('button', { name: 'Paying…' })).toBeDisabled();
  await expect(form.getByText(/^Payment received: \$5\.00/)).toBeVisible();
  await oneOutcome(form, 'success');

  // The next payment fails at the gateway: its error replaces the last receipt instead of sitting beside it.
  await page.unroute('**/api/customer/billing/payments');
  await page.route('**/api/customer/billing/payments', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.fulfill({
      status: 402,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'payment_declined', message: 'The bank declined the payment.' } }),
    });
  });
  await form.getByRole('button', { name: 'Done' }).click();
  await form.getByLabel(/^Amount for invoice/).fill('6');
  await form.getByRole('button', { name: 'Review the payment' }).click();
  const again = form.getByRole('button', { name: 'Pay $6.00' });
  expect(await clickAndTimeProgress(again)).toBeLessThan(100);
  await expect(form.locator('.alert--success')).toHaveCount(0);
  await expect(form.getByText('The bank declined the payment.')).toBeVisible();
  await oneOutcome(form, 'error');
});

test('an upload: "Uploading…" within 100 ms, then one result', async ({ page }) => {
  await signInContractor(page);
  const wo = CONTRACTOR_WO.businessConstruction;
  await page.goto(`/workOrders?wo=${wo}`);
  const details = page.getByRole('region', { name: `Work order #${wo}` });
  await details.getByLabel('Photos or PDFs').setInputFiles({
    name: 'progress.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.route(`**/api/contractor/work-orders/${wo}/attachments`, (route) =>
    route.request().method() === 'POST' ? slow()(route) : route.continue(),
  );
  const upload = details.getByRole('button', { name: 'Upload', exact: true });
  expect(await clickAndTimeProgress(upload)).toBeLessThan(100);
  await expect(details.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  await expect(details.getByText('Uploaded progress.png.')).toBeVisible();
  await oneOutcome(details.locator('.upload-form'), 'success');
});

test('a report: its CSV download is busy within 100 ms, then the file and no error', async ({ page }) => {
  await signIn(page, 'business', { open: '/reports' });
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Business report' }).click();
  const csv = page.getByRole('button', { name: 'Download report (CSV)' });
  await expect(csv).toBeVisible();
  await page.route('**/api/customer/reports/business/csv*', slow());
  const download = page.waitForEvent('download');
  expect(await clickAndTimeProgress(csv)).toBeLessThan(100);
  await expect(page.getByRole('button', { name: 'Download report (PDF)' })).toBeDisabled();
  expect((await download).suggestedFilename()).toMatch(/^business-report-.+\.csv$/);
  await expect(csv).toBeEnabled();
  await expect(page.locator('main .alert--error')).toHaveCount(0);
});

test('a prefetch: the button is busy within 100 ms, counts its progress, then one result', async ({ page }) => {
  await signInInstaller(page);
  // Every work order read of the prefetch waits, so the progress is on screen long enough to be seen.
  await page.route('**/api/installer/work-orders/**', slow(300));
  const prefetch = page.getByRole('button', { name: 'Prefetch 5 work orders for offline use' });
  expect(await clickAndTimeProgress(prefetch)).toBeLessThan(100);
  await expect(prefetch).toBeDisabled();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.locator('.prefetch')).toContainText('Saved 4 work orders for offline use.', { timeout: 30_000 });
  await expect(prefetch).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.prefetch').getByRole('status')).toHaveCount(1);
  await expect(page.getByText(/Prefetch stopped/)).toHaveCount(0);
});

test('assembly units: a failed removal shows its error, and the next add ends in its success alone', async ({
  page,
}) => {
  await signInContractor(page, { open: false });
  const modal = await openChecklist(page, CONTRACTOR_WO.connectorizedInstall);
  const units = modal.getByRole('region', { name: 'Assembly units' });
  await page.route('**/api/contractor/work-orders/*/assembly-units/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'conflict', message: 'This unit is on an approved invoice.' } }),
        })
      : route.continue(),
  );
  await units
    .getByRole('button', { name: /^Remove / })
    .first()
    .click();
  await page
    .getByRole('alertdialog', { name: /^Remove .+ from this work order\?$/ })
    .getByRole('button', { name: 'Yes, remove it' })
    .click();
  await expect(units.getByText('This unit is on an approved invoice.')).toBeVisible();
  await oneOutcome(units, 'error');

  const add = units.getByRole('form', { name: 'Add an assembly unit' });
  await add.getByLabel('Assembly unit').selectOption({ label: 'ONT-INST · Install ONT and power supply' });
  await add.getByLabel('Asset tags').fill('AT-9001');
  await add.getByRole('button', { name: 'Add assembly unit' }).click();
  await expect(units.getByText('Added ONT-INST.')).toBeVisible();
  await oneOutcome(units, 'success');
});

test('a failed prefetch: busy, then one error alert that says why, and no success', async ({ page }) => {
  await signInInstaller(page);
  await page.route('**/api/installer/work-orders/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'The work-order service is down for upkeep.' } }),
    });
  });
  const prefetch = page.getByRole('button', { name: 'Prefetch 5 work orders for offline use' });
  expect(await clickAndTimeProgress(prefetch)).toBeLessThan(100);
  const alert = page.locator('.prefetch').getByRole('alert');
  await expect(alert).toContainText('Prefetch stopped: The work-order service is down for upkeep.', {
    timeout: 30_000,
  });
  await expect(alert).toHaveClass(/alert--error/);
  await expect(page.locator('.prefetch').getByRole('status')).toHaveCount(0);
  await expect(page.getByText(/for offline use\.$/)).toHaveCount(0);
  await expect(prefetch).toBeEnabled();
});
