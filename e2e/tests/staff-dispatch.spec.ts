/**
 * The dispatch board (issue 13 part 3, issue 29 item 4) as the `dispatcher`: at 1440 px every installer and crew is a
 * row of one timeline board (grouped, searchable, provider time); a pending work order is assigned through the Assign
 * dialog (which says who is free), moved with the keys, and the installer finds it under Assigned to Me; two are bulk
 * assigned to a contractor crew, shown on the map, and the crew's contractor sees them on next load and on the
 * calendar's day; at 360 px the board is a list per day where assigning and rescheduling go through the form.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { logOut, signIn } from './support/app';
import { signInContractor } from './support/contractor';
import { resultIds, signInInstaller } from './support/installer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

// The board's working hours are Missouri's; the browser keeps the same clock.
test.use({ timezoneId: 'America/Chicago' });

const PENDING = 100005;
const pad = (n: number) => String(n).padStart(2, '0');
/** The first weekday `offset` or more days from now (YYYY-MM-DD, local). */
function futureWeekday(offset = 8): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * A moment of the board's messages, in provider time: "Jan 5, 2027, 10:15 AM CST" for ("2027-01-05", "10:15 AM"),
 * as a pattern (the zone is CST or CDT by the date).
 */
function providerMoment(day: string, time: string): RegExp {
  const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  // The space before AM/PM may be a narrow one (newer ICU).
  return new RegExp(`${date.format(new Date(`${day}T12:00:00Z`))}, ${time.replace(' ', '\\s')} C[SD]T\\.`);
}

/** DOCS_SCREENSHOTS=1 also writes the board at 1440 × 900 to docs/screenshots/ (as visual.spec.ts does). */
const DOCS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');

