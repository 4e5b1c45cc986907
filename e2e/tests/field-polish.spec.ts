/** Field polish (412 px): errors that name the server's reason, the offline shell, circuit stats, navigation. */
import { header, openMenuIfCollapsed } from './support/app';
import {
  assetIdOf,
  circuitIdOf,
  contractorWorkOrderWithOnt,
  type EquipmentSnapshot,
  restoreEquipment,
  snapshotEquipment,
} from './support/assets';
import { CONTRACTOR_WO, openChecklist, signInContractor } from './support/contractor';
import { signInInstaller } from './support/installer';
import { waitForServiceWorker } from './support/offline';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 412, height: 915 } });

// Only this test loads a page offline: the service worker (blocked elsewhere, playwright.config.ts) must precache the
// app. It costs every context that allows it the download of all the app's files.
test.describe(() => {
  test.use({ serviceWorkers: 'allow' });
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
});

test('circuit stats show plain labels with units, and the optical power’s status', async ({ page }) => {
  await signInInstaller(page, { open: false });
  await page.goto(`/search/100001/circuitStats/${await circuitIdOf('DATA-100001')}`);
  const rx = page.locator('.asset-field', { hasText: 'Receive power' });
  await expect(rx).toContainText(/-\d+\.\d{2} dBm/);
  await expect(rx.locator('.signal')).toHaveText(/Good|Marginal|Bad/);
  // Spec field names never reach the screen (issue 27); counters read in MB/GB.
  await expect(page.getByText('(vcServerIP)')).toHaveCount(0);
  await expect(page.getByText('(RxPower)')).toHaveCount(0);
  await expect(page.locator('.asset-field', { hasText: 'Data received' })).toContainText(/\d (B|KB|MB|GB|TB)$/);
  await expect(page.locator('.asset-field', { hasText: 'Port' }).first()).toBeVisible();
});

const ACTIONS_FAILED =
  'Failed to fetch the asset actions. Could result from bad internet connection. Saved the asset in Saved Assets tab.';

