import { header, signIn } from './support/app';
import { expect, test } from './support/spec-server';

test.describe('settings', () => {
  test('the header theme is saved and applied after a reload', async ({ page }) => {
    await signIn(page, 'business-billing');
    await expect(page).toHaveURL(/\/billingCenter$/);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('Gradient direction (degrees)')).toHaveValue('270');

    await page.getByLabel('Use a custom gradient in the header').check();
    await page.getByLabel('Gradient direction (degrees)').fill('90');
    await page.getByLabel('First color').fill('#123456');
    await page.getByLabel('Second color').fill('#2a6f97');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();

    const gradient = 'linear-gradient(90deg, rgb(18, 52, 86), rgb(42, 111, 151))';
    await expect(header(page)).toHaveCSS('background-image', gradient);
    await page.reload();
    await expect(header(page)).toHaveCSS('background-image', gradient);
    await expect(page.getByLabel('Use a custom gradient in the header')).toBeChecked();
    await expect(page.getByLabel('Gradient direction (degrees)')).toHaveValue('90');
  });

  test('a direction out of range is pointed out next to its field', async ({ page }) => {
    await signIn(page, 'business-billing');
    await page.goto('/settings');
    await page.getByLabel('Gradient direction (degrees)').fill('400');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Gradient direction must be 0 to 360 degrees.')).toBeVisible();
    await expect(page.getByLabel('Gradient direction (degrees)')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('the popup message banner', () => {
  test('shows on save, clears on a click, and clears by itself after 10 seconds', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'residential');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/settings');
    const saved = page.getByRole('status').filter({ hasText: 'Settings saved' });
    await expect(saved).toHaveCount(0);

    const save = page.getByRole('button', { name: 'Save settings' });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(saved).toBeVisible();
    await saved.getByRole('button').click();
    await expect(saved).toHaveCount(0);

    await save.click();
    await expect(saved).toBeVisible();
    await page.clock.runFor(9_000);
    await expect(saved).toBeVisible();
    await page.clock.runFor(1_100);
    await expect(saved).toHaveCount(0);
  });
});
