/** Customer polish on a 412 px phone: section tabs, duplicate cards, paying again, the header's names, touch targets. */
import type { Locator, Page } from '@playwright/test';
import { header, signIn } from './support/app';
import { goToAccountInfo, goToBillingCenter, openSection } from './support/customer';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 412, height: 915 } });
test.describe.configure({ mode: 'serial' });

const WIDTH = 412;
const yy = (ahead: number) => String((new Date().getFullYear() + ahead) % 100).padStart(2, '0');

async function boxOf(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'a box on the page').not.toBeNull();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

/**
 * The section links sit in one row (a row that scrolls sideways on a phone, issue 26, never wrapping), each one brought
 * fully on screen when scrolled to, and each opens its section; the page itself never scrolls sideways.
 */
async function expectSectionsOnScreen(page: Page, area: 'Account Info' | 'Billing Center', sections: string[]) {
  const nav = page.getByRole('navigation', { name: `${area} sections` });
  await expect(nav.getByRole('link')).toHaveCount(sections.length);
  const rows = new Set<number>();
  for (const section of sections) {
    const link = nav.getByRole('link', { name: section });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    const box = await boxOf(link);
    rows.add(Math.round(box.y));
    expect(box.x, `${section} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${section} ends on screen`).toBeLessThanOrEqual(WIDTH);
  }
  expect(rows.size, 'the section links are one row').toBe(1);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'no sideways page scroll',
  ).toBeLessThanOrEqual(WIDTH);
  for (const section of sections) await openSection(page, area, section);
}

/** Every visible link and button in the page's main area is at least `min` px tall and wide. */
async function expectTargets(page: Page, min: number) {
  const targets = page.locator('main').locator('a:visible, button:visible');
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const target = targets.nth(i);
    const box = await boxOf(target);
    const name = (await target.textContent())?.trim();
    expect(box.height, `"${name}" is at least ${min} px tall`).toBeGreaterThanOrEqual(min);
    expect(box.width, `"${name}" is at least ${min} px wide`).toBeGreaterThanOrEqual(min);
  }
}

test('item 8: every section tab of the Billing Center and Account Info is on screen and opens', async ({ page }) => {
  await signIn(page, 'business', { open: '/billingCenter' });
  await expectSectionsOnScreen(page, 'Billing Center', [
    'Bills',
    'Payment methods',
    'Autopay',
    'History',
    'Mailing address',
  ]);
  await openSection(page, 'Billing Center', 'History');
  await expect(
    page.getByRole('list', { name: 'Invoices' }).getByRole('button', { name: /^PDF/ }).first(),
  ).toBeVisible();
  await page.goto('/accountInfo');
  await expectSectionsOnScreen(page, 'Account Info', ['Contacts', 'Users', 'Trouble tickets', 'Business center']);
});

test('item 11: the header names a residential customer once', async ({ page }) => {
  await signIn(page, 'residential');
  const banner = header(page);
  await expect(banner.getByText('Rhonda Reyes', { exact: true })).toHaveCount(1);
  await expect(banner.getByText('1000-2000-0001')).toBeVisible();
  await expect(banner.locator('.user-line')).not.toContainText('Rhonda Reyes Rhonda Reyes');
});

test('item 11: the header shows a business user and the account with visible labels', async ({ page }) => {
  await signIn(page, 'business');
  const business = header(page);
  await expect(business.getByText('Dana Diaz', { exact: true })).toBeVisible();
  await expect(business.getByText('Acme Dental Group', { exact: true })).toBeVisible();
  await expect(business.getByText('1000-3000-0001', { exact: true })).toBeVisible();
  // The account's label is seen, not only read out: "Account: Acme Dental Group · 1000-3000-0001".
  const label = business.locator('.user-line dt').filter({ hasText: /^Account/ });
  expect((await boxOf(label)).width).toBeGreaterThan(30);
  await expect(label).toContainText('Account');
  await expect(business.locator('.user-line__account dd')).toHaveText('Acme Dental Group · 1000-3000-0001');
  for (const part of [business.getByText('Dana Diaz', { exact: true }), label]) {
    const box = await boxOf(part);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  }
});

