/** Helpers of the customer-portal browser tests: sections of Account Info and the Billing Center. */
import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page } from '@playwright/test';

/** Opens a section of /accountInfo or /billingCenter through its link, as a person would. */
export async function openSection(page: Page, area: 'Account Info' | 'Billing Center', section: string) {
  await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible();
  await page
    .getByRole('navigation', { name: `${area} sections` })
    .getByRole('link', { name: section })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
}

export async function goToBillingCenter(page: Page, section = 'Bills') {
  await page.goto('/billingCenter');
  await openSection(page, 'Billing Center', section);
}

export async function goToAccountInfo(page: Page, section: string) {
  await page.goto('/accountInfo');
  await openSection(page, 'Account Info', section);
}

/** The page fits a 360 px phone: nothing wider than the screen. */
export async function expectNoSideways(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 360);
}

export async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

/** Types the sandbox's test card (4242 4242 4242 4242, 12/2035) into a card form; the billing ZIP when asked for. */
export async function fillSandboxCard(page: Page, holder: string, postalCode?: string) {
  await page.getByLabel('Name on card', { exact: true }).fill(holder);
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month', { exact: true }).fill('12');
  await page.getByLabel('Expiry year', { exact: true }).fill('2035');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  if (postalCode) await page.getByLabel('Billing ZIP code', { exact: true }).fill(postalCode);
}
