import { expectNavLinks, logOut, openMenuIfCollapsed, signIn } from './support/app';
import { expect, test } from './support/spec-server';

test.describe('the shell', () => {
  test('header shows support, webmail and settings; footer shows links, version and copyright', async ({ page }) => {
    await signIn(page, 'business');
    await expect(page).toHaveURL(/\/home$/);
    // Waits for the shell before it decides: read at once, the phone's menu button may not be there yet.
    await openMenuIfCollapsed(page);

    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: /Support/ })).toHaveAttribute('href', /^tel:\+?\d{10,11}$/);
    await expect(account.getByRole('link', { name: 'Webmail' })).toHaveAttribute('href', /^https?:\/\//);
    await expect(account.getByRole('link', { name: 'Settings' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Report an issue' })).toHaveAttribute('href', /^mailto:.+@/);
    await expect(footer.getByRole('navigation', { name: 'Provider' }).getByRole('link').first()).toBeVisible();
    await expect(footer).toContainText('Version 2.7.25');
    await expect(footer).toContainText(/© 2025 \S+/);
  });

  test('every nav link of the business portal opens its page, with no section left unbuilt', async ({ page }) => {
    await signIn(page, 'business');
    const labels = ['Home', 'Account Info', 'Services', 'Billing Center', 'Reports'];
    await expectNavLinks(page, labels);
    for (const label of labels) {
      await openMenuIfCollapsed(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(page.getByText('This section is not available yet.')).toHaveCount(0);
    }
  });

  test('logging out ends the session and shows the sign-in page', async ({ page }) => {
    await signIn(page, 'residential');
    await expect(page).toHaveURL(/\/home$/);
    await logOut(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('portal')])).toEqual([
      null,
      null,
    ]);
    await page.goto('/accountInfo');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a guarded page visited signed out goes to /login', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a signed-in user visiting the login page goes to /portalSelect', async ({ page }) => {
    await signIn(page, 'consumer');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/portalSelect$/);
    await expect(page.getByRole('button', { name: /^Residential portal/ })).toBeVisible();
  });

  test('an unknown address shows a not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
