/**
 * Issue 27 item 5: the sync centre. A contractor's checklist saved without a connection waits there (with the
 * photos an installer queues, offline-photos.spec.ts), is sent when the connection returns, and one the server
 * refuses shows why and can be discarded (asked first).
 */
import { openChecklist, signInContractor, CONTRACTOR_WO as WO } from './support/contractor';
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
    await signInContractor(page);
    await page.goto('/contractorHome');
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
