import { header, signIn } from './support/app';
import { screenshot } from './support/review';
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
    await signIn(page, 'business-billing', { open: '/settings' });
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

test.describe('settings that matter, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Connor changes his password (a wrong current one is refused) and turns on paperless billing', async ({
    page,
  }) => {
    await signIn(page, 'consumer', { open: '/settings' });
    const password = page.getByRole('form', { name: 'Password' });

    await test.step('a wrong current password is pointed out next to its field', async () => {
      await password.getByLabel('Current password').fill('not-my-password');
      await password.getByLabel('New password', { exact: true }).fill('connor-new-secret-9');
      await password.getByLabel('Confirm new password').fill('connor-new-secret-9');
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByText('Your current password is not correct.').last()).toBeVisible();
      await expect(password.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('two new passwords that differ are caught before sending', async () => {
      await password.getByLabel('Current password').fill('demo-password');
      await password.getByLabel('Confirm new password').fill('connor-new-secret-8');
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByText('The two passwords do not match.')).toBeVisible();
    });

    await test.step('the right current password changes it; this session goes on', async () => {
      await password.getByLabel('Confirm new password').fill('connor-new-secret-9');
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByRole('status')).toContainText('Your password has been changed.');
      await expect(password.getByLabel('Current password')).toHaveValue('');
      const login = await page.request.post('/api/auth/login', {
        data: { username: 'consumer', password: 'connor-new-secret-9' },
      });
      expect(login.status()).toBe(200);
    });

    await test.step('paperless billing is kept on the server', async () => {
      const paperless = page.getByRole('checkbox', { name: /Email my bills only/ });
      // The notification choices above it load on their own; once drawn, the box no longer moves under the click.
      await expect(page.getByRole('button', { name: 'Save notification preferences' })).toBeVisible();
      await expect(paperless).not.toBeChecked();
      await paperless.check();
      await expect(page.getByRole('status').filter({ hasText: 'Paperless billing is on' })).toBeVisible();
      await page.goto('/billingCenter?section=mailing-address');
      await expect(page.getByRole('checkbox', { name: /Email my bills only/ })).toBeChecked();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.goto('/settings');
      await screenshot(page, 'settings-390');
    });
  });
});
