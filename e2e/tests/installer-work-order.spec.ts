import { expectSettled } from './support/app';
import { openWorkOrder, signInInstaller, WO, withSalesOrderHtml, workOrderButtons } from './support/installer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

// Grouped under plain names (issue 27): Customer, Maps, Equipment, Network, Documents.
const ALL_BUTTONS = [
  'Sales Order',
  'Contacts',
  'Notes',
  'This object on the map',
  'Area map',
  'Directions',
  'View C.O. Map',
  'Service Location',
  'Fiber and splitter setup',
  'Circuit Stats',
  'Checklist',
  'Attachments',
  'View PDF',
  'Upload a Photo',
];

test.describe('work order home', () => {
  test('100001 shows its fields, Multiple Contacts, the assignees and every button', async ({ page }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    const facts = page.locator('.wo-dl');
    await expect(facts).toContainText('Rhonda Reyes');
    await expect(facts).toContainText('2208 Clark Ln, Columbia, MO 65202');
    await expect(facts.locator('div').filter({ hasText: 'Contacts' })).toContainText('Multiple Contacts');
    await expect(facts).toContainText('Active');
    await expect(facts).toContainText('CLM-CLARK');
    await expect(facts).toContainText('Consumer Fiber Install');
    await expect(facts.locator('div').filter({ hasText: 'Last updated' })).toContainText(
      /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T/,
    );
    await expect(page.locator('.wo-assigned')).toContainText('Ian Ingram');
    await expect(page.locator('.wo-assigned')).toContainText('Frankie Ford');
    await expect(workOrderButtons(page)).toHaveText(ALL_BUTTONS);
    await expect(page.getByRole('link', { name: 'Go back to search results' })).toBeVisible();
    await screenshot(page, 'installer-home');
    await screenshot(page, 'installer-home', { phone: true });
  });

  test('the contact summary and the buttons follow their rules on 100002, 100003 and 100004', async ({ page }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.businessInstall);
    await expect(page.locator('.wo-dl')).toContainText('Dana Diaz - dana.diaz@acmedental.example - (573)555-0300');
    // The buttons are read once the GIS lookup has answered (it may add GIS Object map).
    await expectSettled(page);
    await expect(workOrderButtons(page)).not.toContainText(['Circuit Stats']);
    await expect(workOrderButtons(page)).not.toContainText(['This object on the map']);

    await openWorkOrder(page, WO.siteSurvey);
    await expect(page.locator('.wo-dl')).toContainText('No Contacts');
    await expectSettled(page);
    const survey = await workOrderButtons(page).allTextContents();
    expect(survey).not.toContain('Fiber and splitter setup');
    expect(survey).toContain('Attachments');

    // Fibre splicing with attachments: its GIS link stays hidden.
    await openWorkOrder(page, WO.splicing);
    await expect(workOrderButtons(page)).toContainText(['Circuit Stats']);
    await expectSettled(page);
    expect(await workOrderButtons(page).allTextContents()).not.toContain('This object on the map');

    await openWorkOrder(page, WO.pending);
    await expect(page.getByText('Nobody is assigned yet (pending).')).toBeVisible();
  });

  test('offline, Sales Order, ArcGIS MAP and Directions warn of limited functionality', async ({ page, context }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    await expect(page.getByText('Limited Functionality While Offline')).toHaveCount(0);
    await context.setOffline(true);
    const warned = page.locator('.wo-actions li').filter({ hasText: 'Limited Functionality While Offline' });
    await expect(warned.getByRole('link')).toHaveText(['Sales Order', 'Area map', 'Directions']);
    await context.setOffline(false);
  });

  test('a work order that cannot be fetched says Failed to Fetch Data', async ({ page, context }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    await page.goto('/search/999999');
    await expect(page.getByRole('alert')).toHaveText('Failed to Fetch Data. Check Internet Connection');
    await expect(page.getByText('There is no work order #999999.')).toBeVisible();
    await page.goto('/search/110001');
    await expect(page.getByRole('alert')).toHaveText('Failed to Fetch Data. Check Internet Connection');

    await page.goto('/search');
    await expect(page.getByRole('link', { name: /#100002/ })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('link', { name: /#100002/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to Fetch Data. Check Internet Connection');
    await context.setOffline(false);
  });
});

test.describe('work order views', () => {
  test('contacts, and No Contacts found', async ({ page }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    await workOrderButtons(page).filter({ hasText: 'Contacts' }).click();
    await expect(page).toHaveURL(/\/search\/100001\/contacts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    // The demo's two contacts come first; customer tests may link more contacts to this location meanwhile.
    await expect(page.locator('.wo-card__title').nth(0)).toHaveText('Rhonda Reyes');
    await expect(page.locator('.wo-card__title').nth(1)).toHaveText('Ramon Reyes');
    await expect(page.getByRole('link', { name: '(573)555-0142' })).toHaveAttribute('href', 'tel:5735550142');
    await expect(page.getByRole('link', { name: 'rhonda.reyes@example.com' })).toHaveAttribute(
      'href',
      'mailto:rhonda.reyes@example.com',
    );
    await page.getByRole('link', { name: 'Go back to WO #100001' }).click();
    await expect(page).toHaveURL(/\/search\/100001$/);

    await page.goto(`/search/${WO.siteSurvey}/contacts`);
    await expect(page.getByText('No Contacts found')).toBeVisible();
  });

  test('notes, and No notes available', async ({ page }) => {
    await signInInstaller(page, { open: `/search/${WO.fullInstall}/notes` });
    await expect(page.locator('.wo-note-body')).toHaveCount(2);
    await expect(page.locator('.wo-note-body').first()).toContainText('pole CLM-P-2231 is clear');
    await page.goto(`/search/${WO.siteSurvey}/notes`);
    await expect(page.getByText('No notes available for this work order')).toBeVisible();
  });

  test('service location: packages, Show Active packages only, Show Assets, and the empty states', async ({ page }) => {
    await signInInstaller(page, { open: `/search/${WO.fullInstall}/serviceLocation` });
    await expect(page.getByText('2208 Clark Ln, Columbia, MO 65202')).toBeVisible();
    const rows = page.locator('.wo-table tbody tr');
    await expect(rows).toHaveCount(3);
    await page.getByLabel('Show Active packages only').check();
    await expect(rows).toHaveCount(2);
    await expect(rows.locator('td:last-child')).toHaveText(['Yes', 'Yes']);
    await page.getByRole('button', { name: 'Show Assets' }).click();
    await expect(page.getByRole('list', { name: 'Assets' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Assets' })).toContainText('ONT-100001');
    await screenshot(page, 'installer-service-location', { phone: true });

    await page.goto(`/search/${WO.siteSurvey}/serviceLocation`);
    await page.getByRole('button', { name: 'Show Assets' }).click();
    await expect(page.getByText('No assets tied to this location')).toBeVisible();
  });

  test('sales order HTML, sanitized and inert', async ({ page }) => {
    await signInInstaller(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/search/${WO.fullInstall}/salesOrder`);
    const order = page.locator('.sales-order');
    await expect(order.getByRole('heading', { name: /Sales Order #\d+/ })).toBeVisible();
    await expect(order).toContainText('Rhonda Reyes');
    await expect(order.locator('table')).toContainText('Total');
    expect(await order.locator('script, [onerror], [onclick], iframe, style').count()).toBe(0);

    const hostile = [
      '<h2>Order <b>kept</b></h2><script>window.__xss = 1</script>',
      '<img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss = 3">link</a>',
      '<iframe srcdoc="<script>parent.__xss = 4</script>"></iframe><p style="display:none">hidden?</p>',
    ].join('');
    await withSalesOrderHtml(WO.businessInstall, hostile, async () => {
      await page.goto(`/search/${WO.businessInstall}/salesOrder`);
      await expect(order.locator('b')).toHaveText('kept');
      await expect(order.getByText('hidden?')).toBeVisible();
      expect(await order.locator('script, img, iframe, [style], [href^="javascript"]').count()).toBe(0);
      await order.getByText('link').click();
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    });
    expect(errors).toEqual([]);
  });

  test('attachments open their files; none for 100003', async ({ page, context }) => {
    await signInInstaller(page, { open: `/search/${WO.fullInstall}/attachments` });
    const links = page.locator('a.wo-file');
    await expect(links).toHaveCount(3);
    const png = links.filter({ hasText: /\.png$/ });
    await expect(png).toHaveAttribute('target', '_blank');
    const href = (await png.getAttribute('href')) ?? '';
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const [tab] = await Promise.all([context.waitForEvent('page'), png.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(/^\/api\/installer\/files\/attachments\/\d+$/);
    await expect(tab.locator('img')).toBeVisible();
    await tab.close();

    await page.goto(`/search/${WO.siteSurvey}/attachments`);
    await expect(page.getByText('No attachments available')).toBeVisible();
  });

  test('the work-order PDF is shown in the page with Download', async ({ page }) => {
    await signInInstaller(page, { open: `/search/${WO.fullInstall}/viewPDF` });
    // Drawn by pdf.js onto canvases as wide as the page; the file itself behind Open in a new tab.
    await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible();
    const open = page.getByRole('link', { name: 'Open in a new tab' });
    await expect(open).toHaveAttribute('href', /\/api\/installer\/files\/work-orders\/100001\/pdf\?token=/);
    const src = (await open.getAttribute('href')) ?? '';
    const pdf = await page.request.get(src);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('work-order-100001.pdf');
  });

  test('physical plant config: No/Yes flags and VIEW/HIDE SPLITTER', async ({ page }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    await workOrderButtons(page).filter({ hasText: 'Fiber and splitter setup' }).click();
    const facts = page.locator('.wo-dl').first();
    await expect(facts.locator('div').filter({ hasText: 'Fiber drop only' }).locator('dd')).toHaveText('No');
    await expect(facts.locator('div').filter({ hasText: 'Existing fiber drop' }).locator('dd')).toHaveText('Yes');
    const splitter = page.getByLabel('Splitter', { exact: true });
    await expect(splitter).toBeHidden();
    await page.getByRole('button', { name: 'VIEW/HIDE SPLITTER' }).click();
    await expect(splitter).toContainText('SPL-CLM-014 P07');
    await page.getByRole('button', { name: 'VIEW/HIDE SPLITTER' }).click();
    await expect(splitter).toBeHidden();
  });

  test('circuits, and No Circuits Found', async ({ page }) => {
    await signInInstaller(page);
    await openWorkOrder(page, WO.fullInstall);
    await workOrderButtons(page).filter({ hasText: 'Circuit Stats' }).click();
    await expect(page.locator('.wo-card__title')).toHaveText(['Data · DATA-100001', 'Voice · VOICE-100001']);
    await page.goto(`/search/${WO.businessInstall}/circuitStats`);
    await expect(page.getByText('No Circuits Found')).toBeVisible();
  });

  test('directions open an external navigation link to the service location', async ({ page }) => {
    await signInInstaller(page, { open: `/search/${WO.fullInstall}/directions` });
    const link = page.getByRole('link', { name: 'Open directions' });
    await expect(link).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=38.9652,-92.2968');
    await expect(link).toHaveAttribute('target', '_blank');
  });
});

test('On my way tells the customer once and shows it was sent; an installer not assigned gets no button', async ({
  page,
}) => {
  await signInInstaller(page);
  await openWorkOrder(page, WO.fullInstall);
  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/on-my-way')) sends.push(r.url());
  });
  await page.getByRole('button', { name: 'On my way' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Customer told you are on the way' });
  await expect(sent).toBeVisible();
  await expect(page.getByRole('button', { name: 'On my way' })).toHaveCount(0);
  await page.reload();
  await expect(sent).toBeVisible();
  expect(sends).toHaveLength(1);

  await openWorkOrder(page, 100006);
  await expect(page.getByRole('heading', { level: 1, name: 'Work Order #100006' })).toBeVisible();
  await expectSettled(page);
  await expect(page.getByRole('button', { name: 'On my way' })).toHaveCount(0);
});

test('on a 390 × 844 phone the main actions are in the first screen, each label inside its button (issue 27)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInInstaller(page);
  await openWorkOrder(page, WO.fullInstall);
  const main = page.getByRole('navigation', { name: 'Main actions' });
  for (const name of ['Navigate', 'Call', 'Checklist', 'Photo', 'Scan']) {
    const action = main.getByRole('link', { name, exact: true }).or(main.getByRole('button', { name, exact: true }));
    await expect(action.first()).toBeVisible();
    const box = await action.first().boundingBox();
    expect((box?.y ?? 844) + (box?.height ?? 0), `${name} in the first screen`).toBeLessThanOrEqual(844);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await action.first().evaluate((e) => e.scrollWidth <= e.clientWidth), `${name} fits its button`).toBe(true);
  }
});