test.describe('errors that say what happened', () => {
  test('a stock ONT opened in a work order shows the server’s reason, not the network message', async ({ page }) => {
    await signInInstaller(page, { open: false });
    // The link Scan Asset offers for ONT-STK-0002 near 100001 ('Open ONT-STK-0002 in WO #100001').
    await page.goto(`/search/100001/serviceLocation/${await assetIdOf('ONT-STK-0002')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ONT-STK-0002' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('not at the service location');
    await expect(page.getByText(ACTIONS_FAILED)).toHaveCount(0);
    // Not a network failure: the asset is not saved on the device.
    await page.goto('/SavedAssets');
    await expect(page.getByText('No saved Assets')).toBeVisible();
  });

  test('a network failure still says so and saves the asset', async ({ page }) => {
    await signInInstaller(page);
    await page.route('**/api/assets/*/actions?*', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'down' } } }),
    );
    await page.goto(`/search/100001/serviceLocation/${await assetIdOf('ONT-100001')}`);
    await expect(page.getByRole('alert')).toContainText(ACTIONS_FAILED);
  });

  test.describe('after a swap', () => {
    let snapshot: EquipmentSnapshot;
    test.beforeEach(async () => {
      snapshot = await snapshotEquipment(['ONT-100001', 'ONT-STK-0001']);
    });
    test.afterEach(() => restoreEquipment(snapshot));

    test('shows the success and the way to the new ONT, with no error about the old one', async ({ page }) => {
      await signInInstaller(page, { open: '/search/100001/swapONT/ONT-100001/1' });
      await page.getByRole('radio', { name: /ONT-STK-0001/ }).check();
      await page.getByRole('button', { name: 'Swap ONT-100001 for ONT-STK-0001' }).click();
      await expect(page.getByText('ONT-100001 was swapped for ONT-STK-0001.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open ONT-STK-0001' })).toBeVisible();
      await expect(page.getByText(/not at the service location/)).toHaveCount(0);
      await expect(page.locator('.alert--error')).toHaveCount(0);
      await page.getByRole('link', { name: 'Open ONT-STK-0001' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'ONT-STK-0001' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Take Action/ }).first()).toBeVisible();
    });
  });
});

test.describe('navigation', () => {
  test('every page under a work order has both ways back', async ({ page }) => {
    await signInInstaller(page);
    const views = [
      'contacts',
      'notes',
      'checkList',
      'serviceLocation',
      'salesOrder',
      'attachments',
      'viewPDF',
      'physicalPlantConfig',
      'circuitStats',
      'directions',
      'colocations',
      'arcGISMap',
      'photo',
      `serviceLocation/${await assetIdOf('ONT-100001')}`,
      `circuitStats/${await circuitIdOf('DATA-100001')}`,
      'swapONT/ONT-100001/1',
      'upgradeONT/ONT-100001/1',
    ];
    for (const view of views) {
      await page.goto(`/search/100001/${view}`);
      await expect(page.getByRole('link', { name: 'Go back to WO #100001' }), view).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go back to search results' }), view).toBeVisible();
    }
    await page.getByRole('link', { name: 'Go back to search results' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search WO' })).toBeVisible();
  });

  for (const width of [360, 412]) {
    test(`the work-order PDF fits a ${width} px screen: its first page drawn at the page's width`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInInstaller(page, { open: '/search/100001/viewPDF' });
      const first = page.getByRole('img', { name: /^Page 1 of \d+$/ });
      await expect(first).toBeVisible();
      const box = await first.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      // Drawn, not blank: the canvas holds dark (text) pixels, and the page is wider than half the screen.
      expect(box?.width ?? 0).toBeGreaterThan(width / 2);
      const inked = await first.evaluate((el) => {
        const canvas = el as HTMLCanvasElement;
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
        return dark;
      });
      expect(inked).toBeGreaterThan(100);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expect(page.getByRole('link', { name: 'Download' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open in a new tab' })).toBeVisible();
      await screenshot(page, `installer-pdf-${width}`, { fullPage: false });
    });
  }

  test('Scan Asset with nothing nearby says so plainly, with the spec’s empty states', async ({ page, context }) => {
    // Kansas City: no demo work order within the scan's reach.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 39.0997, longitude: -94.5786, accuracy: 5 });
    await signInInstaller(page, { open: '/scanAsset' });
    await page.getByLabel('Asset ID').fill('ONT-100001');
    await expect(page.getByRole('heading', { level: 2, name: 'Work orders near you' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'No work orders assigned to you near here.' }),
    ).toBeVisible();
    await expect(page.getByText('No asset assigned to you found')).toBeVisible();
    await page.getByLabel('Assigned to you').uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'No work orders near you.' })).toBeVisible();
    await expect(page.getByText('No Work Orders Found')).toBeVisible();
  });
});

test('the contractor calendar on a phone lists the week with whole titles, and its day starts at the working day', async ({
  page,
}) => {
  await signInContractor(page, { open: '/calendar' });
  const calendar = page.locator('.calendar-wrap');
  await expect(calendar.getByRole('tab', { name: /List view/i })).toHaveAttribute('aria-selected', 'true');
  const meeting = calendar.getByText('Prairie Fiber weekly tailgate meeting').first();
  await expect(meeting).toBeVisible();
  // The whole title is on screen: nothing is cut off at the calendar's edge.
  const fits = await meeting.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  const box = await meeting.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(412);
  await screenshot(page, 'contractor-calendar-list', { phone: true });

  await calendar.getByRole('tab', { name: /Day view/i }).click();
  await expect(calendar.getByRole('tab', { name: /Day view/i })).toHaveAttribute('aria-selected', 'true');
  const axis = calendar.getByText(/^(6am|6 AM|06:00)$/i).first();
  await expect(axis).toBeVisible();
  await expect(calendar.getByText(/^(12am|12 AM|00:00)$/i)).toHaveCount(0);
});

test('a contractor’s scan lists the company’s nearby work orders and leads to the asset in one', async ({
  page,
  context,
}) => {
  await signInContractor(page);
  const site = await contractorWorkOrderWithOnt(2);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: site.latitude, longitude: site.longitude, accuracy: 5 });
  await page.goto('/scanAsset');
  await page.getByLabel('Asset ID').fill(site.tag);
  const list = page.getByRole('region', { name: 'Work orders near you' });
  const mine = list.getByRole('checkbox', { name: 'Assigned to you' });
  await expect(mine).toBeChecked();
  await expect(mine).toBeEnabled();
  await mine.uncheck();
  const open = list.getByRole('link', { name: `Open ${site.tag} in WO #${site.workOrderId}` });
  await expect(open).toBeVisible();
  await expect(list.getByText(/0\.00 mi/).first()).toBeVisible();
  await open.click();
  await expect(page.getByRole('heading', { level: 1, name: site.tag })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('link', { name: `Go back to WO #${site.workOrderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/workOrders\\?wo=${site.workOrderId}$`));
});

