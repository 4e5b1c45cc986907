import { openWorkOrder, signInInstaller, WO, workOrderButtons } from './support/installer';
import { expect, test } from './support/spec-server';

test('the Checklist button opens the work order’s onsite checklist; Complete install needs its required fields (issue 27)', async ({
  page,
}) => {
  await signInInstaller(page);
  await openWorkOrder(page, WO.fullInstall);
  await workOrderButtons(page).filter({ hasText: 'Checklist' }).click();
  await expect(page).toHaveURL(/\/search\/100001\/checkList$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checklist' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Install checklist' });
  await expect(form).toBeVisible();
  await expect(form.getByText('Arrival onsite')).toBeVisible();
  await expect(form.getByRole('definition')).not.toHaveCount(0);

  // Nothing filled in yet: no Complete install, but what is missing and a link to fill it in.
  await expect(page.getByRole('button', { name: 'Complete install' })).toHaveCount(0);
  const missing = page.getByRole('note');
  await expect(missing).toContainText(
    'Fill in the checklist before completing the install: Light signal strength, Speed test URL.',
  );
  await missing.getByRole('link', { name: 'Fill in the checklist' }).click();
  const edit = page.getByRole('form', { name: 'Fill in the checklist' });
  await expect(edit).toBeInViewport();

  // A save with one required field still empty is kept, and the notice names what is left.
  await edit.getByLabel('Light signal strength (needed to complete)').fill('-18.2 dBm');
  await edit.getByRole('button', { name: 'Save checklist' }).click();
  await expect(page.getByRole('note')).toContainText('the install: Speed test URL.');
  await edit.getByLabel('Speed test URL (needed to complete)').fill('https://speed.example.test/r/1');
  await edit.getByLabel('Yard sign placed').check();
  await edit.getByRole('button', { name: 'Save checklist' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checklist saved' })).toBeVisible();
  await expect(form.getByText('-18.2 dBm')).toBeVisible();

  // Now Complete install asks SPEC §4's question in the kit's dialog, and completes.
  await page.getByRole('button', { name: 'Complete install' }).click();
  const question = page.getByRole('alertdialog', { name: 'Are you sure all assets are moved properly?' });
  await question.getByRole('button', { name: 'Yes, complete the install' }).click();
  await expect(page.getByText(/^Complete ·/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Fill in the checklist' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Go back to WO #100001' }).click();
  await expect(page).toHaveURL(/\/search\/100001$/);
});
