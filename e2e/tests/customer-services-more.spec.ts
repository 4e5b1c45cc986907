/**
 * Issue 14 on /services: a fax sent from the portal goes from the queue to Sent through the simulated carrier and a
 * failed one is sent again; the TV app sign-in is revealed and reset (from the simulated TV middleware); the
 * wholesale demo customer's circuits and wholesale report, with its CSV. On a desktop and on a 360 px phone.
 */
import type { Locator, Page } from '@playwright/test';
import { signIn } from './support/app';
import { downloaded, expectNoSideways } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

/** A one-page PDF, as a scanner or "Print to PDF" would make it. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Another demo user in the same browser: the session kept in storage is dropped first. */
async function switchUser(page: Page, username: string) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, username);
}

async function openServices(page: Page, link: string, heading: string) {
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

async function sendFax(page: Page, to: string, note: string) {
  const form = page.getByRole('form', { name: 'Send a fax' });
  await form.getByLabel('To fax number').fill(to);
  await form.getByLabel('Note on the cover page (optional)').fill(note);
  await form.getByLabel('Pages to send').setInputFiles({
    name: 'treatment-plan.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Treatment plan'),
  });
  await form.getByRole('button', { name: 'Send fax' }).click();
  return form;
}

/** A data table that needs no sideways scrolling in its box. */
async function expectTableFits(region: Locator) {
  const [scroll, client] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('Services: fax sending, TV sign-in, wholesale', () => {
  test('a fax goes from the queue to Sent, and what was sent downloads', async ({ page }) => {
    await signIn(page, 'business');
    await openServices(page, 'Fax', 'Fax');
    const form = page.getByRole('form', { name: 'Send a fax' });

    // Refused in the browser: not a fax number, no pages.
    await form.getByLabel('To fax number').fill('555-0150');
    await form.getByRole('button', { name: 'Send fax' }).click();
    await expect(form.getByText('Fax number must be 10 digits, like (573) 555-0123.')).toBeVisible();
    await expect(form.getByText('Choose at least one PDF, PNG or JPEG file to fax.')).toBeVisible();

    // Refused by the server: a file that says it is a PDF but is not one.
    await form.getByLabel('To fax number').fill('(573) 555-0150');
    await form.getByLabel('Pages to send').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('These are typed notes, not a PDF.'),
    });
    await form.getByRole('button', { name: 'Send fax' }).click();
    await expect(form.getByText(/notes\.pdf is not a PDF or an image/).first()).toBeVisible();

    await sendFax(page, '(573) 555-0150', 'Plan for patient 88-2031 attached.');
    await expect(page.getByText('Fax to (573)555-0150 queued (2 pages)')).toBeVisible();
    const queued = page.getByRole('list', { name: 'Fax queue' }).getByRole('article', { name: 'To (573)555-0150' });
    await expect(queued.getByText(/^(Queued|Sending)$/)).toBeVisible();

    // The queue's job dials it through the simulated carrier; the page follows it to the outbox.
    const sent = page.getByRole('list', { name: 'Fax outbox' }).getByRole('article', { name: 'To (573)555-0150' });
    await expect(sent.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(sent.getByText(/2 pages, .* · with a cover page/)).toBeVisible();
    const download = page.waitForEvent('download');
    await sent.getByRole('button', { name: /^Download the cover page/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fax-to-5735550150-\d{4}-\d{2}-\d{2}-cover-page\.pdf$/);
    expect((await downloaded(file)).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'customer-services-fax-sent');
  });

  test('a failed fax is sent again and goes through', async ({ page }) => {
    await signIn(page, 'business');
    await openServices(page, 'Fax', 'Fax');
    const outbox = page.getByRole('list', { name: 'Fax outbox' });
    const failed = outbox.getByRole('article', { name: 'To (573)555-0162' });
    await expect(failed.getByText('Failed', { exact: true })).toBeVisible();
    await expect(failed.getByText('Failed: Nobody answered after 60 seconds. Gave up after 3 tries.')).toBeVisible();
    await failed.getByRole('button', { name: '3 calls to the carrier' }).click();
    const calls = page.getByRole('dialog', { name: 'Calls to the carrier' });
    await expect(calls.getByText(/No answer \(Nobody answered after 60 seconds\.\)/).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calls).toBeHidden();

    await failed.getByRole('button', { name: 'Send the fax to (573)555-0162 again' }).click();
    await expect(page.getByText('Fax to (573)555-0162 is back in the queue')).toBeVisible();
    const again = outbox.getByRole('article', { name: 'To (573)555-0162' });
    await expect(again.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(again.getByText('Retried', { exact: true })).toBeVisible();
    await again.getByRole('button', { name: '4 calls to the carrier' }).click();
    await expect(page.getByRole('dialog', { name: 'Calls to the carrier' }).getByText(/: Sent$/)).toBeVisible();
  });

  test('TV app sign-in: hidden until shown, then reset after a confirmation', async ({ page }) => {
    await signIn(page, 'business');
    await openServices(page, 'TV', 'TV');
    await expect(page.getByRole('list', { name: 'TV packages' })).toContainText('Streaming TV Plus');
    const username = page.getByTestId('tv-username');
    const password = page.getByTestId('tv-password');
    await expect(username).toHaveText('••••••••••');
    await expect(password).toHaveText('••••••••••');

    await page.getByRole('button', { name: 'Show sign-in' }).click();
    await expect(username).toHaveText('tv100030000001');
    await expect(password).toHaveText(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const before = await password.textContent();

    await page.getByRole('button', { name: 'Reset sign-in' }).click();
    const dialog = page.getByRole('alertdialog', { name: /Issue a new TV app sign-in/ });
    await dialog.getByRole('button', { name: 'Keep the current one' }).click();
    await expect(password).toHaveText(before ?? '');
    await page.getByRole('button', { name: 'Reset sign-in' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Issue new sign-in' }).click();
    await expect(page.getByText('New TV app sign-in issued. Sign in again on your TVs and phones.')).toBeVisible();
    await expect(password).toHaveText(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await expect(password).not.toHaveText(before ?? '');
    const issued = await password.textContent();

    await page.getByRole('button', { name: 'Hide sign-in' }).click();
    await expect(password).toHaveText('••••••••••');
    // The reset is the middleware's: shown again after a reload, it is the new one.
    await page.reload();
    await page.getByRole('button', { name: 'Show sign-in' }).click();
    await expect(password).toHaveText(issued ?? '');
  });

  test('a customer without TV is told so; Acme has no Wholesale section', async ({ page }) => {
    await signIn(page, 'consumer', { open: false });
    // No TV tab for Connor (issue 28); typed, the address says there is no TV service.
    await page.goto('/services');
    await expect(
      page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: 'Email' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: 'TV' }),
    ).toHaveCount(0);
    await page.goto('/services?section=tv');
    await expect(page.getByRole('status').filter({ hasText: 'This account has no TV service.' })).toBeVisible();
    await switchUser(page, 'business');
    await page.goto('/services');
    await expect(
      page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: 'TV' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: 'Wholesale' }),
    ).toHaveCount(0);
  });

  test('the wholesale customer’s circuits and wholesale report, with its CSV', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'wholesale');
    await openServices(page, 'Wholesale', 'Wholesale circuits');
    const circuits = page.getByRole('region', { name: 'Circuits leased, with their rates' });
    await expect(circuits.getByRole('row', { name: /ORN-WS-1002/ })).toContainText(
      'to Kansas City carrier hotel, 1102 Grand Blvd',
    );
    await expect(circuits.getByRole('row', { name: /ORN-WS-1002/ })).toContainText('10 Gbps');
    await expect(circuits.getByRole('row', { name: /ORN-WS-1004/ })).toContainText('Pending');
    await expect(circuits.getByRole('row', { name: /ORN-WS-1005/ })).toContainText('Disconnected');
    await expect(page.getByTestId('circuit-count')).toHaveText(
      '5 circuits leased. 3 active circuits, $7,100.00 a month.',
    );
    // An index table: sorted by monthly rate, highest first, on the second click of its header.
    await circuits.getByRole('button', { name: 'Monthly rate' }).click();
    await circuits.getByRole('button', { name: 'Monthly rate' }).click();
    await expect(circuits.getByRole('columnheader', { name: 'Monthly rate' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const rates = (await circuits.locator('tbody td.num:last-child').allTextContents()).map((t) =>
      Number(t.replace(/[$,]/g, '')),
    );
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    await expectNoSideways(page);
    await expectTableFits(circuits);

    const report = page.getByRole('region', { name: 'Usage and billing per circuit per month' });
    await expect(report.getByRole('row', { name: /^Total/ })).toBeVisible();
    await expect(page.getByTestId('wholesale-range')).toHaveText(/^\w{3} \d{4} to \w{3} \d{4}$/);

    // A bad range is named on its field.
    const filter = page.getByRole('form', { name: 'Wholesale report months' });
    await filter.getByLabel('From month').fill('2025-06');
    await filter.getByLabel('To month').fill('2025-03');
    await filter.getByRole('button', { name: 'Show report' }).click();
    await expect(filter.getByText('To must not be before From.')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wholesale-report-1000-5000-0001-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
    const csv = (await downloaded(file)).toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Month,Circuit,A to Z,Traffic in (GB),Traffic out (GB),Peak (Mbps),Availability (%),Billed');
    expect(csv).toContain('ORN-WS-1001');
    expect(lines.at(-1)).toMatch(/^.*,All circuits,Total,\d+,\d+,,,\d+\.\d{2}$/);
    await expect(page.getByRole('status').filter({ hasText: 'The CSV is downloaded.' })).toBeVisible();
    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report (PDF)' }).click();
    expect((await downloaded(await pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByRole('status').filter({ hasText: 'The PDF is downloaded.' })).toBeVisible();
    await screenshot(page, 'customer-services-wholesale');
  });

  test('on a 360 px phone: fax, TV and wholesale fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'business', { open: '/services?section=fax' });
    await expect(page.getByRole('heading', { level: 3, name: 'Sent faxes' })).toBeVisible();
    await sendFax(page, '5735550113', 'Phone test');
    await expect(page.getByText('Fax to (573)555-0113 queued (2 pages)')).toBeVisible();
    // The simulated carrier's …0113 is busy on the first try: the fax waits in the queue for its next one.
    const waiting = page.getByRole('list', { name: 'Fax queue' }).getByRole('article', { name: 'To (573)555-0113' });
    await expect(waiting.getByText(/Last try: The line was busy\. Next try/)).toBeVisible({ timeout: 20_000 });
    await expectNoSideways(page);
    const sendButton = page.getByRole('button', { name: 'Send fax' });
    expect((await sendButton.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'customer-services-fax-phone');

    await page.goto('/services?section=tv');
    await page.getByRole('button', { name: 'Show sign-in' }).click();
    await expect(page.getByTestId('tv-username')).toHaveText('tv100030000001');
    await expectNoSideways(page);
    await screenshot(page, 'customer-services-tv-phone');

    await switchUser(page, 'wholesale');
    await page.goto('/services?section=wholesale');
    await expect(page.getByRole('heading', { level: 3, name: 'Wholesale report' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Usage and billing per circuit per month' })).toBeVisible();
    // The circuits' table keeps circuit, status and rate; the route and dates are stacked under the circuit.
    const circuits = page.getByRole('region', { name: 'Circuits leased, with their rates' });
    await expect(circuits.getByRole('columnheader', { name: 'Route (A end to Z end)' })).toBeHidden();
    await expect(
      circuits
        .getByRole('row', { name: /ORN-WS-1002/ })
        .getByRole('rowheader')
        .getByText('to Kansas City carrier hotel'),
    ).toBeVisible();
    await expectTableFits(circuits);
    await expectNoSideways(page);
    await screenshot(page, 'customer-services-wholesale-phone');
  });
});
