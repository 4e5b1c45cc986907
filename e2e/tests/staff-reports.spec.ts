import type { Page } from '@playwright/test';
import { PHONE_REPORT_TYPES } from '@strand/domain';
import { expectNavLinks, expectSettled, signIn } from './support/app';
import { downloaded, expectNoSideways } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

const REPORTS = [
  ['work-orders', 'Work orders per week', 'Work orders opened and completed per week'],
  ['installs', 'Installs per crew', 'Installs per week by crew'],
  ['orders-by-area', 'Orders per area', 'Orders per area by status'],
  ['conversion', 'Checks to orders', 'Checks, carts and orders per week'],
  ['receivables-aging', 'Receivables aging', 'Open balances by age'],
  ['payments', 'Payments per day', 'Payments received per day'],
] as const;

async function expectDownloads(page: Page, id: string, name: string) {
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(new RegExp(`^${id}-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  expect(
    (await downloaded(csv))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0],
  ).toBe(name);
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await downloaded(await pdfDownload)).subarray(0, 5).toString()).toBe('%PDF-');
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 360, height: 740 },
]) {
  test(`billing staff open each staff report with its chart and download CSV and PDF (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, 'billing-staff', { open: '/staff/reports' });
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    for (const [id, name, caption] of REPORTS) {
      await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      const chart = page.getByTestId('chart');
      await expect(chart.locator('figcaption')).toHaveText(caption);
      await expect(chart.getByRole('img').or(chart.getByText('Nothing to draw in this range'))).toBeVisible();
      await expect(page.locator('.summary-card').first()).toBeVisible();
      await expectNoSideways(page);
      // A desktop has room for every column but the installs per week (a column per crew): only there does a line
      // under the table say that more columns are to the right.
      if (viewport.name === 'desktop') {
        await expect(page.getByText('More columns to the right')).toHaveCount(id === 'installs' ? 1 : 0);
      }
      await screenshot(page, `customer-staff-report-${id}-${viewport.name}`);
      await expectDownloads(page, id, name);
    }
  });
}

test('a staff range is validated, and billing staff open a business customer’s phone report', async ({ page }) => {
  await signIn(page, 'billing-staff', { open: '/staff/reports?section=payments' });
  const form = page.getByRole('form', { name: 'Payments per day range' });
  await form.getByLabel('From').fill('2025-03-05');
  await form.getByLabel('To').fill('2025-03-01');
  await form.getByRole('button', { name: 'Show report' }).click();
  await expect(form.locator('.field__error', { hasText: 'To must not be before From.' })).toBeVisible();
  await form.getByLabel('From').fill('2023-01-01');
  await form.getByLabel('To').fill('2025-01-01');
  await form.getByRole('button', { name: 'Show report' }).click();
  await expect(form.locator('.field__error', { hasText: 'The range can be at most 366 days' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Phone reports' }).click();
  await expect(page.getByText('Enter a business customer’s account number to see their phone reports.')).toBeVisible();
  await page.getByLabel('Business customer account').fill('1000-2000-0001');
  await page.getByRole('button', { name: 'Open customer' }).click();
  await expect(page.getByText(/phone reports are for business customers/).first()).toBeVisible();
  await page.getByLabel('Business customer account').fill('1000-3000-0001');
  await page.getByRole('button', { name: 'Open customer' }).click();
  await expect(page.getByTestId('report-range')).toContainText('Summary · Acme Dental Group (1000-3000-0001)');
  await expect(page.getByTestId('chart').getByRole('img')).toBeVisible();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await csvDownload).suggestedFilename()).toMatch(/^summary-1000-3000-0001-/);
});

test('sales staff have no Reports link and are told the page is for billing staff', async ({ page }) => {
  await signIn(page, 'sales');
  await expectNavLinks(page, ['Home', 'Orders', 'Tickets']);
  await page.goto('/staff/reports');
  await expect(page.getByText('Reports are for billing staff.')).toBeVisible();
  await expect(page.getByTestId('chart')).toHaveCount(0);
});

test('checks to orders: conversion per area kind and area, and a download that shows its progress', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'billing-staff', { open: '/staff/reports?section=conversion' });
  await expect(page.getByRole('heading', { level: 2, name: 'Checks to orders' })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Checks to orders totals' });
  await expect(totals.getByText('Availability checks')).toBeVisible();
  await expect(totals.getByText('Conversion')).toBeVisible();
  const areas = page.getByRole('region', { name: 'Per kind of area and area' });
  await expect(areas.getByRole('row', { name: /Residential fiber/ }).first()).toBeVisible();
  await expect(areas.getByRole('row', { name: /^Total/ })).toContainText('%');
  await expectNoSideways(page);
  // The table is wider than the phone: a line under it says the Conversion column is to the right, until scrolled.
  const hint = areas.locator('xpath=following-sibling::*[1]');
  await expect(hint).toHaveText('More columns to the right: scroll the table sideways →');
  await screenshot(page, 'customer-staff-report-conversion-phone');
  await areas.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect
    .poll(async () => {
      const box = await areas.getByRole('columnheader', { name: 'Conversion' }).boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 361;
    })
    .toBe(true);
  await expect(hint).not.toHaveText(/More columns/);
  // The click shows progress at once, then that it downloaded; never an error beside it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await download;
  await expect(page.getByRole('status').filter({ hasText: 'The CSV is downloaded.' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // A range of one day with no checks: zeros, not an error.
  const form = page.getByRole('form', { name: 'Checks to orders range' });
  await form.getByLabel('From').fill('2024-01-01');
  await form.getByLabel('To').fill('2024-01-07');
  await form.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByTestId('report-range')).toContainText('Checks to orders');
  // The default range's report stays on screen until this one answers: wait for this range's.
  await expect(page.getByTestId('report-range')).toContainText('Jan 1, 2024 to Jan 7, 2024');
  await expectSettled(page);
  await expect(page.getByText('Nothing in this range.').first()).toBeVisible();
});

test('360 px: billing staff open each of the nine phone report types of a business customer, each with its chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'billing-staff', { open: '/staff/reports' });
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Phone reports' }).click();
  await page.getByLabel('Business customer account').fill('1000-3000-0001');
  await page.getByRole('button', { name: 'Open customer' }).click();
  const form = page.getByRole('form', { name: 'Phone report type and range' });
  for (const type of PHONE_REPORT_TYPES) {
    await form.getByLabel('Report type').selectOption(type.id);
    await form.getByRole('button', { name: 'Show report' }).click();
    await expect(page.getByTestId('report-range')).toContainText(`${type.name} · Acme Dental Group (1000-3000-0001)`);
    await expect(page.getByTestId('chart').getByRole('img')).toBeVisible();
    await expectNoSideways(page);
  }
  await screenshot(page, 'customer-staff-phone-report-summary-phone');
});
