/**
 * Issue 12's whole loop, through the UI only, on a phone-size screen: an anonymous visitor opens /order from the
 * sign-in page, checks a served address, orders Fiber 1 Gig with the test card as a new customer (the email code read
 * from the outbox, as the other specs read mail) and picks an install window; the dispatcher assigns the new order's
 * construction work to a contractor crew and its install to an installer on /staff/dispatch; the contractor completes
 * the site survey, drop construction and splicing checklists; the installer ties an ONT to the location and completes
 * the install; the new customer signs in and sees the package active on /services, the first (prorated) invoice in
 * the Billing Center and the order's timeline on /orders.
 */
import type { Locator, Page } from '@playwright/test';
import { formatCents, proratedCents } from '@strand/domain';
import { logOut, newestOrderCode, openMenuIfCollapsed, signIn } from './support/app';
import { saveChecklist, signInContractor } from './support/contractor';
import { expectNoSideways, openSection } from './support/customer';
import { fillInstallChecklist, signInInstaller } from './support/installer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 360, height: 740 }, timezoneId: 'America/Chicago' });

/** README "Addresses for the availability check": a served address without a drop. */
const SERVED = { line1: '2211 Clark Ln', zip: '65202', city: 'Columbia' };
/** Prairie Fiber Builders, the company of the demo `contractor` (DEMO-DATA.md). */
const CREW = 'Prairie Fiber Builders';
/** An ONT on the installer's truck (demo data), not yet at any location. */
const ONT = 'ONT-STK-0001';

