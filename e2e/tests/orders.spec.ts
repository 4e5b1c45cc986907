/**
 * Orders (issue 12) in the browser: the customer follows an order's timeline and cancels a placed order (refunded);
 * a contractor completes the construction and splicing checklists of a demo order, the installer ties an ONT and
 * completes the install, and the customer sees the package active and the first invoice. Desktop and 360 px.
 */
import { expect, type Page } from '@playwright/test';
import { logOut, signIn } from './support/app';
import { axeFindings } from './support/axe';
import { expectSaved, openChecklist, saveChecklist, signInContractor } from './support/contractor';
import { expectNoSideways, goToBillingCenter } from './support/customer';
import { fillInstallChecklist, openWorkOrder, signInInstaller } from './support/installer';
import { screenshot } from './support/review';
import { test } from './support/spec-server';

const CUSTOMER = 'orders';
const PLACED = '301 Orchard Crest Dr';
const SURVEY_DONE = '305 Orchard Crest Dr';

/** The order card of an address on /orders, and its link. */
function orderCard(page: Page, address: string) {
  return page.locator('.order-card').filter({ hasText: address });
}

/** axe-core finds nothing on the page (as accessibility.spec.ts checks the portal's other pages). */
async function expectAccessible(page: Page) {
  expect(await axeFindings(page)).toEqual([]);
}

async function openOrder(page: Page, address: string): Promise<number> {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const card = orderCard(page, address);
  await card.getByRole('link', { name: /^Follow order #\d+$/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  return Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
}

test('the customer follows an order’s timeline and cancels a placed order, refunded', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, CUSTOMER, { open: '/services' });
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.locator('.order-card')).toHaveCount(5);
  await expect(orderCard(page, PLACED)).toContainText('Placed');
  await expect(orderCard(page, '317 Orchard Crest Dr')).toContainText('Cancelled');
  await expect(orderCard(page, '313 Orchard Crest Dr')).toContainText('Installed');

  await openOrder(page, '309 Orchard Crest Dr');
  await expect(page.getByText('Drop built', { exact: true })).toBeVisible();
  const timeline = page.locator('.order-timeline');
  await expect(timeline).toContainText('Site survey done.');
  await expect(timeline).toContainText('Drop buried.');
  await expect(page.locator('.order-work')).toContainText('Site survey: done');
  await expect(page.locator('.order-work')).toContainText(/Splicing: (scheduled for|planned by)/);
  await expect(page.locator('.order-work')).toContainText('Install: waits for the step before it');
  await screenshot(page, 'customer-order-drop-built');
  await expectAccessible(page);

  const orderId = await openOrder(page, PLACED);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await page.getByRole('button', { name: `Cancel order #${orderId}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order #${orderId}?` });
  await expect(dialog).toContainText('$99.00 paid with the order will be refunded');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Cancel order #${orderId}` }).click();
  await dialog.getByLabel('Why are you cancelling? (optional)').fill('Found a better day to move in');
  await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(
    page.getByText(`Order #${orderId} is cancelled. $99.00 was refunded to the card it was paid with.`),
  ).toBeVisible();
  await expect(page.locator('.order-timeline')).toContainText('Order cancelled: Found a better day to move in');
  await expect(page.locator('.order-timeline')).toContainText('Refunded $99.00 to the card it was paid with.');
  await expect(page.locator('.order-facts')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: `Cancel order #${orderId}` })).toHaveCount(0);
  await expect(page.locator('.order-work')).toContainText('Site survey: cancelled');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.locator('.order-timeline')).toContainText('Refunded $99.00');
  await expectNoSideways(page);
  await screenshot(page, 'customer-order-cancelled-360');
  await page.goto('/orders');
  await expect(page.locator('.order-card')).toHaveCount(5);
  await expectNoSideways(page);
  await screenshot(page, 'customer-orders-360');
});

