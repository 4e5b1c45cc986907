/**
 * The dispatch board (issue 13 part 3) as the `dispatcher`: at desktop a pending work order is dragged onto an
 * installer's time on the resource calendar, shows there scheduled, and the installer finds it under Assigned to Me;
 * at 360 px the board is a list per day where assigning and rescheduling go through the form.
 */
import type { Page } from '@playwright/test';
import { logOut, signIn } from './support/app';
import { resultIds, signInInstaller } from './support/installer';
import { expect, test } from './support/spec-server';

// The board's working hours are Missouri's; the browser keeps the same clock.
test.use({ timezoneId: 'America/Chicago' });

const PENDING = 100005;
const pad = (n: number) => String(n).padStart(2, '0');
/** A weekday a week or more from now (YYYY-MM-DD, local), free in the demo schedule. */
function futureWeekday(offset = 8): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function openDay(page: Page, day: string) {
  await page.getByLabel('Day', { exact: true }).fill(day);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(String(Number(day.slice(8)))) })).toBeVisible();
}

test('desktop: drag a pending work order onto an installer, then the installer finds it', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await page.goto('/staff/dispatch');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();
  const day = futureWeekday();
  await openDay(page, day);

  await page.getByLabel('Find in the list').fill(String(PENDING));
  const item = page.locator(`.dispatch-item[data-work-order-id="${PENDING}"]`);
  await expect(item).toBeVisible();
  await item.scrollIntoViewIfNeeded();
  await expect(item.getByText('Unassigned')).toBeVisible();

  // The installer's column and the 10:00 row of the resource time grid.
  const column = page.locator('.dispatch-calendar [data-resource-id="installer:5"]').first();
  await expect(column).toBeVisible();
  const row = page.locator('.dispatch-calendar [data-time="10:00:00"]').first();
  const c = await column.boundingBox();
  const r = await row.boundingBox();
  const from = await item.boundingBox();
  if (!c || !r || !from) throw new Error('board not laid out');
  await page.screenshot({ path: test.info().outputPath('board-before.png'), fullPage: true });

  await page.mouse.move(from.x + 40, from.y + 12);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y + 30, { steps: 5 });
  await page.mouse.move(c.x + c.width / 2, r.y + 6, { steps: 20 });
  await page.mouse.up();

  await expect(page.locator('.dispatch-page .alert')).toContainText(
    `Work order ${PENDING} scheduled for Ian Ingram at ${day} 10:00.`,
  );
  await expect(page.locator('.dispatch-calendar').getByText(`#${PENDING}`)).toBeVisible();
  await expect(page.locator(`.dispatch-item[data-work-order-id="${PENDING}"]`)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('board-after.png'), fullPage: true });

  await logOut(page);
  // The installer's start search is Assigned to Me: the work order is there now, with its visit.
  await signInInstaller(page);
  await expect.poll(() => resultIds(page)).toContain(PENDING);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('360 px: assign and reschedule through the form, see the day as a list', async ({ page }) => {
    await signIn(page, 'dispatcher');
    await page.goto('/staff/dispatch');
    const day = futureWeekday(9);
    await openDay(page, day);
    // No calendar on a phone: the day is a list.
    await expect(page.locator('.dispatch-calendar')).toHaveCount(0);

    // Any work order assigned to nobody (the desktop test may have placed 100005 already).
    const item = page.locator('.dispatch-item', { hasText: 'Unassigned' }).first();
    const id = Number(await item.getAttribute('data-work-order-id'));
    expect(id).toBeGreaterThan(0);
    await page.getByLabel('Find in the list').fill(String(id));
    await page.getByRole('button', { name: `Assign work order ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assign work order ${id}` });
    await dialog.getByLabel('Installer or crew').selectOption({ label: 'Owen Ortiz (installer)' });
    await dialog.getByLabel('Start time').fill('09:00');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('.dispatch-page .alert')).toContainText(`Work order ${id} scheduled for Owen Ortiz`);
    const owen = page.getByRole('region', { name: 'Owen Ortiz' });
    await expect(owen.getByText(`09:00–11:00 #${id}`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('phone-list.png'), fullPage: true });

    await owen.getByRole('button', { name: `Reschedule work order ${id}` }).click();
    const again = page.getByRole('dialog', { name: `Reschedule work order ${id}` });
    await expect(again.getByLabel('Start time')).toHaveValue('09:00');
    await again.getByLabel('Start time').fill('18:00');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.dispatch-page .alert')).toContainText('Outside working hours');
    await expect(owen.getByText(`18:00–20:00 #${id}`)).toBeVisible();
    await expect(owen.getByText(/Outside working hours/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('phone-rescheduled.png'), fullPage: true });
  });
});