async function orderAsNewCustomer(page: Page, who: { last: string; email: string; username: string }) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Check availability / Order service' }).click();
  await expect(page.getByRole('heading', { name: 'Check availability and order service' })).toBeVisible();
  await page.getByLabel('Street address').fill(SERVED.line1);
  await page.getByLabel('City').fill(SERVED.city);
  await page.getByLabel('ZIP code').fill(SERVED.zip);
  await page.getByRole('button', { name: 'Check this address' }).click();
  await expect(page.getByRole('heading', { name: 'Fiber is available' })).toBeVisible();
  await page.getByLabel(/^Fiber 1 Gig Internet/).click();
  await expect(page.getByLabel(/^Fiber 1 Gig Internet/)).toBeChecked();

  await page.getByLabel('Install day', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Install window', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('First name', { exact: true }).fill('Lena');
  await page.getByLabel('Last name', { exact: true }).fill(who.last);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByRole('button', { name: 'Email me a verification code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We emailed a 6-digit code to ${who.email}` })).toBeVisible();
  let code: string | null = null;
  await expect.poll(async () => (code = await newestOrderCode(who.email)), { timeout: 10_000 }).not.toBeNull();
  await page.getByLabel('Verification code', { exact: true }).fill(code ?? '');
  await page.getByLabel('Phone', { exact: true }).fill('(573) 555-0142');
  await page.getByLabel('Username', { exact: true }).fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Name on card', { exact: true }).fill(`Lena ${who.last}`);
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month', { exact: true }).fill('12');
  await page.getByLabel('Expiry year', { exact: true }).fill('2035');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  await page.getByLabel(/I accept the terms of service/).check();
  await page.getByRole('button', { name: /Place order and pay \$174\.00/ }).click();
  const placed = page.getByRole('heading', { name: /^Order \d+ is placed$/ });
  await expect(placed).toBeVisible({ timeout: 15_000 });
  await expectNoSideways(page);
  await screenshot(page, 'customer-loop-1-placed-360');
  return Number(/Order (\d+)/.exec((await placed.textContent()) ?? '')?.[1]);
}

/** The dispatcher's list item of the order's work order of a type. */
async function workOrderIdOf(list: Locator, type: string): Promise<number> {
  const item = list.locator('.dispatch-item').filter({ hasText: type });
  await expect(item).toHaveCount(1);
  return Number(await item.getAttribute('data-work-order-id'));
}

async function chooseResource(dialog: Locator, name: string) {
  const select = dialog.getByLabel('Installer or crew');
  const label = (await select.locator('option').allTextContents()).find((t) => t.startsWith(name));
  if (!label) throw new Error(`no resource ${name} on the board`);
  await select.selectOption({ label });
  // Assign only: the crew and the installer plan their own visits.
  await dialog.getByLabel('Date').fill('');
  await dialog.getByLabel('Start time').fill('');
}

/** The contractor finds a work order by its id (Work Orders, search) and completes its checklist. */
async function completeChecklist(page: Page, workOrderId: number, fill: (modal: Locator) => Promise<void>) {
  await openMenuIfCollapsed(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work Orders' }).click();
  const form = page.getByRole('form', { name: 'Search work orders' });
  if (!(await form.isVisible())) await page.getByText('Search work orders', { exact: true }).click();
  await form.getByLabel('Work Order ID').fill(String(workOrderId));
  if (await form.getByLabel('Assigned to you').isChecked()) await form.getByLabel('Assigned to you').uncheck();
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Open the checklist of work order ${workOrderId}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Work order #${workOrderId}`) });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Loading…')).toBeHidden();
  await fill(modal);
  await modal.getByLabel('Complete Work Order?').check();
  await saveChecklist(page, modal, 'Yes');
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(modal).toBeHidden();
}

const PASSWORD = 'fiber-at-last-2026';

test('a visitor orders at a bare address, the work is dispatched and done, and the new customer is billed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const last = `Loop${stamp}`;
  const who = { last, email: `lena.${stamp}@example.com`, username: `lena-${stamp}` };

  // 1. The visitor orders.
  const orderId = await orderAsNewCustomer(page, who);
  expect(orderId).toBeGreaterThan(0);

  // 2. The dispatcher finds the order's work by the customer's name and assigns it.
  await signIn(page, 'dispatcher', { open: '/staff/dispatch' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();
  await page.getByLabel('Find in the list').fill(last);
  const list = page.locator('.dispatch-list');
  await expect(list.locator('.dispatch-item')).toHaveCount(4);
  const survey = await workOrderIdOf(list, 'Site Survey');
  const construction = await workOrderIdOf(list, 'Drop Construction');
  const splicing = await workOrderIdOf(list, 'Splicing');
  const install = await workOrderIdOf(list, 'Fiber Install');
  await expect(list.locator(`[data-work-order-id="${construction}"]`)).toContainText(`Waits for #${survey}`);
  for (const id of [survey, construction, splicing]) {
    await list.locator(`[data-work-order-id="${id}"]`).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Assign selected…' }).click();
  const bulk = page.getByRole('dialog', { name: 'Assign 3 work orders' });
  await chooseResource(bulk, CREW);
  await bulk.getByRole('button', { name: 'Assign' }).click();
  await expect(bulk).toHaveCount(0);
  await expect(page.locator('.dispatch-page .alert')).toContainText(`3 work orders assigned for ${CREW}`);
  await page.getByRole('button', { name: `Assign work order ${install}` }).click();
  const one = page.getByRole('dialog', { name: `Assign work order ${install}` });
  await chooseResource(one, 'Ian Ingram');
  await one.getByRole('button', { name: 'Assign' }).click();
  await expect(page.locator('.dispatch-page .alert')).toContainText(`Work order ${install} assigned for Ian Ingram`);
  await expectNoSideways(page);
  await screenshot(page, 'customer-loop-2-dispatched-360');
  await logOut(page);

  // 3. The contractor crew surveys, builds the drop and splices.
  await signInContractor(page);
  await completeChecklist(page, survey, async (modal) => {
    await modal.getByLabel('Septic system').selectOption({ label: 'No' });
    await modal.getByLabel('ONT placement').selectOption('Indoor');
  });
  await completeChecklist(page, construction, async (modal) => {
    await modal.getByLabel('Drop type').selectOption({ label: 'Buried Drop' });
    await modal.getByLabel('Locate complete').fill('2025-03-01');
    await modal.getByLabel('Drop bury start').fill('2025-03-03');
  });
  await completeChecklist(page, splicing, async (modal) => {
    await modal.getByLabel('Hand hole address').fill('HH-CLM-2211');
  });
  await screenshot(page, 'customer-loop-3-spliced-360');
  await logOut(page);

  // 4. The installer finds the install under Assigned to Me, ties an ONT to the location and completes the install.
  await signInInstaller(page);
  await page
    .getByRole('link', { name: new RegExp(`#${install}\\b`) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Work Order #${install}` })).toBeVisible();
  await page.getByRole('navigation', { name: 'Work order' }).getByRole('link', { name: 'Service Location' }).click();
  await page.getByRole('button', { name: 'Add an asset' }).click();
  await page.getByLabel('Asset ID').fill(ONT);
  await page.getByRole('button', { name: 'Add to this location' }).click();
  await expect(page.getByText(`${ONT} is now tied to this location.`)).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: `Work Order #${install}` })).toBeVisible();
  await page.getByRole('navigation', { name: 'Work order' }).getByRole('link', { name: 'Checklist' }).click();
  await fillInstallChecklist(page);
  await page.getByRole('button', { name: 'Complete install' }).click();
  const question = page.getByRole('alertdialog', { name: 'Are you sure all assets are moved properly?' });
  await question.getByRole('button', { name: 'Yes, complete the install' }).click();
  await expect(page.getByText(/^Complete ·/)).toBeVisible();
  await screenshot(page, 'customer-loop-4-installed-360');
  await logOut(page);

  // 5. The new customer: the package active, the first invoice, the order's timeline.
  await signIn(page, who.username, { password: PASSWORD });
  await openMenuIfCollapsed(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  const location = page.locator('article').filter({ has: page.getByRole('heading', { name: /2211 Clark Ln/ }) });
  await expect(location.locator('.service-row').filter({ hasText: 'Fiber 1 Gig Internet' })).toContainText('Active');
  await expectNoSideways(page);
  await screenshot(page, 'customer-loop-5-services-360');

  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await page.getByRole('link', { name: `Follow order #${orderId}` }).click();
  const timeline = page.locator('.order-timeline');
  for (const step of ['Site survey done.', 'Drop buried.', 'Spliced.', 'Install scheduled for', 'Installed.']) {
    await expect(timeline).toContainText(step);
  }
  await expect(timeline).toContainText(ONT);
  const invoiceLine = page.getByText(/Your first invoice \(#\d+\) is in the/);
  await expect(invoiceLine).toBeVisible();
  const invoiceId = /#(\d+)/.exec((await invoiceLine.textContent()) ?? '')?.[1];
  await expectNoSideways(page);
  await screenshot(page, 'customer-loop-6-order-360');

  // The invoice is paid by what the order charged, so it is not an open bill: the History lists it.
  await invoiceLine.getByRole('link', { name: 'Billing Center' }).click();
  await openSection(page, 'Billing Center', 'History');
  const invoice = page
    .getByRole('list', { name: 'Invoices' })
    .getByRole('listitem')
    .filter({ hasText: `Invoice #${invoiceId}` });
  await expect(invoice).toBeVisible();
  await invoice.scrollIntoViewIfNeeded();
  await expectNoSideways(page);
  await screenshot(page, 'customer-loop-7-bill-360');

  // The order charged a full month; the first invoice bills it prorated from today: the rest is a credit on account,
  // shown with the bills and applied to the next bill.
  const creditCents = 7_500 - proratedCents(7_500, new Date().toISOString().slice(0, 10));
  await openSection(page, 'Billing Center', 'Bills');
  await expect(page.getByRole('heading', { name: 'Bills' })).toBeVisible();
  const credit = page.getByText(/^Credit on account: /);
  if (creditCents > 0) {
    await expect(credit).toHaveText(`Credit on account: ${formatCents(creditCents)} — applied to your next bill.`);
  } else {
    await expect(credit).toHaveCount(0);
  }
  await expectNoSideways(page);
});
