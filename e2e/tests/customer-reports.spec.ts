import type { Page } from '@playwright/test';
import { expectNavLinks, signIn } from './support/app';
import { downloaded, expectNoSideways } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

const DAY_MS = 86_400_000;
const utcDate = (daysFromToday: number) => new Date(Date.now() + daysFromToday * DAY_MS).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2025-03-05 -> "Mar 5, 2025", as the page writes dates. */
const longDay = (date: string) =>
  `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
const count = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function summaryValue(page: Page, label: string): Promise<string> {
  return (
    (
      await page
        .locator('.summary-card')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('.summary-card__value')
        .textContent()
    )?.trim() ?? ''
  );
}

test('business sees the phone report, changes the range and downloads the calls and the business report', async ({
  page,
}) => {
  await signIn(page, 'business');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Phone report' })).toBeVisible();

  // The default range: the last 30 days, ending today (UTC).
  const range = page.getByTestId('phone-range');
  await expect(range).toHaveText(`${longDay(utcDate(-29))} to ${longDay(utcDate(0))}`);
  const defaultCalls = count(await summaryValue(page, 'Calls'));
  expect(defaultCalls).toBeGreaterThan(100);
  const perDay = page.getByRole('region', { name: 'Calls per day' });
  await expect(perDay.locator('tfoot')).toContainText(defaultCalls.toLocaleString('en-US'));
  await expect(page.getByRole('region', { name: 'Calls, newest first' }).locator('tbody tr')).toHaveCount(50);
  await screenshot(page, 'customer-reports-phone-desktop');

  // A reversed range is refused with the field named; then a week of inbound calls.
  const filter = page.getByRole('form', { name: 'Phone report filter' });
  await filter.getByLabel('From').fill(utcDate(-6));
  await filter.getByLabel('To').fill(utcDate(-7));
  await filter.getByRole('button', { name: 'Show report' }).click();
  await expect(filter.locator('.field__error', { hasText: 'To must not be before From.' })).toBeVisible();
  await filter.getByLabel('To').fill(utcDate(0));
  await filter.getByLabel('Direction').selectOption('inbound');
  await filter.getByRole('button', { name: 'Show report' }).click();
  await expect(range).toHaveText(`${longDay(utcDate(-6))} to ${longDay(utcDate(0))} · inbound`);
  const weekCalls = count(await summaryValue(page, 'Calls'));
  expect(weekCalls).toBeGreaterThan(0);
  expect(weekCalls).toBeLessThan(defaultCalls);
  expect(await perDay.locator('tbody tr').count()).toBeLessThanOrEqual(7);

  const phoneDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download calls (CSV)' }).click();
  const phoneCsv = await phoneDownload;
  expect(phoneCsv.suggestedFilename()).toBe(`phone-report-1000-3000-0001-${utcDate(-6)}-to-${utcDate(0)}-inbound.csv`);
  const phoneLines = (await downloaded(phoneCsv))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(phoneLines[0]).toBe('Date (UTC),Time (UTC),Direction,From,To,Duration (seconds),Billed minutes');
  expect(phoneLines).toHaveLength(weekCalls + 1);
  expect(phoneLines.slice(1).every((line) => line.split(',')[2] === 'inbound')).toBe(true);

  // The business report: the last 12 months by default, with CSV totals equal to the page's.
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Business report' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Business report' })).toBeVisible();
  const month = utcDate(0).slice(0, 7);
  await expect(page.getByTestId('business-range')).toContainText(
    `to ${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`,
  );
  const billed = await summaryValue(page, 'Billed');
  const paid = await summaryValue(page, 'Paid');
  const balance = await summaryValue(page, 'Balance');
  expect(count(billed)).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: /per month and service location/ })).toContainText(
    '1101 E Broadway, Suite 200, Columbia, MO 65201',
  );
  await screenshot(page, 'customer-reports-business-desktop');

  const businessDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report (CSV)' }).click();
  const businessCsv = await businessDownload;
  expect(businessCsv.suggestedFilename()).toMatch(/^business-report-1000-3000-0001-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const businessLines = (await downloaded(businessCsv))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(businessLines[0]).toBe('Month,Service location,Billed,Paid,Balance');
  const plain = (money: string) => money.replace(/[$,]/g, '');
  expect(businessLines.at(-1)).toMatch(new RegExp(`,Total,${plain(billed)},${plain(paid)},${plain(balance)}$`));

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report (PDF)' }).click();
  expect((await downloaded(await pdfDownload)).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the reports fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'business', { open: '/reports' });
  await expect(page.getByTestId('phone-range')).toBeVisible();
  await expectNoSideways(page);
  await screenshot(page, 'customer-reports-phone-phone');
  await page.goto('/reports?section=business');
  await expect(page.getByTestId('business-range')).toBeVisible();
  await expectNoSideways(page);
  await screenshot(page, 'customer-reports-business-phone');
});

test('a business user without the Reports permission is told so', async ({ page }) => {
  await signIn(page, 'business-billing', { open: '/reports' });
  await expect(
    page.getByText('Your user does not have the “Reports” permission. Ask your account administrator for it.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Phone report' })).toHaveCount(0);
});

test('residential has no Reports link, and /reports says Reports are for business accounts', async ({ page }) => {
  await signIn(page, 'residential');
  await expectNavLinks(page, ['Home', 'Account Info', 'Services', 'Billing Center']);
  await page.goto('/reports');
  await expect(page.getByText('Reports are for business accounts.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Billing Center' }).last()).toHaveAttribute('href', '/billingCenter');
});
