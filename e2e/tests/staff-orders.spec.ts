/**
 * Sales orders for staff (issue 13 part 2) as `sales`: find an order by searching a customer's name, open it, see
 * its customer, lines, work orders and trail, add a note; a dispatcher reads the order but cannot change it.
 */
import { expectEveryRow, logOut, signIn } from './support/app';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

test('sales finds an order by customer, opens it and adds a note', async ({ page }) => {
  await signIn(page, 'sales', { open: '/staff/orders' });
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByLabel('Customer, account number, address or order number').fill('Reyes');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=Reyes/);
  const table = page.getByRole('region', { name: 'Orders' });
  // The search's own list: every row is Rhonda Reyes's, not the unfiltered list it replaces.
  await expectEveryRow(table, 'Rhonda Reyes');
  const link = table.getByRole('link', { name: /^Order \d+$/ }).first();
  const name = (await link.textContent()) ?? '';
  await screenshot(page, 'staff-orders');
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer' })).toBeVisible();
  await expect(page.getByText('Rhonda Reyes').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lines' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();

  await page.getByLabel('Add a note').fill('Called the customer about the install window.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText(
    'Called the customer about the install window.',
  );
  await expect(page.getByRole('list', { name: 'Audit trail' })).toContainText('Sofia Salazar');
  await screenshot(page, 'staff-order');

  // Nothing matches: the empty state says so.
  await page.goto('/staff/orders?q=zzzz-nobody');
  await expect(page.getByText('No order matches this search.')).toBeVisible();

  // A dispatcher reads the same order, without the forms.
  const url = page.url();
  await logOut(page);
  await signIn(page, 'dispatcher', { open: '/staff/orders?q=Reyes' });
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Called the customer');
  await expect(page.getByLabel('Add a note')).toHaveCount(0);
  expect(url).toContain('/staff/orders');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('360 px: search by order status and open an order', async ({ page }) => {
    await signIn(page, 'sales', { open: '/staff/orders' });
    await page.getByLabel('Status').selectOption({ label: 'Installed' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/status=installed/);
    const results = page.getByRole('region', { name: 'Orders' });
    // Wait for the search's own list (every row Installed), not the unfiltered one it replaces.
    await expectEveryRow(results, 'Installed');
    await results
      .getByRole('link', { name: /^Order \d+$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Installed');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(page, 'staff-order-phone');
  });
});

test('sales cancels a placed order on the customer’s behalf: refunded, its work cancelled', async ({ page }) => {
  await signIn(page, 'sales', { open: '/staff/orders?q=301%20Orchard%20Crest' });
  await page
    .getByRole('region', { name: 'Orders' })
    .getByRole('link', { name: /^Order \d+$/ })
    .first()
    .click();
  const cancel = page.getByRole('region', { name: 'Cancel the order' });
  await expect(cancel).toContainText('$99.00 paid is refunded');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancel.getByLabel('Reason')).toHaveAccessibleDescription('Say why the order is cancelled.');
  await cancel.getByLabel('Reason').fill('The customer called: moving out of state.');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cancelled');
  await expect(page.getByRole('list', { name: 'Audit trail' })).toContainText(/refund/i);
  await expect(page.getByRole('region', { name: 'Cancel the order' })).toHaveCount(0);
});

test('sales finds an order by status and dates and moves it forward; the trail names who', async ({ page }) => {
  await signIn(page, 'sales', { open: '/staff/orders' });
  const search = page.getByRole('form', { name: 'Search orders' });
  await search.getByLabel('Status').selectOption({ label: 'Survey done' });
  // A range that ends before it starts is refused on the form, naming the field.
  await search.getByLabel('Placed from').fill('2025-03-05');
  await search.getByLabel('Placed to').fill('2025-03-01');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    search.locator('.field__error', { hasText: 'Placed to must be on or after Placed from.' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/status=/);
  await search.getByLabel('Placed from').fill('2020-01-01');
  await search.getByLabel('Placed to').fill(new Date().toISOString().slice(0, 10));
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/status=survey_done/);
  await expect(page).toHaveURL(/from=2020-01-01/);
  const results = page.getByRole('region', { name: 'Orders' });
  // The list is the search's: every row is a Survey done order.
  await expectEveryRow(results, 'Survey done');
  const link = results.getByRole('link', { name: /^Order \d+$/ }).first();
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${name}\\b`) })).toContainText('Survey done');
  const status = page.getByRole('region', { name: 'Status' });
  // Installed is the install work order's to reach (or an admin's override): sales are not offered it (issue 25, 5).
  await expect(status.getByLabel('Move to').locator('option', { hasText: /^Installed$/ })).toHaveCount(0);
  await status.getByLabel('Move to').selectOption({ label: 'Drop built' });
  await status.getByLabel('Reason (optional)').fill('The drop was built ahead of the report.');
  await status.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Drop built');
  const trail = page.getByRole('list', { name: 'Audit trail' });
  await expect(trail).toContainText('Sofia Salazar');
  await expect(trail).toContainText(/Drop built/);
  // Forward only: what it was is no longer offered.
  await expect(
    status.getByLabel('Move to').locator('option', { hasText: /^(Placed|Survey done|Drop built)$/ }),
  ).toHaveCount(0);
  await screenshot(page, 'staff-order-moved');
});
