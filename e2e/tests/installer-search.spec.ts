import { expectSettled, signIn } from './support/app';
import {
  expectResults,
  NEIGHBOUR_LOCATION,
  resultIds,
  runSearch,
  searchForm,
  signInInstaller,
  WO,
} from './support/installer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

const MINE = [WO.fullInstall, WO.businessInstall, WO.siteSurvey, WO.splicing];
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

test.describe('installer search', () => {
  test('opens with the installer’s assigned work orders; / leads to the search form', async ({ page }) => {
    await signInInstaller(page);
    await expect.poll(async () => sorted(await resultIds(page))).toEqual(MINE);
    const form = searchForm(page);
    await expect(form.getByLabel('Assigned to Me')).toBeChecked();
    await expect(form.getByLabel('Show Pending')).not.toBeChecked();
    await expect(form.getByLabel('Customer ID')).toHaveAttribute('placeholder', '0000-0000-0000');
    await expect(form.getByLabel('Work Order Type').locator('option').first()).toHaveText('Please select a value');
    await expect(form.getByLabel('Work Order Type').locator('option')).toContainText(['Consumer Splicing']);
    await screenshot(page, 'installer-search');
    await screenshot(page, 'installer-search', { phone: true });

    await page.goto('/');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search WO' })).toBeVisible();
  });

  test('each result shows its event, due date, customer, summary, colo area, id and type, and links to it', async ({
    page,
  }) => {
    await signInInstaller(page);
    const item = page.getByRole('link', { name: /#100001 · Consumer Fiber Install/ });
    await expect(item).toContainText('Fiber install - Reyes');
    await expect(item).toContainText(/Event: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T/);
    await expect(item).toContainText(/Due: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(item).toContainText('Rhonda Reyes');
    await expect(item).toContainText('Upgrade to 1 Gig');
    await expect(item).toContainText('Colo area: CLM-CLARK');
    await item.click();
    await expect(page).toHaveURL(/\/search\/100001$/);
  });

  test('finds each fixed work order by each field', async ({ page }) => {
    await signInInstaller(page);
    const form = searchForm(page);
    const by = async (label: string, value: string, expected: number[]) => {
      await form.getByRole('button', { name: 'Clear search' }).click();
      await form.getByLabel(label).fill(value);
      await runSearch(page);
      await expectResults(page, expected);
    };
    await by('Customer Name', 'rhonda', [WO.fullInstall]);
    await by('Customer Name', 'acme dental', [WO.businessInstall]);
    await by('Customer ID', '1000-2000-0002', [WO.siteSurvey]);
    await by('Work Order ID', String(WO.splicing), [WO.splicing]);
    await by('Address', '   2208 clark LN  ', [WO.fullInstall]);
    expect(new URL(page.url()).searchParams.get('Address')).toBe('2208 clark LN');

    await form.getByRole('button', { name: 'Clear search' }).click();
    await form.getByLabel('Work Order Type').selectOption('Consumer Site Survey');
    await runSearch(page);
    await expectResults(page, [WO.siteSurvey]);

    // Only filled-in fields go to the server.
    const sent = new URL(page.url()).searchParams;
    expect([...sent.keys()].sort()).toEqual(['ByAssignment', 'ShowPendingAssigned', 'WorkOrderType']);
  });

  test('Show Pending adds 100005; Assigned to Me off finds 100006; nothing found says so', async ({ page }) => {
    await signInInstaller(page);
    const form = searchForm(page);
    await form.getByLabel('Show Pending').check();
    await runSearch(page);
    // Pending work orders of the background population come too; 100006 (someone else's) does not.
    await expect.poll(() => resultIds(page)).toEqual(expect.arrayContaining([...MINE, WO.pending]));
    expect(await resultIds(page)).not.toContain(WO.otherInstallers);

    await form.getByRole('button', { name: 'Clear search' }).click();
    await form.getByLabel('Assigned to Me').uncheck();
    await form.getByLabel('Work Order ID').fill(String(WO.otherInstallers));
    await runSearch(page);
    await expectResults(page, [WO.otherInstallers]);

    await form.getByLabel('Customer Name').fill('nobody by this name');
    await runSearch(page);
    await expect(page.getByText('No results found')).toBeVisible();

    // A bad value is named at its field, before anything is sent.
    await form.getByLabel('Work Order ID').fill('12ab');
    await runSearch(page);
    await expect(form.getByText('Work Order ID must be a whole number of up to 9 digits.')).toBeVisible();
    await expect(form.getByLabel('Work Order ID')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the date filter and Distance stay disabled until their checkbox is on; dates are inclusive', async ({
    page,
  }) => {
    await signInInstaller(page);
    const form = searchForm(page);
    await expect(form.getByLabel('Date From')).toBeDisabled();
    await expect(form.getByLabel('Date To')).toBeDisabled();
    await expect(form.getByLabel('Distance')).toBeDisabled();
    await form.getByLabel('Nearby').check();
    await expect(form.getByLabel('Distance')).toBeEnabled();
    await expect(form.getByLabel('Distance').locator('option')).toHaveText([
      '100 ft',
      '250 ft',
      '500 ft',
      '1000 ft',
      '2000 ft',
    ]);
    await form.getByLabel('Nearby').uncheck();

    await form.getByLabel('Filter by date').check();
    await expect(form.getByLabel('Date From')).toBeEnabled();
    // Default window: 61 days back to 7 days ahead.
    const isoDay = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const day = (offset: number) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return isoDay(d);
    };
    await expect(form.getByLabel('Date From')).toHaveValue(day(-61));
    await expect(form.getByLabel('Date To')).toHaveValue(day(7));

    // 100001 is scheduled today: a one-day window on today finds it, tomorrow's does not.
    await form.getByLabel('Work Order ID').fill(String(WO.fullInstall));
    // The event's day as the result shows it in the provider's zone ("Event: Nov 28, 2026, 8:00 AM CST").
    const shown = (await page.getByRole('link', { name: /#100001/ }).textContent())?.match(
      /Event: ([A-Z][a-z]{2} \d{1,2}, \d{4})/,
    )?.[1];
    expect(shown).toBeTruthy();
    const today = isoDay(new Date(shown ?? ''));
    await form.getByLabel('Date From').fill(today);
    await form.getByLabel('Date To').fill(today);
    await runSearch(page);
    await expectResults(page, [WO.fullInstall]);
    await form.getByLabel('Date From').fill(day(1));
    await form.getByLabel('Date To').fill(day(2));
    await runSearch(page);
    await expect(page.getByText('No results found')).toBeVisible();
  });

  test('sorts by a choice, ascending or descending', async ({ page }) => {
    await signInInstaller(page);
    const form = searchForm(page);
    await form.getByLabel('Sort by').selectOption({ label: 'Work order id' });
    await expectResults(page, [...MINE].reverse());
    await form.getByRole('button', { name: /Sort order: Descending/ }).click();
    await expect(form.getByRole('button', { name: /Sort order: Ascending/ })).toBeVisible();
    await expectResults(page, MINE);
    await form.getByLabel('Sort by').selectOption({ label: 'Customer name' });
    await expect
      .poll(async () => (await page.locator('.wo-result__customer').allTextContents()).join('|'))
      .toBe(['Acme Dental Group', 'Connor Cole', 'Priya Patel', 'Rhonda Reyes'].join('|'));
  });

  test('Nearby searches around the device’s position', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...NEIGHBOUR_LOCATION, accuracy: 5 });
    await signInInstaller(page);
    const form = searchForm(page);
    await form.getByLabel('Assigned to Me').uncheck();
    await form.getByLabel('Show Pending').check();
    await form.getByLabel('Nearby').check();
    await runSearch(page);
    await expect(page.getByRole('link', { name: /#100005/ })).toContainText('0 ft away');
    await form.getByLabel('Distance').selectOption('500');
    await runSearch(page);
    // The search goes out once the position is known: wait for it (the list within the default distance stays on
    // screen meanwhile and may already hold both).
    await expect.poll(() => new URL(page.url()).searchParams.get('Distance')).toBe('500');
    await expectSettled(page);
    await expect
      .poll(async () => sorted(await resultIds(page)))
      .toEqual(expect.arrayContaining([WO.fullInstall, WO.pending]));
  });

  test('Nearby without a position says why and searches near the default location', async ({ page }) => {
    await signInInstaller(page);
    // No permission granted: the browser refuses the position.
    const form = searchForm(page);
    await form.getByLabel('Nearby').check();
    await runSearch(page);
    await expect(page.getByText(/Searching near the default location instead/)).toBeVisible();
    // The address bar follows the note a moment later: poll it, not read it once.
    await expect
      .poll(() => {
        const url = new URL(page.url()).searchParams;
        return [url.get('Latitude'), url.get('Longitude')];
      })
      .toEqual(['38.965', '-92.297']);
    // The default location is about 95 ft from 2208 Clark Ln: 100001 is found within 100 ft.
    await expectResults(page, [WO.fullInstall]);
  });

  test("says Can't get geolocation library when the browser has none", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'geolocation', { get: () => undefined });
    });
    await signInInstaller(page);
    await searchForm(page).getByLabel('Nearby').check();
    await runSearch(page);
    await expect(page.getByRole('status').getByText("Can't get geolocation library")).toBeVisible();
  });

  test('Go back to search results returns to the same search and results', async ({ page }) => {
    await signInInstaller(page);
    const form = searchForm(page);
    await form.getByLabel('Show Pending').check();
    await form.getByLabel('Address').fill('Clark Ln');
    await runSearch(page);
    await expect.poll(() => resultIds(page)).toEqual(expect.arrayContaining([WO.fullInstall, WO.pending]));
    const before = await resultIds(page);
    await page.getByRole('link', { name: /#100005/ }).click();
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('link', { name: 'Go back to search results' }).click();
    await expect(page).toHaveURL(/\/search\?/);
    await expect(form.getByLabel('Address')).toHaveValue('Clark Ln');
    await expect(form.getByLabel('Show Pending')).toBeChecked();
    await expect.poll(() => resultIds(page)).toEqual(before);
  });

  test('customers and contractors do not get the search', async ({ page }) => {
    await signIn(page, 'residential', { open: '/search' });
    await expect(page.getByText('This page is for the provider’s installers.')).toBeVisible();
    await expect(searchForm(page)).toHaveCount(0);
  });
});
