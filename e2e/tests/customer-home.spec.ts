/** The customer home (issue 28): what a customer came for, on a phone, from one sign-in. */
import { expectNavLinks, openMenuIfCollapsed, signIn } from './support/app';
import { expectNoSideways } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 390, height: 844 } });

test('Rhonda lands on her home: balance and Pay, autopay, her service, today’s install, her ticket, the notice', async ({
  page,
}) => {
  await signIn(page, 'residential');

  await test.step('the home is the landing page and the first link', async () => {
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expectNavLinks(page, ['Home', 'Account Info', 'Services', 'Billing Center']);
  });

  const bill = page.getByRole('region', { name: 'Your bill' });
  await test.step('the bill: balance, past due, next due date, autopay off', async () => {
    await expect(bill.getByText(/^\$\d[\d,]*\.\d\d$/)).toBeVisible();
    await expect(bill.getByText(/is past due\. Please pay now\./)).toBeVisible();
    await expect(bill.getByText(/^Next due: \$[\d,.]+ on \w{3} \d{1,2}, \d{4}$|^Nothing is due\.$/)).toBeVisible();
    await expect(bill.getByText('Autopay is off.')).toBeVisible();
  });

  await test.step('service, the next visit, open tickets and notices read right for Rhonda', async () => {
    const service = page.getByRole('region', { name: 'Your service' });
    await expect(service.getByText('In service')).toBeVisible();
    await expect(service.getByText(/Columbia/)).toBeVisible();
    const visit = page.getByRole('region', { name: 'Next appointment' });
    await expect(visit.getByText('Installation: Consumer Fiber Install')).toBeVisible();
    const tickets = page.getByRole('region', { name: 'Open trouble tickets' });
    await expect(tickets.getByText('Internet drops in the evening')).toBeVisible();
    await expect(tickets.getByText('Static on the home phone')).toHaveCount(0);
    const notices = page.getByRole('region', { name: 'Recent notices' });
    await expect(notices.getByText('Planned maintenance on the Clark Ln cabinet')).toBeVisible();
    await expectNoSideways(page);
    await screenshot(page, 'customer-home-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'customer-home-1440');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await test.step('Pay goes to the pay form of the Billing Center', async () => {
    await bill.getByRole('link', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/billingCenter\?section=bills$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Bills' })).toBeVisible();
  });

  await test.step('Home is reached again from the menu', async () => {
    await openMenuIfCollapsed(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });
});

test('Connor’s home says plainly when there is nothing: no visit, no tickets, no notices', async ({ page }) => {
  await signIn(page, 'consumer');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent notices' })).toContainText('No notices in the last 60 days.');
  await screenshot(page, 'customer-home-consumer-390');
});