async function openDay(page: Page, day: string) {
  await page.getByLabel('Day', { exact: true }).fill(day);
  // The day's heading ("Tuesday, January 5, 2027"), not a count that holds the same digit ("To place (165)").
  const heading = new RegExp(`\\b${Number(day.slice(8))}, ${day.slice(0, 4)}$`);
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

test('1440 px: every crew on one board, Assign shows who is free, keyboard moves, the installer finds it', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dispatcher', { open: '/staff/dispatch' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();
  // Five weeks ahead: past the demo's schedule (its visits end 30 days out), so Ian Ingram and the person below him
  // are free all day whatever today is.
  const day = futureWeekday(35);
  await openDay(page, day);

  await page.getByLabel('Find in the list').fill(String(PENDING));
  const item = page.locator(`.dispatch-item[data-work-order-id="${PENDING}"]`);
  await expect(item).toBeVisible();
  await item.scrollIntoViewIfNeeded();
  await expect(item.getByText('Unassigned')).toBeVisible();

  await screenshot(page, 'staff-dispatch-board-before', { fullPage: false });
  // Every installer and crew is a row of one board, grouped and searchable; the time axis is labelled with the zone.
  // The rows are counted once a known one is there (a count read once, before the board is drawn, would be 0).
  const rows = page.locator('.timeline__row');
  const ian = page.locator('.timeline__row[data-resource-id="installer:5"]');
  await expect(ian).toBeVisible();
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(19);
  await expect(page.locator('.timeline__axis')).toContainText(/^C[SD]T/);
  await expect(page.getByRole('region', { name: 'Our installers' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contractor companies' })).toBeVisible();
  await page.getByLabel('Find an installer or crew').fill('ingram');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Find an installer or crew').fill('');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(19);

  // The Assign dialog says who is free for the chosen time, from the server.
  await item.getByRole('button', { name: `Assign work order ${PENDING}` }).click();
  const dialog = page.getByRole('dialog', { name: `Assign work order ${PENDING}` });
  await dialog.getByLabel('Installer or crew').selectOption({ label: 'Ian Ingram (installer)' });
  await dialog.getByLabel(/^Start time/).fill('10:00');
  await expect(dialog.getByText(/installers and crews are free at that time/)).toBeVisible();
  await expect(dialog.getByText('Ian Ingram is free.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toHaveCount(0);
  // The messages say the time in provider time, with the zone, as the board and the dialog do.
  await expect(page.locator('.dispatch-page .alert')).toContainText(
    new RegExp(`Work order ${PENDING} scheduled for Ian Ingram at ${providerMoment(day, '10:00 AM').source}`),
  );
  const visit = ian.getByRole('button', { name: new RegExp(`^Work order ${PENDING},`) });
  await expect(visit).toContainText('10:00–12:00 C');
  await screenshot(page, 'staff-dispatch-board-after', { fullPage: false });
  if (process.env.DOCS_SCREENSHOTS === '1') {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(DOCS, 'staff-dispatch-desktop.png'), animations: 'disabled' });
  }

  // Keyboard: → moves it 15 minutes later, the server checks and the board redraws.
  await visit.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.dispatch-page .alert')).toContainText(
    new RegExp(`Work order ${PENDING} moved to Ian Ingram at ${providerMoment(day, '10:15 AM').source}`),
  );
  await expect(ian.getByRole('button', { name: new RegExp(`^Work order ${PENDING},`) })).toContainText('10:15–12:15');
  // ↓ moves it to the person below (free that day), ↑ back.
  const below = page.locator('.timeline__row[data-resource-id="installer:5"] + .timeline__row');
  const belowName = (await below.locator('.timeline__name').textContent()) ?? '';
  expect(belowName).not.toBe('');
  await ian.getByRole('button', { name: new RegExp(`^Work order ${PENDING},`) }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.dispatch-page .alert')).toContainText(`Work order ${PENDING} moved to ${belowName} at`);
  await expect(below.getByRole('button', { name: new RegExp(`^Work order ${PENDING},`) })).toContainText('10:15–12:15');
  await expect(ian.getByRole('button', { name: new RegExp(`^Work order ${PENDING},`) })).toHaveCount(0);
  await below.getByRole('button', { name: new RegExp(`^Work order ${PENDING},`) }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.dispatch-page .alert')).toContainText(`Work order ${PENDING} moved to Ian Ingram at`);
  await expect(ian.getByRole('button', { name: new RegExp(`^Work order ${PENDING},`) })).toContainText('10:15–12:15');
  await expect(below.getByRole('button', { name: new RegExp(`^Work order ${PENDING},`) })).toHaveCount(0);

  await logOut(page);
  // The installer's start search is Assigned to Me: the work order is there now, with its visit.
  await signInInstaller(page);
  await expect.poll(() => resultIds(page)).toContain(PENDING);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('360 px: assign and reschedule through the form, see the day as a list', async ({ page }) => {
    await signIn(page, 'dispatcher', { open: '/staff/dispatch' });
    const day = futureWeekday(9);
    await openDay(page, day);
    // No calendar on a phone: the day is a list.
    await expect(page.locator('.timeline')).toHaveCount(0);

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
    await screenshot(page, 'staff-dispatch-phone-list');

    await owen.getByRole('button', { name: `Reschedule work order ${id}` }).click();
    const again = page.getByRole('dialog', { name: `Reschedule work order ${id}` });
    await expect(again.getByLabel('Start time')).toHaveValue('09:00');
    await again.getByLabel('Start time').fill('18:00');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.dispatch-page .alert')).toContainText('Outside working hours');
    await expect(owen.getByText(`18:00–20:00 #${id}`)).toBeVisible();
    await expect(owen.getByText(/Outside working hours/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'staff-dispatch-phone-rescheduled');
  });
});

test('desktop: bulk assign two work orders to a contractor crew, see them on the map and on the crew’s calendar', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'dispatcher', { open: '/staff/dispatch' });
  // Six weeks ahead: past the demo's schedule, so the crew's morning is free.
  const day = futureWeekday(42);
  await openDay(page, day);

  // Two work orders assigned to nobody, ticked together (the other tests may have placed some already).
  const unassigned = page.locator('.dispatch-item', { hasText: 'Unassigned' });
  const ids: number[] = [];
  for (const i of [0, 1]) {
    const item = unassigned.nth(i);
    ids.push(Number(await item.getAttribute('data-work-order-id')));
  }
  for (const id of ids) {
    await page.locator(`.dispatch-item[data-work-order-id="${id}"]`).getByRole('checkbox').check();
  }
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Assign selected…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign 2 work orders' });
  await expect(dialog.getByText(`#${ids[0]}, #${ids[1]}`)).toBeVisible();
  await dialog.getByLabel('Installer or crew').selectOption({ label: 'Prairie Fiber Builders (contractor crew)' });
  await dialog.getByLabel('Start time').fill('08:00');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.dispatch-page .alert')).toContainText(
    new RegExp(`2 work orders scheduled for Prairie Fiber Builders at ${providerMoment(day, '8:00 AM').source}`),
  );
  await expect(page.getByText('2 selected')).toHaveCount(0);
  const crew = page.locator('.timeline__row', { hasText: 'Prairie Fiber Builders' });
  for (const id of ids) await expect(crew.getByText(`#${id}`)).toBeVisible();

  // The map shows the day's work with its legend.
  await page.getByRole('button', { name: 'Show map' }).click();
  const map = page.getByRole('region', { name: 'Map' });
  await expect(map.getByRole('list', { name: 'Map legend' })).toContainText('Contractor crew’s');
  await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBeGreaterThan(1);
  await screenshot(page, 'staff-dispatch-board-bulk-map');

  // The crew's contractor sees both work orders on next load, and on the calendar's day.
  await logOut(page);
  await signInContractor(page);
  for (const id of ids) {
    await page.goto(`/workOrders?wo=${id}`);
    await expect(page.getByRole('region', { name: `Work order #${id}` })).toBeVisible();
  }
  await page.goto('/calendar');
  const calendar = page.locator('.calendar-wrap');
  // The month view (a desktop's first) of the visits' day. Each count is read once the month is drawn: read before
  // the calendar is there (or mid-turn), it would be 0 and turn a month too far.
  const days = calendar.locator('[data-date]');
  await expect(days.first()).toBeAttached();
  for (let i = 0; i < 3 && !(await calendar.locator(`[data-date="${day}"]`).count()); i++) {
    const shown = (await days.first().getAttribute('data-date')) ?? '';
    await calendar.getByRole('button', { name: /^Next/ }).click();
    await expect(days.first()).not.toHaveAttribute('data-date', shown);
  }
  await expect(calendar.locator(`[data-date="${day}"]`).first()).toBeAttached();
  for (const id of ids) await expect(calendar.getByRole('link', { name: new RegExp(`WO ${id}:`) })).toBeVisible();
  await screenshot(page, 'staff-dispatch-crew-calendar');
});
