/** Helpers of the contractor portal's browser tests. */
import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from './app';

/** Company 2's open work order of each checklist type (DEMO-DATA.md; ids 110001..110023 in catalogue order). */
export const CONTRACTOR_WO = {
  businessConstruction: 110_001,
  consumerDropConstruction: 110_002,
  buryTempDrop: 110_003,
  buryHybridDrop: 110_004,
  businessInstall: 110_005,
  consumerFiberInstall: 110_006,
  businessSiteSurvey: 110_007,
  consumerSiteSurvey: 110_008,
  businessSplicing: 110_009,
  consumerSplicing: 110_010,
  mstSplicing: 110_011,
  businessTvInstall: 110_012,
  tvInstall: 110_013,
  backboneSplice: 110_014,
  spliceFieldSplitter: 110_015,
  hpbxSiteSurvey: 110_016,
  specialRequest: 110_017,
  coiledDrop: 110_018,
  connectorizedInstall: 110_019,
  yardComplaint: 110_020,
  residentialColoInstall: 110_021,
  businessColoInstall: 110_022,
  dispatch: 110_023,
  complete: 110_024,
  closed: 110_025,
  templateNotFound: 110_026,
  company1: 120_001,
} as const;

/** Signs in as a contractor and chooses the contractor portal: its home, or the page `open` names, or none. */
export async function signInContractor(
  page: Page,
  { username = 'contractor', open }: { username?: string; open?: string | false } = {},
): Promise<void> {
  await signIn(page, username, { portal: 'contractor', open });
  if (open !== undefined) return;
  await expect(page).toHaveURL(/\/contractorHome$/);
}

/** Opens a work order's edit modal straight from its link. */
export async function openChecklist(page: Page, workOrderId: number): Promise<Locator> {
  await page.goto(`/workOrders?wo=${workOrderId}&edit=${workOrderId}`);
  const modal = page.getByRole('dialog', { name: new RegExp(`Work order #${workOrderId}`) });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Loading…')).toBeHidden();
  return modal;
}

/** The modal's Save, then the answer to the completion question when it is asked. */
export async function saveChecklist(page: Page, modal: Locator, answer?: 'Yes' | 'No, let me double check') {
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  if (answer) {
    const question = page.getByRole('alertdialog', { name: 'Are you sure all assets are moved properly?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: answer, exact: true }).click();
  }
}

/** After a successful save: the popup says so and the modal is gone. */
export async function expectSaved(page: Page, modal: Locator): Promise<void> {
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(modal).toBeHidden();
}

export function modalMessage(modal: Locator): Locator {
  return modal.locator('.modal__message');
}
