import { openWorkOrder, signInInstaller, WO, workOrderButtons } from './support/installer';
import { expect, test } from './support/spec-server';

test('the Checklist button opens the work order’s onsite checklist, read-only', async ({ page }) => {
  await signInInstaller(page);
  await openWorkOrder(page, WO.fullInstall);
  await workOrderButtons(page).filter({ hasText: 'Checklist' }).click();
  await expect(page).toHaveURL(/\/search\/100001\/checkList$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checklist' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Install checklist' });
  await expect(form).toBeVisible();
  await expect(form.getByText('Arrival onsite')).toBeVisible();
  await expect(form.getByRole('definition')).not.toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go back to WO #100001' }).click();
  await expect(page).toHaveURL(/\/search\/100001$/);
});
