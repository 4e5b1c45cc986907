/**
 * Phone sales change a customer's packages (issue 12 step 7) as `sales`, at 360 px: from the installed demo order of
 * the `orders` customer, "Change packages" books the ONT upgrade visit that 2 Gig needs; the staff order page shows
 * the upgrade work order, and the customer then sees the change among their orders. A dispatcher gets no form.
 */
import { logOut, signIn } from './support/app';
import { axeFindings } from './support/axe';
import { expectNoSideways } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

const INSTALLED = '313 Orchard Crest Dr';

test.use({ viewport: { width: 360, height: 740 } });

test('sales change a customer’s packages on the phone; the customer sees the change', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'sales', { open: false });
  await page.goto(`/staff/orders?q=${encodeURIComponent(INSTALLED)}`);
  const found = page.getByRole('region', { name: 'Orders' });
  await found
    .getByRole('link', { name: /^Order \d+$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Customer' })).toBeVisible();
  await page.getByRole('link', { name: 'Change packages' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Change packages' })).toBeVisible();
  await expect(page.getByText(/^On behalf of .+ \(\d{4}-\d{4}-\d{4}\)\.$/)).toBeVisible();
  await expect(page.getByText(/The ONT: .*up to 1 Gbps/)).toBeVisible();
  // Nothing chosen: the form says what it needs; fixing it clears the alert.
  await page.getByRole('button', { name: 'Change packages' }).click();
  await expect(page.getByText('Choose a package to add or remove.').first()).toBeVisible();
  await page.getByLabel(/^Fiber 2 Gig Internet/).check();
  await page.getByLabel('Remove Fiber 1 Gig Internet ($75.00 a month)').check();
  await expect(page.getByText('Please correct the fields marked below.')).toHaveCount(0);
  await expect(page.getByText('Fiber 2 Gig Internet needs a 10G ONT')).toBeVisible();
  await page.getByRole('button', { name: 'Book the visit and place the change' }).click();
  await expect(page.getByText('Choose a day.')).toBeVisible();
  await page.getByLabel('Day').selectOption({ index: 1 });
  await page.getByLabel('Window').selectOption('08:00-12:00');
  await expectNoSideways(page);
  expect(await axeFindings(page)).toEqual([]);
  await screenshot(page, 'customer-staff-change-packages-360');
  await page.getByRole('button', { name: 'Book the visit and place the change' }).dblclick();

  // The staff order page of the change: its lines and the ONT upgrade visit.
  await expect(page).toHaveURL(/\/staff\/orders\/\d+$/);
  const orderId = page.url().split('/').pop() ?? '';
  await expect(page.getByText(/^Change of service for /)).toBeVisible();
  const workOrders = page.getByRole('region', { name: 'Work orders' });
  await expect(workOrders.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Audit trail' })).toContainText('ONT upgrade visit scheduled');
  await expectNoSideways(page);

  // One change at a time: the location's change page now points at this order.
  await page.getByRole('link', { name: 'Change packages' }).click();
  await expect(page.getByText(/is still in progress/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the order' })).toHaveAttribute('href', `/staff/orders/${orderId}`);
  await logOut(page);

  // The customer sees the change among their orders, with its visit.
  await signIn(page, 'orders', { open: `/orders/${orderId}` });
  await expect(page.locator('.order-timeline')).toContainText(/ONT upgrade visit scheduled for .*, 08:00-12:00\./);
  await logOut(page);

  // A dispatcher reads orders but gets no change form.
  await signIn(page, 'dispatcher', { open: `/staff/orders/${orderId}` });
  await expect(page.getByRole('heading', { name: 'Customer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change packages' })).toHaveCount(0);
});
