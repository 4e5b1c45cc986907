/** Scan Asset from Chromium's fake camera, fed a generated video of the ONT-100001 QR label. */

import { writeLabelVideo } from './support/assets';
import { chromiumPath } from './support/e2e-settings';
import { signInInstaller } from './support/installer';
import { expect, test } from './support/spec-server';

const video = writeLabelVideo('ONT-100001');

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test.describe('Scan Asset with the camera', () => {
  test('reads ONT-100001 from the camera and shows the asset and its work orders', async ({ page }) => {
    await signInInstaller(page, { open: '/scanAsset' });
    await expect(page.getByRole('heading', { level: 1, name: 'Scan Asset' })).toBeVisible();
    await page.getByRole('button', { name: 'Use camera' }).click();
    await expect(page.getByLabel('Asset ID')).toHaveValue('ONT-100001', { timeout: 20_000 });
    await expect(page.getByText('803G', { exact: true })).toBeVisible();
    // The read turns the camera off again.
    await expect(page.getByRole('button', { name: 'Use camera' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open ONT-100001 in WO #100001' })).toBeVisible();
  });
});
