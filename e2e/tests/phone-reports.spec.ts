import type { Page } from '@playwright/test';
import { signIn } from './support/app';
import { downloaded, expectNoSideways } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

const TYPES = [
  ['one-plus-billing', '1+ Billing', 'Billed minutes per day'],
  ['toll-free-billing', '800 Billing', 'Billed minutes per day'],
  ['busy', 'Busy Report', 'Busy signals by hour of the day'],
  ['call-volume', 'Call Volume', 'Calls per hour of the day'],
  ['call-volume-all', 'Call Volume - no filter', 'Calls per day'],
  ['concurrent', 'Concurrent Calls', 'Peak concurrent calls per day'],
  ['full-month', 'Full Month Report', 'Calls per day of the month'],
  ['outbound', 'Outbound Calls', 'Outbound calls per day by class'],
  ['summary', 'Summary', 'Calls by direction and class'],
] as const;

async function openCallReports(page: Page) {
  await page.goto('/reports?section=calls');
  await expect(page.getByRole('heading', { level: 2, name: 'Call reports' })).toBeVisible();
}

async function downloadBoth(page: Page, type: string) {
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(
    new RegExp(`^${type}-1000-3000-0001-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const text = (await downloaded(csv)).toString('utf8').replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[1]).toContain('Acme Dental Group (1000-3000-0001)');
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^${type}-1000-3000-0001-.*\\.pdf$`));
  expect((await downloaded(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
}

test('business opens each of the nine call report types: chart, table, CSV and PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'business');
  await openCallReports(page);
  const form = page.getByRole('form', { name: 'Phone report type and range' });
  for (const [id, name, caption] of TYPES) {
    await form.getByLabel('Report type').selectOption(id);
    await form.getByRole('button', { name: 'Show report' }).click();
    await expect(page.getByTestId('report-range')).toContainText(name);
    const chart = page.getByTestId('chart');
    await expect(chart.locator('figcaption')).toHaveText(caption);
    await expect(chart.getByRole('img')).toBeVisible();
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', new RegExp(`^${caption}\\. `));
    // The data table is in the page for screen readers, and shown with the toggle.
    await chart.getByRole('button', { name: 'Show as table' }).click();
    await expect(chart.getByRole('region', { name: `${caption} (table)` })).toBeVisible();
    await expect(chart.getByRole('img')).toHaveCount(0);
    await chart.getByRole('button', { name: 'Show as chart' }).click();
    await expect(chart.getByRole('img')).toBeVisible();
    await expect(page.locator('.report-table-wrap').nth(1)).toBeVisible();
    await downloadBoth(page, id);
    if (id === 'busy' || id === 'concurrent') await screenshot(page, `customer-phone-report-${id}-desktop`);
  }
});

test('filters belong to their type; a reversed range is refused naming the field', async ({ page }) => {
  await signIn(page, 'business');
  await openCallReports(page);
  const form = page.getByRole('form', { name: 'Phone report type and range' });
  await form.getByLabel('Report type').selectOption('call-volume-all');
  await expect(form.getByLabel('Direction')).toHaveCount(0);
  await expect(form.getByText('This report counts every call of the range; it takes no filter.')).toBeVisible();
  await form.getByLabel('Report type').selectOption('full-month');
  await expect(form.getByLabel('Month')).toBeVisible();
  await expect(form.getByLabel('From')).toHaveCount(0);
  await form.getByLabel('Report type').selectOption('call-volume');
  await form.getByLabel('Direction').selectOption('inbound');
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('From').fill(day(-3));
  await form.getByLabel('To').fill(day(-5));
  await form.getByRole('button', { name: 'Show report' }).click();
  await expect(form.locator('.field__error', { hasText: 'To must not be before From.' })).toBeVisible();
  await form.getByLabel('To').fill(day(0));
  await form.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByTestId('report-range')).toContainText('Call Volume');
  await expect(page.getByTestId('chart').getByRole('img')).toBeVisible();
  const legend = page.locator('.chart__legend');
  await expect(legend).toHaveCount(0); // one series: inbound only
});

test('the call reports fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'business');
  await openCallReports(page);
  await expect(page.getByTestId('chart').getByRole('img')).toBeVisible();
  await expectNoSideways(page);
  await screenshot(page, 'customer-phone-report-summary-phone');
  const form = page.getByRole('form', { name: 'Phone report type and range' });
  await form.getByLabel('Report type').selectOption('concurrent');
  await form.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByTestId('report-range')).toContainText('Concurrent Calls');
  await expectNoSideways(page);
  await downloadBoth(page, 'concurrent');
});
