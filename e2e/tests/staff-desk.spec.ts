/**
 * The staff desk at desktop size (issue 29): each role's home shows its own tiles, the admin pages for categories
 * and applicants, a trouble ticket answered from the staff list, and the account and order histories filtered.
 */
import { signIn } from './support/app';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 1440, height: 900 } });

test('the staff home shows each role its own tiles', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/staff$/);
  const tiles = page.getByRole('list', { name: 'Needs attention' });
  await expect(tiles.getByRole('heading', { name: 'Orders waiting for dispatch' })).toBeVisible();
  await expect(tiles.getByRole('heading', { name: 'Open trouble tickets' })).toBeVisible();
  await expect(tiles.getByRole('heading', { name: 'Failed or declined payments' })).toHaveCount(0);
  await expect(page.locator('nav [aria-current="page"]')).toHaveCount(1);

  await page.context().clearCookies();
  await signIn(page, 'billing-staff');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(tiles.getByRole('heading', { name: 'Failed or declined payments' })).toBeVisible();
  await expect(tiles.getByRole('heading', { name: 'Orders waiting for dispatch' })).toHaveCount(0);
});

test('categories and applicants have their own admin pages', async ({ page }) => {
  await signIn(page, 'staff');
  await page.getByRole('link', { name: 'Categories', exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/categories$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Retire/ }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Applicants', exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/applicants$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Job applicants' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Applicant Avery Quinn' })).toBeVisible();
});

test('staff answer a trouble ticket from the list', async ({ page }) => {
  await signIn(page, 'sales');
  await page.getByRole('link', { name: 'Tickets', exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/tickets$/);
  await expect(page.getByTestId('ticket-count')).toContainText(/\d+ tickets?/);
  await page.getByRole('button', { name: /Last update/ }).click();
  await expect(page.getByRole('columnheader', { name: /Last update/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('link', { name: '#1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Internet drops in the evening');
  const answer = `We reset your line ${Date.now()}.`;
  await page.getByLabel('Answer', { exact: true }).fill(answer);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(answer);
});

test('the account history and the order change history filter by who', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/staff/accounts/1000-3000-0001');
  const account = page.getByRole('region', { name: 'Account history' });
  await expect(account).toBeVisible();
  await expect(account.getByText('Loading the history…')).toHaveCount(0);
  await account.getByLabel('Who').fill('nobody at all');
  await account.getByRole('button', { name: 'Filter' }).click();
  await expect(account.getByText('No changes recorded.')).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, 'sales');
  await page.goto('/staff/orders');
  await page
    .getByRole('link', { name: /^Order \d+$/ })
    .first()
    .click();
  const history = page.getByRole('region', { name: 'Change history' });
  await expect(history).toBeVisible();
  await history.getByLabel('Who').fill('nobody at all');
  await history.getByRole('button', { name: 'Filter' }).click();
  await expect(history.getByText('No changes recorded.')).toBeVisible();
});
