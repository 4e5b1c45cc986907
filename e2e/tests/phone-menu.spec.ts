import { header, menuButton, pathOf, signIn } from './support/app';
import { expect, test } from './support/spec-server';

// Runs in the 'phone' project only (360 x 740): wide screens have no menu button.
test.describe('the phone menu', () => {
  test('opens and closes the navigation and has a Log out link', async ({ page }) => {
    // One portal: the contractor skips /portalSelect (issue 27).
    await signIn(page, 'contractor');
    await expect(page).toHaveURL(/\/contractorHome$/);

    const button = menuButton(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(nav).toBeHidden();

    await button.click();
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(pathOf(page)).toBe('/login');
  });

  test('the page fits a 360 px screen without sideways scrolling', async ({ page }) => {
    await signIn(page, 'business');
    await expect(page).toHaveURL(/\/home$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(header(page).getByText('Dana Diaz')).toBeVisible();
  });
});
