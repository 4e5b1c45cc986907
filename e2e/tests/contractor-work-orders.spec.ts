import { readFile } from 'node:fs/promises';
import { fileOnDisk } from './support/app';
import { signInContractor, CONTRACTOR_WO as WO } from './support/contractor';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('contractor home', () => {
  test('lists work awaiting acknowledgement, open work and today’s schedule; acknowledging clears it', async ({
    page,
  }) => {
    await signInContractor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // The counts lead to their lists; the open work and today's schedule come first.
    const counts = page.getByRole('navigation', { name: 'Work order counts' });
    await expect(counts.getByRole('link', { name: /^\d+ Overdue$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Open work orders \(\d+\)/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Today’s schedule' }).getByText(/tailgate meeting/)).toBeVisible();
    await screenshot(page, 'contractor-home');
    await screenshot(page, 'contractor-home', { phone: true });
    await counts.getByRole('link', { name: /^\d+ Awaiting acknowledgement$/ }).click();
    await expect(page).toHaveURL(/show=awaiting/);
    const awaiting = page.getByRole('region', { name: /^Awaiting acknowledgement \(\d+\)/ });
    // The list is paged, the newest first: acknowledge the first one shown.
    const first = awaiting
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .first();
    const id = ((await first.getByRole('heading', { level: 3 }).textContent()) ?? '').replace(/\D/g, '');
    expect(id).not.toBe('');
    const card = awaiting.getByRole('listitem').filter({ hasText: `WO #${id}` });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Acknowledge work order ${id}` }).click();
    await expect(page.getByText(`Work order #${id} acknowledged.`)).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('another company’s work order is refused', async ({ page }) => {
    await signInContractor(page, { open: `/workOrders?wo=${WO.company1}` });
    await expect(page.getByText('This work order belongs to another contractor company.')).toBeVisible();
  });
});

test.describe('work order search', () => {
  test('searches by type, remembers the last search after a reload, and says when nothing is found', async ({
    page,
  }) => {
    // fieldtech: its own remembered search, untouched by the other tests.
    await signInContractor(page, { username: 'fieldtech' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work Orders' }).click();
    const form = page.getByRole('form', { name: 'Search work orders' });
    await expect(form.getByLabel('Assigned to you')).toBeChecked();
    await form.getByLabel('Work Order Type').selectOption('Yard Complaint');
    await form.getByLabel('Sort by').selectOption({ label: 'Work order id' });
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('region', { name: /work orders?$/ });
    await expect(results.getByRole('link', { name: `WO #${WO.yardComplaint}` })).toBeVisible();
    // The list before the search (which may hold this work order too) stays until the search answers: wait for it.
    await expect(results).not.toHaveAttribute('aria-busy', 'true');
    await expect
      .poll(async () => {
        const types = await results.locator('.wo-card__type').allTextContents();
        return types.length > 0 && types.every((type) => type === 'Yard Complaint');
      })
      .toBe(true);

    // The restored search comes answered with the last search: the list shows without a search request.
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/contractor/work-orders/search')) searches.push(r.url());
    });
    await page.reload();
    await expect(page.getByText('Your last search was restored.')).toBeVisible();
    await expect(form.getByLabel('Work Order Type')).toHaveValue('Yard Complaint');
    await expect(form.getByLabel('Sort by')).toHaveValue('WorkOrderID');
    await expect(results.getByRole('link', { name: `WO #${WO.yardComplaint}` })).toBeVisible();
    expect(searches).toEqual([]);

    await form.getByRole('button', { name: 'Clear search' }).click();
    await expect(form.getByLabel('Work Order Type')).toHaveValue('');
    await form.getByLabel('Work Order ID').fill(String(WO.company1));
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No Work Orders Found')).toBeVisible();

    // Clear is remembered as the last search, even when its answer is still on hand from a moment ago.
    await form.getByRole('button', { name: 'Clear search' }).click();
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await form.getByLabel('Work Order ID').fill(String(WO.company1));
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No Work Orders Found')).toBeVisible();
    const cleared = page.waitForResponse((r) => r.url().includes('/api/contractor/work-orders/search'));
    await form.getByRole('button', { name: 'Clear search' }).click();
    await cleared;
    await page.reload();
    await expect(page.getByText('Your last search was restored.')).toBeVisible();
    await expect(form.getByLabel('Work Order ID')).toHaveValue('');
  });

  test('the date filter enables its inputs and names a backwards range', async ({ page }) => {
    await signInContractor(page, { username: 'fieldtech', open: '/workOrders' });
    const form = page.getByRole('form', { name: 'Search work orders' });
    await expect(form.getByLabel('Date From')).toBeDisabled();
    await form.getByLabel('Filter by scheduled date').check();
    await form.getByLabel('Date From').fill('2025-05-10');
    await form.getByLabel('Date To').fill('2025-05-01');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(form.getByText('Date From must not be after Date To.')).toBeVisible();
  });

  test("'Assigned to you' cannot be unticked by the provider’s own crew", async ({ page }) => {
    await signInContractor(page, { username: 'contractor1', open: '/workOrders' });
    const box = page.getByRole('form', { name: 'Search work orders' }).getByLabel('Assigned to you');
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    // Waits for the list (read at once, it may not have loaded yet): five cards, each a 12000x work order.
    await expect(page.locator('.wo-card__title')).toHaveText(Array(5).fill(/^WO #12000\d$/));
    await screenshot(page, 'contractor-work-orders-company1');
  });
});

test.describe('a work order’s details', () => {
  test('downloads an attachment, opens the PDF and uploads a photo', async ({ page }) => {
    await signInContractor(page, { open: `/workOrders?wo=${WO.businessConstruction}` });
    const details = page.getByRole('region', { name: `Work order #${WO.businessConstruction}` });
    await expect(details.locator('.wo-details__type')).toHaveText('Business Construction Open');
    await screenshot(page, 'contractor-details');

    const download = page.waitForEvent('download');
    await details.getByRole('button', { name: 'construction-print.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('construction-print.pdf');
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // "View PDF" opens the work order's PDF in a new tab. Chromium's headless shell has no PDF viewer (the tab stays
    // blank), so the test records the blob the app made and the address it opened, and reads the blob's first bytes.
    await page.evaluate(() => {
      const w = window as Window & { opened?: string[]; blobs?: Map<string, Promise<string>> };
      const open = window.open.bind(window);
      const createObjectURL = URL.createObjectURL.bind(URL);
      w.opened = [];
      w.blobs = new Map();
      window.open = (url?: string | URL, ...rest) => {
        w.opened?.push(String(url));
        return open(url, ...rest);
      };
      URL.createObjectURL = (obj: Blob | MediaSource) => {
        const made = createObjectURL(obj);
        if (obj instanceof Blob) w.blobs?.set(made, obj.slice(0, 5).text());
        return made;
      };
    });
    const popup = page.waitForEvent('popup');
    await details.getByRole('button', { name: 'View PDF' }).click();
    await popup;
    const opened = await page.evaluate(async () => {
      const w = window as Window & { opened?: string[]; blobs?: Map<string, Promise<string>> };
      const url = w.opened?.[0] ?? '';
      return { url, head: (await w.blobs?.get(url)) ?? '' };
    });
    expect(opened.url).toMatch(/^blob:/);
    expect(opened.head).toBe('%PDF-');
    await expect(details.getByRole('link', { name: 'Download PDF' })).toBeVisible();

    await details
      .getByLabel('Photos or PDFs')
      .setInputFiles({ name: 'trench.png', mimeType: 'image/png', buffer: PNG });
    await details.getByLabel('File description').fill('Trench before backfill');
    await details.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(details.getByText('Uploaded trench.png.')).toBeVisible();
    await expect(details.getByRole('button', { name: 'trench.png' })).toBeVisible();

    await details.getByLabel('Photos or PDFs').setInputFiles(fileOnDisk('huge.png', Buffer.alloc(10_485_761)));
    await expect(
      details.getByText(
        'Some files seem to be invalid. Max size allowed: 10 MB per image, 20MB per submission. Total size: 10.0 MB.',
      ),
    ).toBeVisible();
  });
});
