/**
 * The equipment area on work order 100001 against the running server and its simulated OLT: scan from a photo, type
 * an asset id, take an action, circuit stats and a tone test, saved assets; last, swap and upgrade the ONT (in
 * this file, after the tests that need ONT-100001 installed; each swap test puts the database back afterwards).
 */
import path from 'node:path';
import {
  assetIdOf,
  circuitIdOf,
  type EquipmentSnapshot,
  LABELS,
  restoreEquipment,
  snapshotEquipment,
} from './support/assets';
import { signInInstaller } from './support/installer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

test.describe('Scan Asset without a camera', () => {
  test('reads the Code 128 label from a photo file', async ({ page }) => {
    await signInInstaller(page, { open: '/scanAsset' });
    await page.getByLabel('Read a photo').setInputFiles(path.join(LABELS, 'ONT-100001-code128.png'));
    await expect(page.getByLabel('Asset ID')).toHaveValue('ONT-100001', { timeout: 15_000 });
    await expect(page.getByText('803G', { exact: true })).toBeVisible();
  });

  test('takes a typed id after the debounce, says when it is unknown, and clears', async ({ page }) => {
    await signInInstaller(page, { open: '/scanAsset' });
    const input = page.getByLabel('Asset ID');
    await input.fill('  NOPE-404 ');
    await expect(page.getByText('No asset with that ID')).toBeVisible();
    await input.fill('ONT-100001');
    await expect(page.getByText('803G', { exact: true })).toBeVisible();
    await screenshot(page, 'assets-scan-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'assets-scan-360');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(input).toHaveValue('');
    await expect(page.getByText('803G', { exact: true })).toBeHidden();
  });
});

test.describe('Scan Asset far from any work order', () => {
  test("says 'No asset assigned to you found', and 'No Work Orders Found' with Assigned to you off", async ({
    page,
    context,
  }) => {
    // Kansas City: more than 100 miles from every demo work order, so nothing is within the scan's 100 ft.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 39.0997, longitude: -94.5786, accuracy: 5 });
    await signInInstaller(page, { open: '/scanAsset' });
    await page.getByLabel('Asset ID').fill('ONT-100001');
    await expect(page.getByText('803G', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Assigned to you')).toBeChecked();
    await expect(page.getByText('No asset assigned to you found')).toBeVisible();
    await page.getByLabel('Assigned to you').uncheck();
    await expect(page.getByText('No Work Orders Found')).toBeVisible();
  });
});

test.describe('Asset page', () => {
  test('lists the actions without 39, takes one and confirms the request', async ({ page }) => {
    await signInInstaller(page, { open: false });
    await page.goto(`/search/100001/serviceLocation/${await assetIdOf('ONT-100001')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ONT-100001' })).toBeVisible();
    await expect(page.getByText('Deprovision ONT')).toBeVisible();
    await expect(page.getByText('Delete ONT from OLT')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Swap ONT' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade ONT' })).toBeVisible();
    await page.getByRole('button', { name: 'Take Action: Reboot ONT' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Action request received' });
    await expect(status).toContainText('It may take a moment to process');
    await expect(status).toContainText(/requested for ONT-100001 on work order #100001 \(request \d+, /);
    await expect(status).not.toContainText('RequestID');
    await test.step('a destructive action (factory reset, disable port, deprovision) is red and asked first', async () => {
      for (const action of ['Reset to Factory Defaults', 'Disable Data Port', 'Deprovision ONT']) {
        const take = page.getByRole('button', { name: `Take Action: ${action}` });
        await expect(take).toHaveClass(/button--destructive/);
        await take.click();
        const question = page.getByRole('alertdialog', { name: `${action} on ONT-100001?` });
        await expect(question.getByRole('button', { name: 'No, leave it' })).toBeFocused();
        await question.getByRole('button', { name: 'No, leave it' }).click();
        await expect(question).toHaveCount(0);
        await expect(take).toBeFocused();
      }
      await expect(page.getByRole('button', { name: 'Take Action: Reboot ONT' })).toHaveClass(/button--secondary/);
    });
    await screenshot(page, 'assets-asset-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'assets-asset-360');
  });
});

test.describe('Circuit stats', () => {
  test('shows live stats from the simulated OLT and runs a tone test until Stop test', async ({ page }) => {
    await signInInstaller(page, { open: false });
    await page.goto(`/search/100001/circuitStats/${await circuitIdOf('DATA-100001')}`);
    await expect(page.getByText('OLT address')).toBeVisible();
    await expect(page.locator('.asset-field[data-key="vcServerIP"]')).toContainText('127.0.0.1');
    await expect(page.getByText(/-\d+\.\d{2} dBm/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Start loop test' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Test is running...');
    await screenshot(page, 'assets-tone-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Stop test' }).click();
    await expect(dialog).toBeHidden();
    // The stop SET may still be on its way to the OLT when the first refresh reads the port.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.locator('.asset-field[data-key="ToneTest"]')).toContainText('Not running', {
        timeout: 1000,
      });
    }).toPass({ timeout: 10_000 });
  });

  test('a circuit of another work order is not found', async ({ page }) => {
    await signInInstaller(page, { open: false });
    await page.goto(`/search/100002/circuitStats/${await circuitIdOf('DATA-100001')}`);
    await expect(page.getByText(/Circuit #\d+ is not at the service location/)).toBeVisible();
  });
});

test.describe('Saved Assets', () => {
  test('saves an asset from the scan, shows details and actions, and deletes it', async ({ page }) => {
    await signInInstaller(page, { open: '/SavedAssets' });
    await expect(page.getByText('No saved Assets')).toBeVisible();
    await page.goto('/scanAsset');
    await page.getByLabel('Asset ID').fill('ONT-100001');
    await page.getByRole('button', { name: 'Save asset' }).first().click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    await page.goto('/SavedAssets');
    await expect(page.getByText('ONT-100001')).toBeVisible();
    await page.getByRole('button', { name: 'Show Details' }).click();
    await expect(page.getByText('803G', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Hide Details' }).click();
    await expect(page.getByText('803G', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Show Actions' }).click();
    await expect(page.getByRole('button', { name: 'Take Action: Reboot ONT' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete ONT-100001' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete ONT-100001 from this device?' });
    await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await question.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByText('No saved Assets')).toBeVisible();
  });
});

test.describe('ONT swap and upgrade on 100001', () => {
  const TAGS = ['ONT-100001', 'ONT-STK-0001', 'ONT-STK-0002'];
  let snapshot: EquipmentSnapshot;
  test.beforeEach(async () => {
    snapshot = await snapshotEquipment(TAGS);
  });
  test.afterEach(() => restoreEquipment(snapshot));

  test('swaps ONT-100001 for ONT-STK-0001, then upgrades it to ONT-STK-0002 with a port map', async ({ page }) => {
    await signInInstaller(page, { open: '/search/100001/swapONT/ONT-100001/1' });
    await expect(page.getByRole('heading', { level: 1, name: 'Swap ONT' })).toBeVisible();
    await page.getByLabel('Search equipment').fill('stk-0001');
    await expect(page.getByRole('radio')).toHaveCount(1);
    await page.getByRole('radio', { name: /ONT-STK-0001/ }).check();
    await screenshot(page, 'assets-swap-desktop');
    await page.getByRole('button', { name: 'Swap ONT-100001 for ONT-STK-0001' }).click();
    await expect(page.getByText('ONT-100001 was swapped for ONT-STK-0001.')).toBeVisible();

    await page.goto('/search/100001/upgradeONT/ONT-STK-0001/1');
    await page.getByRole('radio', { name: /ONT-STK-0002/ }).check();
    await page.getByRole('button', { name: 'Preview ports' }).click();
    await page.getByLabel(/GE1 \(port 1\)/).selectOption('2');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'assets-upgrade-360');
    await page.getByRole('button', { name: 'Upgrade ONT-STK-0001 to ONT-STK-0002' }).click();
    await expect(page.getByText('ONT-STK-0001 was upgraded to ONT-STK-0002.')).toBeVisible();
  });

  test('a failed swap shows the office message and the error', async ({ page }) => {
    await signInInstaller(page, { open: false });
    // ONT-STK-0003 is in the installer's stock, but 100001's ONT is at location 1, not 2.
    await page.goto('/search/100001/swapONT/ONT-100001/2');
    await page.getByRole('radio', { name: /ONT-STK-0003/ }).check();
    await page.getByRole('button', { name: 'Swap ONT-100001 for ONT-STK-0003' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Oops, something went wrong.' });
    await expect(failure).toContainText('Please contact the office and report to IT.');
    await expect(failure).toContainText('not the service location');
  });
});

test.describe('Service location hooks', () => {
  let snapshot: EquipmentSnapshot;
  test.beforeEach(async () => {
    snapshot = await snapshotEquipment(['ONT-STK-0004']);
  });
  test.afterEach(() => restoreEquipment(snapshot));

  test("adds an asset by its id, then opens an asset and a circuit's stats from the lists", async ({ page }) => {
    await signInInstaller(page, { open: '/search/100001/serviceLocation' });
    await page.getByRole('button', { name: 'Add an asset' }).click();
    const form = page.getByRole('form', { name: 'Add an asset' });
    await form.getByLabel('Asset ID').fill('ONT-STK-0005');
    await form.getByRole('button', { name: 'Add to this location' }).click();
    await expect(form.getByRole('status')).toContainText('cannot be added here');
    await form.getByLabel('Asset ID').fill('ONT-STK-0004');
    await form.getByRole('button', { name: 'Add to this location' }).click();
    await expect(form.getByRole('status')).toContainText('ONT-STK-0004 is now tied to this location.');
    await page.getByRole('button', { name: 'Show Assets' }).click();
    await expect(page.getByRole('link', { name: 'ONT-STK-0004' })).toBeVisible();
    await page.getByRole('link', { name: 'ONT-100001' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ONT-100001' })).toBeVisible();

    await page.goto('/search/100001/circuitStats');
    await page.getByRole('link', { name: /DATA-100001/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Circuit Stats' })).toBeVisible();
    await expect(page.locator('.asset-field[data-key="vcCircuitID"]')).toContainText('DATA-100001');
  });
});

test.describe('Failures', () => {
  test('actions that cannot be fetched: the message, and the asset is saved on the device', async ({ page }) => {
    await signInInstaller(page, { open: false });
    await page.route('**/api/assets/*/actions?*', (route) => route.abort('internetdisconnected'));
    await page.goto(`/search/100001/serviceLocation/${await assetIdOf('ONT-100001')}`);
    await expect(page.getByRole('alert')).toContainText(
      'Failed to fetch the asset actions. Could result from bad internet connection. Saved the asset in Saved Assets tab.',
    );
    await page.unroute('**/api/assets/*/actions?*');
    await page.goto('/SavedAssets');
    await expect(page.getByText('ONT-100001')).toBeVisible();
  });

  test('a browser without enumerateDevices says so', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.mediaDevices, 'enumerateDevices', { value: undefined });
    });
    await signInInstaller(page, { open: '/scanAsset' });
    await expect(page.getByText('enumerateDevices() not supported.')).toBeVisible();
  });
});
