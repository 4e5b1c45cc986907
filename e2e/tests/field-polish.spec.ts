/** Field polish (412 px): errors that name the server's reason, the offline shell, circuit stats, navigation. */
import { header, openMenuIfCollapsed } from './support/app';
import { circuitIdOf } from './support/assets';
import { signInInstaller } from './support/installer';
import { waitForServiceWorker } from './support/offline';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 412, height: 915 } });

test('after a reload offline the shell keeps the provider name, support phone, webmail and footer links', async ({
  page,
  context,
}) => {
  await signInInstaller(page);
  await expect(header(page)).toContainText('Boone Valley Fiber');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Search WO' })).toBeVisible();
  await expect(header(page)).toContainText('Boone Valley Fiber');
  await openMenuIfCollapsed(page);
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: /Support/ })).toContainText('(573)555-0100');
  await expect(account.getByRole('link', { name: 'Webmail' })).toHaveAttribute('href', /^https?:\/\//);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Report an issue' })).toHaveAttribute('href', /^mailto:.+@/);
  await expect(footer.getByRole('navigation', { name: 'Provider' }).getByRole('link').first()).toBeVisible();
  await context.setOffline(false);
});

test('circuit stats show readable labels with the raw key, and the optical power’s status', async ({ page }) => {
  await signInInstaller(page);
  await page.goto(`/search/100001/circuitStats/${circuitIdOf('DATA-100001')}`);
  const rx = page.locator('.asset-field', { hasText: 'Receive power (dBm)' });
  await expect(rx).toContainText('(RxPower)');
  await expect(rx).toContainText(/-\d+\.\d{2} dBm/);
  await expect(rx.locator('.signal')).toHaveText(/Good|Marginal|Bad/);
  await expect(page.locator('.asset-field', { hasText: 'OLT address' })).toContainText('(vcServerIP)');
  await expect(page.locator('.asset-field', { hasText: 'Transmit power (dBm)' })).toContainText('(TxPower)');
  await expect(page.locator('.asset-field', { hasText: 'Port' }).first()).toBeVisible();
});