test('a contractor builds and splices, the installer installs, and the customer sees the package and the first invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // The order's work orders, as the customer's order page lists them.
  const login = await request.post('/api/auth/login', { data: { username: CUSTOMER, password: 'demo-password' } });
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const orders = (await (await request.get('/api/customer/orders', { headers: auth })).json()) as {
    orderId: number;
    fullAddress: string;
  }[];
  const orderId = orders.find((o) => o.fullAddress.startsWith(SURVEY_DONE))?.orderId ?? 0;
  const detail = (await (await request.get(`/api/customer/orders/${orderId}`, { headers: auth })).json()) as {
    workOrders: { WOId: number; type: string; status: string }[];
  };
  const idOf = (type: RegExp) => detail.workOrders.find((w) => type.test(w.type))?.WOId ?? 0;
  const [construction, splicing, install] = [idOf(/Construction/), idOf(/Splicing/), idOf(/Install/)];

  // The splicing waits: its checklist says so.
  await signInContractor(page, { open: false });
  const waiting = await openChecklist(page, splicing);
  await waiting.getByLabel('Complete Work Order?').check();
  await saveChecklist(page, waiting, 'Yes');
  await expect(
    waiting.getByText(`This work order is waiting for work order #${construction} to be complete`),
  ).toBeVisible();

  const build = await openChecklist(page, construction);
  await build.getByLabel('Drop type').selectOption({ label: 'Buried Drop' });
  await build.getByLabel('Locate complete').fill('2025-03-01');
  await build.getByLabel('Drop bury start').fill('2025-03-03');
  await build.getByLabel('Complete Work Order?').check();
  await saveChecklist(page, build, 'Yes');
  await expectSaved(page, build);

  const splice = await openChecklist(page, splicing);
  await splice.getByLabel('Hand hole address').fill('HH-CLM-4401');
  await splice.getByLabel('Complete Work Order?').check();
  await saveChecklist(page, splice, 'Yes');
  await expectSaved(page, splice);
  await logOut(page);

  // The dispatcher gives the install to Ian Ingram (only the assigned installer fills its checklist).
  const staff = await request.post('/api/auth/login', { data: { username: 'dispatcher', password: 'demo-password' } });
  const staffToken = ((await staff.json()) as { token: string }).token;
  const assigned = await request.post('/api/staff/dispatch/assign', {
    headers: { Authorization: `Bearer ${staffToken}`, 'Idempotency-Key': `orders-spec-${install}` },
    data: {
      workOrderIds: [install],
      resourceId: 'installer:5',
      start: '2027-06-07T14:00:00.000Z',
      durationMinutes: 120,
    },
  });
  expect(assigned.status()).toBe(200);

  // The installer mounts an ONT from the truck at the location, then completes the install.
  await signInInstaller(page, { open: `/search/${install}/serviceLocation` });
  await page.getByRole('button', { name: 'Add an asset' }).click();
  await page.getByLabel('Asset ID').fill('ONT-STK-0001');
  await page.getByRole('button', { name: 'Add to this location' }).click();
  await expect(page.getByText('ONT-STK-0001 is now tied to this location.')).toBeVisible();
  await openWorkOrder(page, install);
  await page.goto(`/search/${install}/checkList`);
  await fillInstallChecklist(page);
  await page.getByRole('button', { name: 'Complete install' }).click();
  const question = page.getByRole('alertdialog', { name: 'Are you sure all assets are moved properly?' });
  await question.getByRole('button', { name: 'Yes, complete the install' }).click();
  await expect(page.getByText(/^Complete ·/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete install' })).toHaveCount(0);
  await logOut(page);

  // The customer: the order installed, the package active on /services, the first invoice in the Billing Center.
  await signIn(page, CUSTOMER, { open: `/orders/${orderId}` });
  const timeline = page.locator('.order-timeline');
  await expect(timeline).toContainText('Drop buried.');
  await expect(timeline).toContainText('Spliced.');
  await expect(timeline).toContainText('Install scheduled for');
  await expect(timeline).toContainText('Installed.');
  await expect(timeline).toContainText('ONT ONT-STK-0001');
  const invoiceLine = page.getByText(/Your first invoice \(#\d+\) is in the/);
  await expect(invoiceLine).toBeVisible();
  const invoiceId = /#(\d+)/.exec((await invoiceLine.textContent()) ?? '')?.[1];
  await screenshot(page, 'customer-order-installed');

  await page.goto('/services');
  const location = page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: new RegExp(SURVEY_DONE) }) });
  await expect(location.locator('.service-row').filter({ hasText: 'Fiber 1 Gig Internet' })).toContainText('Active');
  await goToBillingCenter(page);
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Invoice #${invoiceId},`) })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await goToBillingCenter(page);
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Invoice #${invoiceId},`) })).toBeVisible();
  await expectNoSideways(page);
  await page.goto(`/orders/${orderId}`);
  await expect(page.locator('.order-timeline')).toContainText('Installed.');
  await expectNoSideways(page);
  await screenshot(page, 'customer-order-installed-360');
});

test('the customer changes packages from Services: at once without a visit, with an ONT upgrade visit for 2 Gig', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const INSTALLED = '313 Orchard Crest Dr';
  await signIn(page, CUSTOMER, { open: '/services' });
  const location = page.locator('article').filter({ has: page.getByRole('heading', { name: new RegExp(INSTALLED) }) });
  await location.getByRole('link', { name: 'Change packages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change packages' })).toBeVisible();
  await expect(page.getByText(/Your ONT: .*up to 1 Gbps/)).toBeVisible();
  await page.getByRole('button', { name: 'Change packages' }).click();
  await expect(page.getByText('Choose a package to add or remove.').first()).toBeVisible();

  await page.getByLabel(/^Streaming TV Basic/).check();
  await expect(page.getByText('No visit needed: the change starts today')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Change packages' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.locator('.order-facts')).toContainText('Installed');
  await expect(page.locator('.order-timeline')).toContainText('Changed at once: no visit needed.');
  await expect(page.getByText(/Your first invoice \(#\d+\) is in the/)).toBeVisible();

  await page.goto('/services');
  await location.getByRole('link', { name: 'Change packages' }).click();
  await page.getByLabel(/^Fiber 2 Gig Internet/).check();
  await page.getByLabel('Remove Fiber 1 Gig Internet ($75.00 a month)').check();
  await expect(page.getByText('Fiber 2 Gig Internet needs a 10G ONT')).toBeVisible();
  await page.getByRole('button', { name: 'Book the visit and place the change' }).click();
  await expect(page.getByText('Choose a day.')).toBeVisible();
  await page.getByLabel('Day').selectOption({ index: 1 });
  await page.getByLabel('Window').selectOption('12:00-17:00');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSideways(page);
  await screenshot(page, 'customer-change-packages-360');
  await page.getByRole('button', { name: 'Book the visit and place the change' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.locator('.order-timeline')).toContainText(/ONT upgrade visit scheduled for .*, 12:00-17:00\./);
  await expect(page.locator('.order-work')).toContainText('Install: planned by');
  await expectNoSideways(page);

  // One order at a time per location: the change page says so and links the order in progress.
  await page.goto('/services');
  await location.getByRole('link', { name: 'Change packages' }).click();
  await expect(page.getByText(/is still in progress/)).toBeVisible();
});
