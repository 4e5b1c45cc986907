/**
 * Issue 28: "Change packages" at a location the fiber drop does not reach (the demo's cancelled order at 317 Orchard
 * Crest Dr, "No packages at this location" on Services) is a new install, planned as checkout plans one (survey,
 * drop, splicing, install) and paid when placed, with a card on file as checkout offers them. At phone size
 * (390 × 844), one sign-in, steps.
 */
import { expect } from '@playwright/test';
import { signIn } from './support/app';
import { expectNoSideways, goToBillingCenter } from './support/customer';
import { test } from './support/spec-server';

const CANCELLED = '317 Orchard Crest Dr';

test.use({ viewport: { width: 390, height: 844 } });

test('a change where the drop does not reach plans the crews’ work and takes the payment it owes', async ({ page }) => {
  await signIn(page, 'orders');

  await test.step('Olive keeps a card on file', async () => {
    await goToBillingCenter(page, 'Payment methods');
    await page.getByRole('button', { name: 'Add a payment method' }).click();
    const form = page.getByRole('form', { name: 'Add a payment method' });
    await form.getByLabel('Name on card').fill('Olive Orders');
    await form.getByLabel('Card number').fill('6011111111111117');
    await form.getByLabel('Expiry month').selectOption('09');
    await form.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
    await form.getByLabel('Security code').fill('321');
    await form.getByLabel('Billing ZIP code').fill('65203');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByRole('article', { name: 'Discover ending in 1117' })).toBeVisible();
  });

  await test.step('Services shows the cancelled order’s location with nothing on it, and its Change packages', async () => {
    await page.goto('/services');
    const location = page.locator('.item-card').filter({ hasText: CANCELLED });
    await expect(location.getByText('No packages at this location.')).toBeVisible();
    await location.getByRole('link', { name: 'Change packages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change packages' })).toBeVisible();
  });

  await test.step('the form says the crews come first and what is due now', async () => {
    await expect(page.getByText(/There is no fiber drop at this location yet/)).toBeVisible();
    await page.getByLabel(/^Fiber 300 Mbps Internet/).check();
    await expect(page.getByText('$154.00', { exact: true })).toBeVisible();
    await expectNoSideways(page);
  });

  await test.step('refused with a new card left empty, then paid with the card on file', async () => {
    await page.getByLabel('Day', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Window', { exact: true }).selectOption({ index: 1 });
    const payWith = page.getByLabel('Pay with');
    await expect(payWith).toHaveValue('');
    await page.getByRole('button', { name: 'Pay $154.00 and place the order' }).click();
    await expect(page.locator('.field__error').first()).toBeVisible();
    await payWith.selectOption({ label: 'Discover ending 1117' });
    await page.getByRole('button', { name: 'Pay $154.00 and place the order' }).click();
    await expect(page).toHaveURL(/\/orders\/\d+$/, { timeout: 15_000 });
  });

  await test.step('the order shows the whole plan and what was paid', async () => {
    await expect(page.getByText(/Site survey/).first()).toBeVisible();
    await expect(page.getByText(/Drop construction/).first()).toBeVisible();
    await expect(page.getByText(/Splicing/).first()).toBeVisible();
    await expect(page.getByText(/Paid \$154\.00 \(first month and install\)/)).toBeVisible();
    await expectNoSideways(page);
  });
});
