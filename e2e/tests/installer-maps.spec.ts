import { openWorkOrder, signInInstaller, WO, workOrderButtons } from './support/installer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

test.describe('installer maps', () => {
  test('the ArcGIS map opens at the service location with the layers of SPEC §9', async ({ page }) => {
    // The base map without the internet: the tile proxy's answers come from a local image (issue 27).
    await page.route('**/api/maps/tiles/**', (route) =>
      route.fulfill({ path: 'web/public/pwa-192.png', contentType: 'image/png' }),
    );
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    const queries: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/FeatureServer/')) queries.push(new URL(r.url()).pathname);
    });
    await workOrderButtons(page).filter({ hasText: 'Area map' }).click();
    const layers = page.getByRole('group', { name: 'Layers' });
    await expect(layers.getByRole('checkbox')).toHaveCount(12);
    const checked = [
      'ONT',
      'Building',
      'Design Complete',
      'Structures',
      'Residential Fiber',
      'Residential Fiber Construction',
      'Residential Fiber Sign Up',
    ];
    for (const name of checked) await expect(layers.getByLabel(new RegExp(`^${name}( \\(\\d+\\))?$`))).toBeChecked();
    for (const name of ['Addresses', 'Installed', 'Installed as Built', 'Business Fiber', 'Colos']) {
      await expect(layers.getByLabel(new RegExp(`^${name}( \\(\\d+\\))?$`))).not.toBeChecked();
    }
    // Features are drawn (SVG paths) over the base map, with its credit line.
    await expect(page.locator('.leaflet-overlay-pane path').first()).toBeVisible();
    await expect(page.locator('.leaflet-control-attribution')).toContainText('© OpenStreetMap contributors');
    await expect(layers.getByLabel(/^ONT \(\d+\)$/)).toBeVisible();
    expect(queries).toContain('/api/maps/arcgis/rest/services/strand/FeatureServer/1/query');
    expect(queries).not.toContain('/api/maps/arcgis/rest/services/strand/FeatureServer/0/query');
    await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();

    // Every layer that is on has drawn (its count shows once its features are on the map) before the paths are
    // counted: a layer still loading then drew later, and the count after Installed went off was not the one before.
    for (const name of checked) await expect(layers.getByLabel(new RegExp(`^${name} \\(\\d+\\)$`))).toBeVisible();
    const before = await page.locator('.leaflet-overlay-pane path').count();
    await layers.getByLabel(/^Installed( \(\d+\))?$/).check();
    await expect(layers.getByLabel(/^Installed \(\d+\)$/)).toBeVisible();
    await expect.poll(() => page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(before);
    await layers.getByLabel(/^Installed \(\d+\)$/).uncheck();
    await expect.poll(() => page.locator('.leaflet-overlay-pane path').count()).toBe(before);
    await screenshot(page, 'installer-arcgis-map');
    await screenshot(page, 'installer-arcgis-map', { phone: true });
  });

  test('the GIS Object map opens the map for the object', async ({ page }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    await workOrderButtons(page).filter({ hasText: 'This object on the map' }).click();
    await expect(page).toHaveURL(/\/arcGISMap\?gisObject=GIS-SL-2208-CLARK$/);
    await expect(page.getByText('GIS object GIS-SL-2208-CLARK')).toBeVisible();
  });

  test('the C.O. map lists the nearest 3 with miles, and all 38 when expanded', async ({ page }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    await workOrderButtons(page).filter({ hasText: 'View C.O. Map' }).click();
    const list = page.getByRole('list', { name: 'Central offices, nearest first' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('Columbia Clark Lane Cabinet');
    await expect(list.getByRole('listitem').first()).toContainText(/\d+\.\d{2} mi/);
    await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(4);
    await page.getByRole('button', { name: 'Expand/Collapse CO List' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(38);
    const miles = (await list.locator('.wo-distance').allTextContents()).map((t) => Number.parseFloat(t));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    await page.getByRole('button', { name: 'Expand/Collapse CO List' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await screenshot(page, 'installer-co-map');
  });
});
