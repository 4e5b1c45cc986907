import { expectNavLinks, header, signIn } from './support/app';
import { BUSINESS_LINKS } from './support/demo';
import { expect, test } from './support/spec-server';

test('staff issues a super-user link and opens the business account with it', async ({ page }) => {
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/staff$/);

  await page.getByLabel('Account number or customer name').fill('1000-3000-0001');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Acme Dental Group', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Issue link for Acme Dental Group' }).click();

  const card = page.getByRole('region', { name: /Super-user link for Acme Dental Group/ });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link').first()).toHaveText(
    /^http:\/\/127\.0\.0\.1:\d+\/login\/superUser\/1000-3000-0001\/[0-9a-f]{64}\/7$/,
  );

  await card.getByRole('link', { name: 'Open account as super user' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const banner = header(page);
  await expect(banner.getByText('Super user', { exact: true })).toBeVisible();
  await expect(banner.getByText('Dana Diaz')).toBeVisible();
  await expect(banner.getByText('Acme Dental Group')).toBeVisible();
  await expect(banner.getByText('1000-3000-0001')).toBeVisible();
  await expectNavLinks(page, BUSINESS_LINKS);
});

test('a super-user link works once', async ({ page }) => {
  await signIn(page, 'staff');
  await page.getByLabel('Account number or customer name').fill('Rhonda');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Issue link for Rhonda Reyes' }).click();
  const href = await page.getByRole('link', { name: 'Open account as super user' }).getAttribute('href');
  expect(href).toMatch(/^\/login\/superUser\//);

  await page.goto(href ?? '/');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(href ?? '/');
  await expect(page.getByRole('alert')).toContainText(/not valid|expired|already used/);
});

test('a malformed super-user link is refused without a call', async ({ page }) => {
  await page.goto('/login/superUser/1000-3000-0001/not-a-hash/7');
  await expect(page.getByRole('alert')).toHaveText('The super-user link is not valid.');
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
});