test('item 12: links and buttons of Account Info and the Billing Center are at least 24 px; primary ones 44 px', async ({
  page,
}) => {
  await signIn(page, 'residential', { open: false });
  await goToAccountInfo(page, 'Contacts');
  await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
  await expectTargets(page, 24);
  await goToBillingCenter(page, 'Bills');
  await expect(page.getByRole('link', { name: 'Set up autopay' })).toBeVisible();
  await expectTargets(page, 24);
  // The main action of the bills: the review before paying (issue 28).
  const pay = page.getByRole('button', { name: 'Review the payment' });
  expect((await boxOf(pay)).height).toBeGreaterThanOrEqual(44);
  for (const section of ['Payment methods', 'Autopay', 'History']) {
    await openSection(page, 'Billing Center', section);
    await expectTargets(page, 24);
  }
  await openSection(page, 'Billing Center', 'Payment methods');
  expect((await boxOf(page.getByRole('button', { name: 'Add a payment method' }))).height).toBeGreaterThanOrEqual(44);
});

test('item 9: the same card is refused, and cards are named with their expiry in the Pay with list', async ({
  page,
}) => {
  await signIn(page, 'residential', { open: false });
  await goToBillingCenter(page, 'Payment methods');
  await page.getByRole('button', { name: 'Add a payment method' }).click();
  const form = page.getByRole('form', { name: 'Add a payment method' });
  await form.getByLabel('Name on card').fill('Rhonda Reyes');
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiry month').selectOption('10');
  await form.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 4));
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Billing ZIP code').fill('65202');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(form.getByRole('alert')).toHaveText('This card is already saved as Visa ending in 4242.');
  await expect(form.getByLabel('Card number')).toHaveAccessibleDescription(/already saved as Visa ending in 4242\./);
  await expect(page.getByRole('article', { name: /Visa ending in 4242/ })).toHaveCount(1);

  await openSection(page, 'Billing Center', 'Bills');
  const options = page.getByRole('form', { name: 'Pay bills' }).getByLabel('Pay with').locator('option');
  await expect(options).toHaveText([
    `Visa ending in 4242, expires 08/${yy(2)}`,
    `Mastercard ending in 4444, expires 11/${yy(1)}`,
  ]);
});

test('item 10: after paying one invoice the other is still ticked, and nothing ticked cannot be paid', async ({
  page,
}) => {
  await signIn(page, 'residential', { open: false });
  await goToBillingCenter(page, 'Bills');
  const pay = page.getByRole('form', { name: 'Pay bills' });
  const boxes = pay.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  await boxes.nth(1).uncheck();
  await pay.getByRole('button', { name: 'Review the payment' }).click();
  await pay.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(pay.getByText(/^Payment received: /)).toBeVisible();
  await pay.getByRole('button', { name: 'Done' }).click();

  await expect(boxes).toHaveCount(1);
  await expect(boxes.first()).toBeChecked();
  const button = pay.getByRole('button', { name: 'Review the payment' });
  await expect(button).toBeEnabled();
  await expect(pay.locator('.totals__total')).not.toContainText('$0.00');
  await expect(pay.getByLabel(/^Amount for invoice/)).toHaveValue('103.12');

  await boxes.first().uncheck();
  await expect(button).toBeDisabled();
  await expect(pay.getByText('Tick an invoice and enter an amount to pay.')).toBeVisible();
  await boxes.first().check();
  await pay.getByLabel(/^Amount for invoice/).fill('0');
  await expect(button).toBeDisabled();
});

test('item 7: the business call records end no later than now', async ({ page }) => {
  await signIn(page, 'business', { open: '/reports' });
  const calls = page.getByRole('region', { name: 'Calls, newest first' }).locator('tbody tr');
  await expect(calls.first()).toBeVisible();
  const newest = (await calls.first().locator('td').first().textContent())?.trim() ?? '';
  const at = new Date(`${newest} UTC`).getTime();
  expect(Number.isNaN(at), newest).toBe(false);
  expect(at).toBeLessThanOrEqual(Date.now());
});