test('the provider’s own crew scans with Assigned to you ticked and locked', async ({ page, context }) => {
  await signInContractor(page, { username: 'contractor1' });
  const site = await contractorWorkOrderWithOnt(1, true);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: site.latitude, longitude: site.longitude, accuracy: 5 });
  await page.goto('/scanAsset');
  await page.getByLabel('Asset ID').fill(site.tag);
  const list = page.getByRole('region', { name: 'Work orders near you' });
  const mine = list.getByRole('checkbox', { name: 'Assigned to you' });
  await expect(mine).toBeChecked();
  await expect(mine).toBeDisabled();
  await expect(list.getByText('The provider’s own crew sees the work orders assigned to them.')).toBeVisible();
  // Only the work orders assigned to Colin Cho (the crew's 12000x) are offered.
  await expect(
    list.getByRole('link', { name: new RegExp(`^Open ${site.tag} in WO #12000\\d$`) }).first(),
  ).toBeVisible();
});

test('where the drop length is chosen, the map’s estimate from the nearest splice point is shown', async ({ page }) => {
  await signInContractor(page, { open: false });
  const modal = await openChecklist(page, CONTRACTOR_WO.connectorizedInstall);
  const length = modal.getByLabel('Actual drop length (ft)');
  await expect(length).toBeVisible();
  await expect(length).toHaveAccessibleDescription(
    /^Estimated from the map: \d+ ft \((Pedestal|Hand Hole) [A-Z]+-\d+, \d+ ft away in a straight line\)\.$/,
  );
});

test('an installer corrects an asset’s serial and MAC in a work order and sees the history (getAssetEditData)', async ({
  page,
}) => {
  const saved = await snapshotEquipment(['ONT-100001']);
  try {
    await signInInstaller(page, { open: false });
    await page.goto(`/search/100001/serviceLocation/${await assetIdOf('ONT-100001')}`);
    const edit = page.getByRole('region', { name: 'Correct this asset' });
    await edit.getByRole('button', { name: 'Edit serial, MAC, status or description' }).click();
    await edit.getByLabel('MAC address').fill('not a mac');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByLabel('MAC address')).toHaveAccessibleDescription(/six pairs of hex digits/);
    await expect(edit.getByText('No changes recorded for this asset yet.')).toBeVisible();

    await edit.getByLabel('Serial number').fill('CXNK-FIELD-FIX');
    await edit.getByLabel('MAC address').fill('00025d00aa01');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByRole('status')).toHaveText('Saved: 2 changes kept in the history.');
    const history = edit.getByRole('list');
    await expect(history).toContainText('Serial number:');
    await expect(history).toContainText('→ CXNK-FIELD-FIX');
    await expect(history).toContainText('MAC address:');
    await expect(history).toContainText('→ 00:02:5D:00:AA:01');
    await expect(history).toContainText('Ian Ingram · WO #100001');
    // The asset's details above show the corrected values.
    await expect(page.getByText('CXNK-FIELD-FIX').first()).toBeVisible();
  } finally {
    await restoreEquipment(saved);
  }
});

test('item 7: restoration-ticket notes are dated no later than now', async ({ page }) => {
  await signInContractor(page, { open: '/restorationTickets' });
  const metas = page.locator('.ticket__note-meta');
  await expect(metas.first()).toBeVisible();
  const times = await metas.evaluateAll((els) =>
    els.map((el) => new Date((el.textContent ?? '').split(' · ').pop() ?? '').getTime()),
  );
  expect(times.length).toBeGreaterThan(0);
  for (const t of times) {
    expect(Number.isNaN(t)).toBe(false);
    expect(t).toBeLessThanOrEqual(Date.now());
  }
});

test('item 12: the map popup’s Open work order is a 44 px target', async ({ page }) => {
  await signInContractor(page, { open: `/maps/${CONTRACTOR_WO.businessConstruction}` });
  const open = page.locator('.leaflet-popup').getByRole('link', { name: 'Open work order' });
  await expect(open).toBeVisible();
  const box = await open.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
});
