/**
 * Subscriber lists and notices (issue 13 part 5) as `network`, on a 360 px phone and a desktop: build a list with
 * filters, export it as CSV, write a notice, preview it, send it, find the mail (sent through the notification outbox
 * to the SMTP sink, with its unsubscribe line) and the record of who was told (and its CSV). Other staff roles are
 * refused the page. An offer goes only to the customers who opted in to offers.
 */
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page } from '@playwright/test';
import { expectEveryRow, signIn } from './support/app';
import { sinkMails } from './support/outbox';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

for (const viewport of VIEWPORTS) {
  test(`network builds a subscriber list, exports it and mails a notice (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, 'network', { open: '/staff/subscribers' });
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();

    // The list: colo area CLM-CLARK, internet subscribers.
    const filters = page.getByRole('form', { name: 'Subscriber filters' });
    await filters.getByLabel('Colo area').selectOption('CLM-CLARK');
    await filters.getByLabel('Service').selectOption('internet');
    await filters.getByRole('button', { name: 'Show subscribers' }).click();
    const counts = page.getByTestId('subscriber-counts');
    await expect(counts).toHaveText(/^\d+ service locations · \d+ customers$/);
    const table = page.getByRole('table', { name: 'Subscribers' });
    // The unfiltered list the page opens with stays on screen until the filtered one answers: wait for the filtered
    // one (every row in CLM-CLARK, nothing loading) before counting it.
    await expectEveryRow(table, 'CLM-CLARK');
    await expect(table.getByRole('row', { name: /Rhonda Reyes/ })).toContainText('2208 Clark Ln');
    await expect(table.getByRole('row', { name: /Rhonda Reyes/ })).toContainText('Past due');
    const locations = Number((await counts.textContent())?.match(/^\d+/)?.[0]);
    // The table scrolls inside its box: the page itself never gets wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // A bad amount is named by its field.
    await filters.getByLabel('Open balance above ($)').fill('lots');
    await filters.getByRole('button', { name: 'Show subscribers' }).click();
    await expect(filters.getByText(/balanceOverCents must be a whole number of cents/)).toBeVisible();
    await filters.getByLabel('Open balance above ($)').fill('');
    await filters.getByRole('button', { name: 'Show subscribers' }).click();

    // The CSV holds the whole list.
    const csv = await downloadText(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.name).toMatch(/^subscribers-Internet-CLM-CLARK-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Account,Customer,Type,Account status,Service address,Central office,Colo area,Packages,ONT,Open balance,Past due',
    );
    expect(lines).toHaveLength(locations + 1);
    expect(lines.some((l) => l.startsWith('1000-2000-0001,Rhonda Reyes,'))).toBe(true);

    // The notice: a refused draft names its field, then a preview, then send.
    // Its own subject on every run: a repeat or retry shares this spec's server, outbox and notices.
    const subject = `Cabinet work on Clark Ln (${viewport.name} ${Date.now().toString(36)})`;
    const notice = page.getByRole('form', { name: 'Notice' });
    await notice.getByRole('button', { name: 'Preview' }).click();
    await expect(notice.getByText('Subject is required.')).toBeVisible();
    await notice.getByLabel('Subject').fill(subject);
    await notice
      .getByLabel('Message')
      .fill('We are splicing new fiber into the cabinet that serves your street.\nNo need to be at home.');
    // The window: the kit's date and time fields, on the provider's clock.
    await notice.getByLabel('Window starts date', { exact: true }).fill('2030-01-02');
    await notice.getByLabel('Window starts time', { exact: true }).fill('22:00');
    await notice.getByLabel('Window ends date', { exact: true }).fill('2030-01-03');
    await notice.getByLabel('Window ends time', { exact: true }).fill('01:00');
    await notice.getByRole('button', { name: 'Preview' }).click();

    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByTestId('preview-counts')).toHaveText(
      /^Goes to \d+ email address(es)? of \d+ customers\./,
    );
    await expect(preview).toContainText(`Subject: ${subject}`);
    await expect(preview).toContainText('We are splicing new fiber into the cabinet that serves your street.');
    await expect(preview).toContainText('Planned maintenance window:');
    await expect(preview).toContainText(/To stop service e-mail from .+: http/);
    const emails = Number((await preview.getByTestId('preview-counts').textContent())?.match(/Goes to (\d+)/)?.[1]);
    if (viewport.name === 'phone') {
      await screenshot(page, `subscribers-preview-${viewport.name}`);
    }
    // A double click sends one notice.
    await preview.getByRole('button', { name: /^Send to \d+ address(es)?$/ }).dblclick();
    const queued = page.getByRole('status').filter({ hasText: 'is queued' });
    await expect(queued).toContainText(subject);
    await expect(
      page.getByRole('table', { name: 'Notices, newest first' }).getByRole('link', { name: subject }),
    ).toHaveCount(1);

    // The record of who was told fills in as the worker mails.
    await queued.getByRole('link', { name: 'See who was told' }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByTestId('notice-counts')).toHaveText(
      new RegExp(`^${emails} sent · 0 failed · \\d+ skipped \\(no address or not wanted\\) · 0 waiting$`),
      {
        timeout: 20_000,
      },
    );
    const told = page.getByRole('table', { name: 'Who was told' });
    await expect(told.getByRole('row', { name: /rhonda\.reyes@example\.com/ })).toContainText(/Sent/);
    // A customer nobody takes e-mail at is skipped, not a failure: the notice is sent, not partly failed.
    await expect(page.getByText('Partly failed')).toHaveCount(0);

    // The mail itself went out through SMTP (the notification outbox's delivery), once per address, with the
    // one-click unsubscribe.
    const ours = async () => (await sinkMails()).filter((m) => m.subject === subject);
    await baseExpect.poll(async () => (await ours()).length, { timeout: 20_000 }).toBe(emails);
    const mails = await ours();
    expect(new Set(mails.map((m) => m.to)).size).toBe(emails);
    const rhonda = mails.find((m) => m.to === 'rhonda.reyes@example.com');
    expect(rhonda?.text).toContain('We are splicing new fiber into the cabinet that serves your street.');
    expect(rhonda?.text).toContain('Planned maintenance window:');
    expect(rhonda?.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const record = await downloadText(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    expect(record.name).toMatch(/^notice-\d+-recipients\.csv$/);
    expect(record.text).toMatch(/rhonda\.reyes@example\.com,sent,/);
    await screenshot(page, `subscribers-notice-${viewport.name}`);
  });
}

test('an offer goes only to the customers who opted in to offers', async ({ page }) => {
  await signIn(page, 'network', { open: '/staff/subscribers' });
  const filters = page.getByRole('form', { name: 'Subscriber filters' });
  await filters.getByLabel('Colo area').selectOption('CLM-CLARK');
  await filters.getByLabel('Service').selectOption('internet');
  await filters.getByRole('button', { name: 'Show subscribers' }).click();
  await expectEveryRow(page.getByRole('table', { name: 'Subscribers' }), 'CLM-CLARK');

  const subject = `Faster plans on Clark Ln (${Date.now().toString(36)})`;
  const notice = page.getByRole('form', { name: 'Notice' });
  await notice.getByLabel('Kind of notice').selectOption('offer');
  // An offer has no maintenance window and no restoration ticket.
  await expect(notice.getByLabel('Window starts date', { exact: true })).toHaveCount(0);
  await expect(notice.getByLabel('Restoration ticket')).toHaveCount(0);
  await notice.getByLabel('Subject').fill(subject);
  await notice.getByLabel('Message').fill('Gigabit is now on your street, at the price you pay today.');
  await notice.getByRole('button', { name: 'Preview' }).click();

  // Nobody in the list opted in to offers: the preview says so and there is nothing to send.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('preview-counts')).toHaveText(/^Goes to 0 email addresses of \d+ customers\./);
  await expect(preview).toContainText('No user of these customers takes e-mail: nobody would get this mail.');
  await expect(preview.getByRole('button', { name: 'Send to 0 addresses' })).toBeDisabled();

  // Rhonda Reyes (residential, in the list) opts in to offers by e-mail, as her Settings page does.
  const login = await page.request.post('/api/auth/login', {
    data: { username: 'residential', password: 'demo-password' },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const optIn = await page.request.put('/api/notifications/preferences', {
    headers: { Authorization: `Bearer ${token}` },
    data: { preferences: [{ category: 'marketing', channel: 'email', enabled: true }] },
  });
  expect(optIn.status(), await optIn.text()).toBe(200);

  await notice.getByRole('button', { name: 'Preview again' }).click();
  await expect(preview.getByTestId('preview-counts')).toHaveText(/^Goes to 1 email address of \d+ customers\./);
  await expect(preview).toContainText('To: rhonda.reyes@example.com');
  await preview.getByRole('button', { name: 'Send to 1 address' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'is queued' })
    .getByRole('link', { name: 'See who was told' })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('Offer (marketing: only to those who opted in)', { exact: true })).toBeVisible();
  await expect(page.getByTestId('notice-counts')).toHaveText(
    /^1 sent · 0 failed · [1-9]\d* skipped \(no address or not wanted\) · 0 waiting$/,
    { timeout: 20_000 },
  );
  const told = page.getByRole('table', { name: 'Who was told' });
  await expect(told.getByRole('row', { name: /rhonda\.reyes@example\.com/ })).toContainText('Sent');
  await expect(page.getByText('Partly failed')).toHaveCount(0);
  await baseExpect
    .poll(async () => (await sinkMails()).filter((m) => m.subject === subject).map((m) => m.to), { timeout: 20_000 })
    .toEqual(['rhonda.reyes@example.com']);
});

test('other staff roles are refused the subscribers page', async ({ page }) => {
  await signIn(page, 'sales', { open: '/staff/subscribers' });
  await expect(page.getByText('Subscriber lists and notices are for network staff.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Subscriber filters' })).toHaveCount(0);
});
