/**
 * Phone sales (issue 12 step 7) as `sales`: a new order for a new customer at a served demo address, paid with the
 * sandbox test card, lands on the order's page with its work orders and is found in the orders search; a declined
 * card shows the gateway's message and places nothing; a dispatcher has no access to the page.
 */
import type { Page } from '@playwright/test';
import { logOut, signIn } from './support/app';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

// README "Addresses for the availability check": served, residential fiber.
const SERVED = { line1: '2211 Clark Ln', zip: '65202', city: 'Columbia' };

async function startSale(page: Page, lastName: string, cardNumber: string) {
  await signIn(page, 'sales', { open: '/staff/orders' });
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

  // A typo first: the answer offers the known address.
  await page.getByLabel('Street address').fill('2211 Clarke Ln');
  await page.getByLabel('City').fill(SERVED.city);
  await page.getByLabel('ZIP code').fill(SERVED.zip);
  await page.getByRole('button', { name: 'Check this address' }).click();
  await expect(page.getByText(/Did you mean 2211 Clark Ln/)).toBeVisible();
  await page.getByRole('button', { name: /^Use 2211 Clark Ln/ }).click();
  await expect(page.getByRole('heading', { name: 'Fiber is available' })).toBeVisible();
  await expect(page.getByText(/Service area: .*Columbia Residential Fiber/)).toBeVisible();
  await page.getByRole('button', { name: 'Choose packages for this address' }).click();

  // Saved in the server's cart first, then checked (prices come back from the server).
  await page.getByRole('radio', { name: /^Fiber 300/ }).click();
  await expect(page.getByRole('radio', { name: /^Fiber 300/ })).toBeChecked();
  await expect(page.getByRole('heading', { name: '4. Install, payment and terms' })).toBeVisible();

  // Nothing filled: each field says what it needs.
  await page.getByRole('button', { name: /^Place order and charge/ }).click();
  await expect(page.getByText('Please correct the fields marked below.')).toBeVisible();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Choose an install day.')).toBeVisible();
  await expect(page.getByText('Accept the terms of service to place the order.')).toBeVisible();

  await page.getByLabel('First name', { exact: true }).fill('Paula');
  await page.getByLabel('Last name', { exact: true }).fill(lastName);
  await page.getByLabel('Email', { exact: true }).fill(`paula.${lastName.toLowerCase()}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('(573) 555-0142');
  await page.getByLabel('Install day', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Install window', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Name on card', { exact: true }).fill(`Paula ${lastName}`);
  await page.getByLabel('Card number', { exact: true }).fill(cardNumber);
  await page.getByLabel('Expiry month', { exact: true }).fill('12');
  await page.getByLabel('Expiry year', { exact: true }).fill('2035');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  await page.getByLabel('The customer accepted the terms').check();
  // Every marked field is fixed: the alert that asked for it is gone too (it used to stay).
  await expect(page.getByText('Please correct the fields marked below.')).toHaveCount(0);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('sales places an order for a new customer with the test card', async ({ page }) => {
      const lastName = `Phoneorder${viewport.width}`;
      await startSale(page, lastName, '4242 4242 4242 4242');
      await screenshot(page, 'staff-new-order');
      // A double click places one order (one Idempotency-Key per attempt).
      await page.getByRole('button', { name: /^Place order and charge/ }).dblclick();

      await expect(page).toHaveURL(/\/staff\/orders\/\d+$/);
      const orderId = page.url().split('/').pop() ?? '';
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Order ${orderId}`) })).toBeVisible();
      await expect(page.getByText(`Paula ${lastName}`).first()).toBeVisible();
      const workOrders = page.getByRole('region', { name: 'Work orders' });
      await expect(workOrders.getByRole('row')).not.toHaveCount(0);
      await expect(workOrders).toContainText(/Install/);

      await page.goto(`/staff/orders?q=${lastName}`);
      const found = page.getByRole('region', { name: 'Orders' });
      await expect(found.getByRole('link', { name: `Order ${orderId}` })).toBeVisible();
      await expect(found.getByRole('link', { name: /^Order \d+$/ })).toHaveCount(1);
    });

    test('a declined card shows the gateway’s message and places nothing', async ({ page }) => {
      const lastName = `Declined${viewport.width}`;
      await startSale(page, lastName, '4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Place order and charge/ }).click();
      await expect(page.getByText(/The card was declined\./).first()).toBeVisible();
      await expect(page).toHaveURL(/\/staff\/orders\/new$/);
      await page.goto(`/staff/orders?q=${lastName}`);
      await expect(page.getByText('No order matches this search.')).toBeVisible();
    });
  });
}

test('a dispatcher has no access to the new order page', async ({ page }) => {
  await signIn(page, 'dispatcher', { open: '/staff/orders/new' });
  await expect(page.getByText('You do not have access to this.')).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveCount(0);
  await page.goto('/staff/orders');
  await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);
  await logOut(page);
});

test('sales places an order for an existing customer found by name', async ({ page }) => {
  await signIn(page, 'sales', { open: '/staff/orders/new' });
  await page.getByLabel('An existing customer').check();
  await page.getByLabel('Customer name or account number').fill('zzzz-nobody');
  await page.getByRole('button', { name: 'Find customer' }).click();
  await expect(page.getByText('No customer account matches “zzzz-nobody”.')).toBeVisible();
  await page.getByLabel('Customer name or account number').fill('Reyes');
  await page.getByRole('button', { name: 'Find customer' }).click();
  await page
    .getByRole('list', { name: 'Matching customers' })
    .getByRole('button', { name: /^Rhonda Reyes/ })
    .click();
  await expect(page.getByText(/^Ordering for Rhonda Reyes \(\d{4}-\d{4}-\d{4}\)$/)).toBeVisible();

  await page.getByLabel('Street address').fill(SERVED.line1);
  await page.getByLabel('City').fill(SERVED.city);
  await page.getByLabel('ZIP code').fill(SERVED.zip);
  await page.getByRole('button', { name: 'Check this address' }).click();
  await page.getByRole('button', { name: 'Choose packages for this address' }).click();
  await page.getByRole('radio', { name: /^Fiber 1 Gig/ }).click();
  await expect(page.getByRole('radio', { name: /^Fiber 1 Gig/ })).toBeChecked();
  await expect(page.getByLabel('First name', { exact: true })).toHaveCount(0);
  await page.getByLabel('Install day', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Install window', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Name on card', { exact: true }).fill('Rhonda Reyes');
  await page.getByLabel('Card number', { exact: true }).fill('5555 5555 5555 4444');
  await page.getByLabel('Expiry month', { exact: true }).fill('11');
  await page.getByLabel('Expiry year', { exact: true }).fill('2034');
  await page.getByLabel('Security code', { exact: true }).fill('321');
  await page.getByLabel('The customer accepted the terms').check();
  await page.getByRole('button', { name: /^Place order and charge/ }).click();
  await expect(page).toHaveURL(/\/staff\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Customer' })).toBeVisible();
  await expect(page.getByText('Rhonda Reyes').first()).toBeVisible();
});
