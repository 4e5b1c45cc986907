/**
 * Issue 27 item 5: the sync centre. A contractor's checklist saved without a connection waits there (with the
 * photos an installer queues, offline-photos.spec.ts), is sent when the connection returns, and one the server
 * refuses shows why and can be discarded (asked first).
 */
import { assetIdOf } from './support/assets';
import { openChecklist, signInContractor, CONTRACTOR_WO as WO } from './support/contractor';
import { withTestDb } from './support/db';
import { signInInstaller } from './support/installer';
import { waitForServiceWorker } from './support/offline';
import { expect, test } from './support/spec-server';

// Works offline: the service worker precaches the app's chunks (the popup, the sync page), as on a phone.
test.use({ serviceWorkers: 'allow' });

const QUEUED = /^No connection: the checklist is saved on this device/;

test.describe('the sync centre', () => {
  test('a checklist saved offline waits, is sent when back online; a refused one says why and is discarded', async ({
    page,
    context,
  }) => {
    await signInContractor(page, { open: '/contractorHome' });
    await waitForServiceWorker(page);
    const modal = await openChecklist(page, WO.businessSiteSurvey);
    await context.setOffline(true);
    await modal.getByLabel('Notes').fill('Saved in the basement, no signal');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(modal).toBeHidden();

    await page.getByRole('link', { name: 'Sync, 1 waiting' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
    const queue = page.getByRole('list', { name: 'Queued changes' });
    const waiting = queue.locator('.sync-item--waiting');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText(`Checklist save · WO #${WO.businessSiteSurvey}`);
    await expect(page.getByText('Offline: changes wait on this device')).toBeVisible();
    await expect(page.locator('.sync-summary')).toContainText('Not yet on this device');
    await expect(page.locator('.sync-summary')).toContainText(/Stored on this device\s*[\d.]+ (B|KB|MB)/);

    await context.setOffline(false);
    await expect(queue.locator('.sync-item--sent')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByText('1 queued change sent.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sync, nothing waiting' })).toBeVisible();
    await expect(page.locator('.sync-summary')).not.toContainText('Not yet on this device');
    const saved = await openChecklist(page, WO.businessSiteSurvey);
    await expect(saved.getByLabel('Notes')).toHaveValue('Saved in the basement, no signal');

    // The server refuses the next one when it is replayed: the sync centre says why.
    await context.setOffline(true);
    await saved.getByLabel('Notes').fill('A second visit');
    await saved.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(QUEUED)).toBeVisible();
    await page.route(`**/api/contractor/work-orders/${WO.businessSiteSurvey}/checklist`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'conflict', message: 'The work order was closed by the office.' } }),
          })
        : route.fallback(),
    );
    await page.getByRole('link', { name: 'Sync, 1 waiting' }).click();
    await context.setOffline(false);
    const failed = queue.locator('.sync-item--failed');
    await expect(failed).toContainText('Why: The work order was closed by the office.', { timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Sync, 1 failed' })).toBeVisible();
    await failed.getByRole('button', { name: 'Discard' }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText(`Discard Checklist save · WO #${WO.businessSiteSurvey}?`);
    await ask.getByRole('button', { name: 'Keep' }).click();
    await expect(failed).toHaveCount(1);
    await failed.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sync, nothing waiting' })).toBeVisible();
  });
});

/** The action requests recorded for an asset (the asset worker carries them out; each press is one row). */
async function actionRequests(assetId: number): Promise<number> {
  const row = await withTestDb((db) =>
    db.get<{ n: number }>('SELECT COUNT(*) AS n FROM asset_action_requests WHERE asset_id = ?', assetId),
  );
  return Number(row?.n ?? 0);
}

test.describe('an asset action queued offline on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('waits in the sync centre while offline, is requested exactly once when back online, and stays listed as sent after a reload', async ({
    page,
    context,
  }) => {
    const assetId = await assetIdOf('ONT-100001');
    const before = await actionRequests(assetId);
    await signInInstaller(page, { open: `/search/100001/serviceLocation/${assetId}` });
    await expect(page.getByRole('heading', { level: 1, name: 'ONT-100001' })).toBeVisible();
    await waitForServiceWorker(page);
    const take = page.getByRole('button', { name: 'Take Action: Reboot ONT' });
    await expect(take).toBeVisible();

    await context.setOffline(true);
    await take.click();
    await expect(page.getByRole('status').filter({ hasText: /^No connection: the action is saved/ })).toBeVisible();
    expect(await actionRequests(assetId)).toBe(before);

    await page.getByRole('link', { name: 'Sync, 1 waiting' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
    const queue = page.getByRole('list', { name: 'Queued changes' });
    const waiting = queue.locator('.sync-item--waiting');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText('Asset action on ONT-100001 · WO #100001');
    // Touch-sized: the item's buttons are at least 44 px tall at 390 px wide.
    const retry = (await waiting.getByRole('button', { name: 'Retry' }).boundingBox())?.height ?? 0;
    expect(retry).toBeGreaterThanOrEqual(44);

    await context.setOffline(false);
    await expect(queue.locator('.sync-item--sent')).toHaveCount(1, { timeout: 15_000 });
    await expect(queue.locator('.sync-item--sent')).toContainText('Asset action on ONT-100001 · WO #100001');
    await expect(page.getByText('1 queued change sent.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sync, nothing waiting' })).toBeVisible();
    await expect.poll(() => actionRequests(assetId)).toBe(before + 1);
    // Nothing sends it again: a later drain (another 'online') finds an empty queue.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByRole('link', { name: 'Sync, nothing waiting' })).toBeVisible();
    expect(await actionRequests(assetId)).toBe(before + 1);

    // The sent log is kept on the device: after a reload the sync centre still shows what was sent, and when.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
    const sent = page.getByRole('list', { name: 'Queued changes' }).locator('.sync-item--sent');
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText('Asset action on ONT-100001 · WO #100001');
    await expect(sent).toContainText(/Sent · queued .+ · sent .+/);
    await expect(page.locator('.sync-summary')).not.toContainText('Not yet on this device');
  });
});
