/**
 * Issue 12: sales staff review what ordering leaves for people on /staff/addresses, on the demo data (README "Staff
 * review of addresses and areas"): at 360 px, confirm the temporary location at 4100 Prairie View Rd (its waiting
 * lead is mailed that fiber is available) and reject 77 Quarry Ridge Ct with a reason (its lead is told why), until
 * nothing waits; at desktop size, make the Ashland construction area available and find the waiting lead's "Fiber is
 * now available at …" mail in the outbox; a dispatcher is refused the page.
 */
import type { Page } from '@playwright/test';
import { signIn } from './support/app';
import { expectNoSideways } from './support/customer';
import { outboxMails } from './support/outbox';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

const PRAIRIE = '4100 Prairie View Rd';
const QUARRY = '77 Quarry Ridge Ct';

/** The mail to `email` whose text says `phrase` (long subjects are folded, so the text is searched). */
async function mailTo(email: string, phrase: string) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      found = (await outboxMails()).find((m) => m.to.includes(email) && m.text.includes(phrase));
      return found !== undefined;
    })
    .toBe(true);
  return found as { subject: string; text: string };
}

async function openReview(page: Page) {
  await signIn(page, 'sales', { open: '/staff/orders' });
  await page.getByRole('link', { name: 'Addresses to confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses to confirm' })).toBeVisible();
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('sales confirms one temporary location and rejects the other', async ({ page }) => {
    await openReview(page);
    const temps = page.getByRole('list', { name: 'Temporary locations' });
    const prairie = temps.getByRole('article', { name: new RegExp(PRAIRIE) });
    await expect(prairie).toContainText('1 lead waiting to be told');
    await expectNoSideways(page);
    await screenshot(page, 'staff-address-review-360');

    // The confirm form is prefilled from the request; a bad position names the field.
    await prairie.getByRole('button', { name: 'Confirm address' }).click();
    const confirm = page.getByRole('form', { name: new RegExp(`Confirm ${PRAIRIE}`) });
    await expect(confirm.getByLabel('Street address')).toHaveValue(PRAIRIE);
    await expect(confirm.getByLabel('ZIP code')).toHaveValue('65202');
    const button = confirm.getByRole('button', { name: 'Confirm this address' });
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await confirm.getByLabel('Latitude').fill('123');
    await button.click();
    await expect(confirm.getByText('Latitude must be a number from -90 to 90.')).toBeVisible();
    await confirm.getByLabel('Latitude').fill('38.9662');
    await expectNoSideways(page);
    await button.click();
    await expect(page.getByRole('status').filter({ hasText: /1 lead/ })).toBeVisible();
    await expect(temps.getByRole('article', { name: new RegExp(PRAIRIE) })).toHaveCount(0);
    const told = await mailTo('prairie.view@example.com', 'Fiber is now available at 4100 Prairie View Rd');
    // The lead's email was never verified: the mail carries nothing the visitor typed (their name).
    expect(told.text).toContain('Hello,');
    expect(told.text).not.toContain('Pat Prairie');

    // Reject the other: the reason is required, then a confirmation.
    const quarry = temps.getByRole('article', { name: new RegExp(QUARRY) });
    await quarry.getByRole('button', { name: 'Reject address' }).click();
    const reject = page.getByRole('form', { name: new RegExp(`Reject ${QUARRY}`) });
    await reject.getByRole('button', { name: 'Reject this address' }).click();
    await expect(reject.getByText('Say why, in 3 to 500 characters (the customer reads it).')).toBeVisible();
    const reason = 'There is no such street in Boone County; please check the address.';
    await reject.getByLabel('Reason (the customer reads it)').fill(reason);
    await reject.getByRole('button', { name: 'Reject this address' }).click();
    const question = page.getByRole('alertdialog', { name: new RegExp(`^Reject ${QUARRY}, .*\\?`) });
    await expect(question).toContainText('is told why');
    await question.getByRole('button', { name: 'Yes, reject it' }).click();
    await expect(page.getByText('No addresses wait for confirmation.')).toBeVisible();
    const why = await mailTo('quarry.ridge@example.com', 'could not confirm it');
    expect(why.text).toContain(reason);
    // Nothing the visitor typed (the address as typed) goes to their unverified email.
    expect(`${why.subject}\n${why.text}`).not.toContain(QUARRY);
    await expectNoSideways(page);
    await screenshot(page, 'staff-address-review-done-360');
  });
});

test('sales makes the Ashland area available and its waiting lead is mailed', async ({ page }) => {
  await openReview(page);
  const ashland = page
    .getByRole('list', { name: 'Service areas' })
    .getByRole('article', { name: /Ashland Fiber Construction/ });
  await expect(ashland).toContainText('Under construction (coming soon)');
  // The demo's Henry Clay Blvd lead, and one that checked an Ashland address earlier (availability-checks.ts).
  await expect(ashland).toContainText(/(\d+) leads? waits? inside it to be told\./);
  const waiting = Number(/(\d+) leads? wait/.exec((await ashland.textContent()) ?? '')?.[1]);
  expect(waiting).toBeGreaterThanOrEqual(1);
  await ashland.getByLabel('Status of Ashland Fiber Construction').selectOption('fiber');
  await ashland.getByRole('button', { name: 'Change status' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(
    `${waiting} waiting lead${waiting === 1 ? '' : 's'} will be mailed that fiber is available.`,
  );
  await screenshot(page, 'staff-address-area-confirm');
  await question.getByRole('button', { name: 'Yes, change it' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Ashland Fiber Construction is now/ })).toContainText(
    /\d+ waiting leads? told fiber is available/,
  );
  await expect(ashland).toContainText('Residential fiber (available)');
  await expect(ashland).toContainText('No leads wait inside it.');
  const mail = await mailTo('henry.clay@example.com', 'Fiber is now available at 412 Henry Clay Blvd');
  expect(mail.text).toContain('Hello,');
  expect(mail.text).not.toContain('Hank Clay');
});

test('a dispatcher does not get the page', async ({ page }) => {
  await signIn(page, 'dispatcher', { open: '/staff/addresses' });
  await expect(page.getByText('You do not have access to this.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Temporary locations' })).toHaveCount(0);
  await page.goto('/staff/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Addresses to confirm' })).toHaveCount(0);
});

test.describe('the order page at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the packages and money fit their box without scrolling sideways', async ({ page }) => {
    await signIn(page, 'orders', { open: '/orders' });
    await page
      .locator('.order-card')
      .filter({ hasText: '301 Orchard Crest Dr' })
      .getByRole('link', { name: /^Follow order #\d+$/ })
      .click();
    const money = page.getByRole('region', { name: /^Packages of order \d+$/ });
    await expect(money).toContainText('a month');
    const fits = await money.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await expectNoSideways(page);
  });
});
