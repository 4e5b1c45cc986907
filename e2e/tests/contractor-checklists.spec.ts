import type { Locator, Page } from '@playwright/test';
import {
  expectSaved,
  modalMessage,
  openChecklist,
  saveChecklist,
  signInContractor,
  CONTRACTOR_WO as WO,
} from './support/contractor';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

const DROP_TYPE = 'Please select a drop Type';
const SPEED_TEST =
  "Oops, looks like you haven't attached the speed test URL yet, please put a proper value and try again.";
const READ_ONLY = 'This work order is complete, so its checklist can no longer be changed.';

/** Fills the arrival and work-complete 'date time' inputs. */
async function fillTimes(modal: Locator) {
  await modal.getByLabel('Arrival onsite date').fill('2025-03-04');
  await modal.getByLabel('Arrival onsite time').fill('08:15');
  await modal.getByLabel('Work complete date').fill('2025-03-04');
  await modal.getByLabel('Work complete time').fill('11:40');
}

/** Ticks 'Complete Work Order?', saves, answers Yes, and checks the work order now opens read-only. */
async function completeAndCheckReadOnly(page: Page, modal: Locator, workOrderId: number) {
  await modal.getByLabel('Complete Work Order?').check();
  await saveChecklist(page, modal, 'Yes');
  await expectSaved(page, modal);
  const again = await openChecklist(page, workOrderId);
  await expect(modalMessage(again)).toHaveText(READ_ONLY);
  await expect(again.getByLabel('Complete Work Order?')).toBeChecked();
  await expect(again.getByLabel('Complete Work Order?')).toBeDisabled();
  await expect(again.getByLabel('Notes')).toBeDisabled();
  await expect(again.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  return again;
}

test.describe('the onsite checklist of each family', () => {
  // Each test opens its work order's checklist as its first page.
  test.beforeEach(async ({ page }) => {
    await signInContractor(page, { open: false });
  });

  test("drop construction: 'Please select a drop Type', then 'No, let me double check', then complete", async ({
    page,
  }) => {
    const modal = await openChecklist(page, WO.consumerDropConstruction);
    await expect(modal.locator('.checklist-title')).toHaveText('Drop construction checklist');
    await modal.getByLabel('Complete Work Order?').check();
    await saveChecklist(page, modal);
    await expect(modalMessage(modal)).toHaveText(DROP_TYPE);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await modal.getByLabel('Drop type').selectOption({ label: 'Buried Drop' });
    await expect(modal.getByLabel('Drop type').locator('option')).not.toContainText(['Business Aerial Lateral']);
    await modal.getByLabel('Locate complete').fill('2025-03-01');
    await modal.getByLabel('Drop bury start').fill('2025-03-03');
    await fillTimes(modal);
    await saveChecklist(page, modal, 'No, let me double check');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(modal).toBeVisible();
    await screenshot(page, 'contractor-modal-construction');
    await completeAndCheckReadOnly(page, modal, WO.consumerDropConstruction);
    const readOnly = await openChecklist(page, WO.consumerDropConstruction);
    await expect(readOnly.getByLabel('Drop type')).toHaveValue('2');
    await expect(readOnly.getByLabel('Arrival onsite time')).toHaveValue('08:15');
  });

  test('install: the additional-room charge, the default time 00:00, one-tap Now, and completion', async ({ page }) => {
    const modal = await openChecklist(page, WO.consumerFiberInstall);
    await modal.getByLabel('Additional rooms').selectOption('3');
    await expect(modal.getByText('Charge: $225.00 ($75.00 a room)')).toBeVisible();
    await expect(modal.getByLabel('Additional rooms').locator('option')).toHaveCount(101);
    await modal.getByLabel('Yard sign placed').check();
    await modal.getByLabel('Light signal strength').fill('-18.9 dBm');
    await modal.getByLabel('Arrival onsite date').fill('2025-03-05');
    await expect(modal.getByLabel('Arrival onsite time')).toHaveValue('00:00');
    // Issue 27: one tap sets a time to now, on the provider's clock; the button is touch-sized.
    const now = modal.getByRole('button', { name: 'Now for Work complete' });
    expect((await now.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await now.click();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    await expect(modal.getByLabel('Work complete date')).toHaveValue(today);
    await expect(modal.getByLabel('Work complete time')).toHaveValue(/^\d\d:\d\d$/);
    await expect(modal.getByLabel('Work complete time')).not.toHaveValue('');
    await completeAndCheckReadOnly(page, modal, WO.consumerFiberInstall);
  });

  test('site survey: stored answers load; yes/no/unknown flags and ONT placement save', async ({ page }) => {
    const modal = await openChecklist(page, WO.consumerSiteSurvey);
    await expect(modal.getByLabel('Staking sheet number')).toHaveValue('SS-4471');
    await expect(modal.getByLabel('Invisible fence')).toHaveValue('1');
    await expect(modal.getByLabel('Septic system').locator('option')).toHaveText(['Yes', 'No', 'Unknown']);
    await modal.getByLabel('Septic system').selectOption({ label: 'No' });
    await modal.getByLabel('ONT placement').selectOption('Indoor');
    const again = await completeAndCheckReadOnly(page, modal, WO.consumerSiteSurvey);
    await expect(again.getByLabel('Septic system')).toHaveValue('2');
    await expect(again.getByLabel('ONT placement')).toHaveValue('Indoor');
  });

  test('splicing: quantities are whole numbers from 0; one-time rehangs are not kept but are in the history', async ({
    page,
  }) => {
    const modal = await openChecklist(page, WO.consumerSplicing);
    await modal.getByLabel('Single fusion splices').fill('-2');
    await saveChecklist(page, modal);
    await expect(modalMessage(modal)).toHaveText('Single fusion splices must be a whole number from 0 to 100000.');
    await modal.getByLabel('Single fusion splices').fill('24');
    await modal.getByLabel('Hand hole address').fill('HH-CLM-3310');
    await modal.getByLabel('Splice case type').selectOption('FOSC 450 B');
    await modal.getByLabel('Splice case rehang').check();
    await modal.getByLabel('Aerial rehang').check();
    const again = await completeAndCheckReadOnly(page, modal, WO.consumerSplicing);
    await expect(again.getByLabel('Splice case rehang')).not.toBeChecked();
    await again.getByText(/^Save history/).click();
    await expect(again.getByText('One-time: Splice case rehang, Aerial rehang')).toBeVisible();
    await expect(again.getByText(/Carla Cruz/)).toBeVisible();
    await expect(again.getByText('Single fusion splices: 0 → 24')).toBeVisible();
  });

  test('TV install: the speed test URL message, then completion', async ({ page }) => {
    const modal = await openChecklist(page, WO.tvInstall);
    await saveChecklist(page, modal);
    await expect(modalMessage(modal)).toHaveText(SPEED_TEST);
    await modal.getByLabel('Speed test URL').fill('speedtest');
    await saveChecklist(page, modal);
    await expect(modalMessage(modal)).toHaveText(SPEED_TEST);
    await modal.getByLabel('Speed test URL').fill('https://www.speedtest.net/result/15873319999');
    await completeAndCheckReadOnly(page, modal, WO.tvInstall);
  });

  test('base: the template type of the type, an invoice number, completion', async ({ page }) => {
    const modal = await openChecklist(page, WO.backboneSplice);
    await expect(modal.locator('.checklist-title')).toHaveText('Base checklist · template backbone-splice');
    await modal.getByLabel('Invoice number').fill('PFB-3301');
    await completeAndCheckReadOnly(page, modal, WO.backboneSplice);
  });

  test('coiled drop: bore footage, completion', async ({ page }) => {
    const modal = await openChecklist(page, WO.coiledDrop);
    await modal.getByLabel('Bore footage (ft)').fill('85');
    await fillTimes(modal);
    await completeAndCheckReadOnly(page, modal, WO.coiledDrop);
  });

  test('connectorized: inputs per assembly unit, earnings under the contract, drop type to complete', async ({
    page,
  }) => {
    const modal = await openChecklist(page, WO.connectorizedInstall);
    const units = modal.getByRole('region', { name: 'Assembly units' });
    await expect(units.getByRole('row')).toHaveCount(4);
    await expect(units.getByText('Earns under the contract')).toBeVisible();

    const add = units.getByRole('form', { name: 'Add an assembly unit' });
    await add.getByLabel('Assembly unit').selectOption({ label: 'ONT-INST · Install ONT and power supply' });
    await expect(add.getByLabel('Asset tags')).toBeVisible();
    await expect(add.getByLabel('Serial numbers (optional)')).toBeVisible();
    await expect(add.getByLabel('Reel number')).toHaveCount(0);
    await add.getByLabel('Assembly unit').selectOption({ label: 'DROP-UG · Underground drop in conduit, per foot' });
    await expect(add.getByLabel('Asset tags')).toHaveCount(0);
    await expect(add.getByLabel('Ending sequential (optional)')).toBeVisible();
    await add.getByLabel('Quantity').fill('120');
    await add.getByRole('button', { name: 'Add assembly unit' }).click();
    await expect(add.getByText('Beginning sequential is required for this assembly unit.')).toBeVisible();
    await add.getByLabel('Beginning sequential').fill('5000');
    await add.getByLabel('Reel number').fill('R-7000');
    await add.getByLabel('ROW footage').fill('120');
    await add.getByRole('button', { name: 'Add assembly unit' }).click();
    await expect(units.getByRole('row')).toHaveCount(5);
    // Current contract: ONT-INST $85.00 + DROP-UG 180 ft ($423.00) and 120 ft ($282.00) at $2.35.
    await expect(units.getByRole('cell', { name: '$282.00' })).toBeVisible();
    await expect(units.locator('.assembly__total')).toHaveText('$790.00');
    await screenshot(page, 'contractor-modal-connectorized-units');

    await modal.getByLabel('Additional rooms').selectOption('99');
    await expect(modal.getByLabel('Additional rooms').locator('option')).toHaveCount(100);
    await modal.getByLabel('Complete Work Order?').check();
    await saveChecklist(page, modal);
    await expect(modalMessage(modal)).toHaveText(DROP_TYPE);
    await modal.getByLabel('Drop type').selectOption({ label: 'Hybrid Drop' });
    await modal.getByLabel('Actual drop length (ft)').selectOption({ label: '150 ft' });
    await completeAndCheckReadOnly(page, modal, WO.connectorizedInstall);
    const again = await openChecklist(page, WO.connectorizedInstall);
    await expect(again.getByRole('form', { name: 'Add an assembly unit' })).toHaveCount(0);
  });

  test('yard complaint: its complete box asks first, then fills the date and completes', async ({ page }) => {
    const modal = await openChecklist(page, WO.yardComplaint);
    await expect(modal.getByLabel('Complete Work Order?')).toHaveCount(0);
    const box = modal.getByLabel('Restoration complete?');
    await box.click();
    const question = page.getByRole('alertdialog', { name: 'Are you sure all assets are moved properly?' });
    await question.getByRole('button', { name: 'No, let me double check' }).click();
    await expect(box).not.toBeChecked();
    await expect(modal.getByLabel('Date completed')).toBeDisabled();
    await box.click();
    await question.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(box).toBeChecked();
    await expect(modal.getByLabel('Date completed')).not.toHaveValue('');
    await saveChecklist(page, modal);
    await expectSaved(page, modal);
    const again = await openChecklist(page, WO.yardComplaint);
    await expect(modalMessage(again)).toHaveText(READ_ONLY);
    await expect(again.getByLabel('Restoration complete?')).toBeDisabled();
  });

  test("colo install: categories default to 'None specified'; last updated is set on save", async ({ page }) => {
    const modal = await openChecklist(page, WO.dispatch);
    await expect(modal.getByLabel('Install category')).toHaveValue('None specified');
    await expect(modal.getByLabel('Last updated')).toHaveAttribute('readonly', '');
    await modal.getByLabel('Resolved').check();
    await modal.getByLabel('Tests performed').fill('Light levels -17 dBm at the ONT.');
    const again = await completeAndCheckReadOnly(page, modal, WO.dispatch);
    await expect(again.getByLabel('Last updated')).not.toHaveValue('');
  });

  test('a server error shows in the modal message area and keeps the modal open', async ({ page }) => {
    const modal = await openChecklist(page, WO.businessColoInstall);
    await page.route(`**/api/contractor/work-orders/${WO.businessColoInstall}/checklist`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'conflict', message: READ_ONLY } }),
      }),
    );
    await saveChecklist(page, modal);
    await expect(modalMessage(modal)).toHaveText(READ_ONLY);
    await expect(modal).toBeVisible();
  });

  test("'Template not found' with the view file, and a complete work order is read-only", async ({ page }) => {
    const missing = await openChecklist(page, WO.templateNotFound);
    await expect(missing.getByText('Template not found')).toBeVisible();
    await expect(missing.getByText('legacy_pole_audit')).toBeVisible();
    await missing.getByRole('button', { name: 'Close' }).click();
    await expect(missing).toBeHidden();

    const done = await openChecklist(page, WO.complete);
    await expect(modalMessage(done)).toHaveText(READ_ONLY);
    await expect(done.getByLabel('Speed test URL')).toHaveValue('https://www.speedtest.net/result/15873310442');
    await expect(done.getByLabel('Speed test URL')).toBeDisabled();
    const closed = await openChecklist(page, WO.closed);
    await expect(closed.getByLabel('Invoice number')).toBeDisabled();
  });

  test('the modal on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const modal = await openChecklist(page, WO.businessInstall);
    const save = modal.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeVisible();
    expect((await save.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    const overflow = await modal.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'contractor-modal-install-phone');
  });
});
