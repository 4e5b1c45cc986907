/**
 * Notifications (issue 30) in the browser: the bell's count after a real event and marking it read, preferences kept
 * after a reload, the one-click unsubscribe link of a real mail (received by the spec server's SMTP sink), and the
 * staff delivery log showing that mail.
 */
import { expect as baseExpect, type Page } from '@playwright/test';
import { signIn } from './support/app';
import { expectNoSideways } from './support/customer';
import { sinkMails } from './support/outbox';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 390, height: 844 } });

const RESIDENTIAL_ID = '1000-2000-0001';

/** The bell of the header, whatever its count. */
const bell = (page: Page) => page.getByRole('link', { name: /^Notifications(, \d+ unread)?$/ });

async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** Reports a problem through Account Info > Trouble tickets; answers the new ticket's number. */
async function openTicket(page: Page, subject: string): Promise<number> {
  await page.goto('/accountInfo?section=tickets');
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const form = page.getByRole('form', { name: 'Report a problem' });
  await form.getByLabel('Problem type').selectOption('TV service');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('What is happening?').fill('The picture freezes every few minutes on every channel.');
  await form.getByRole('button', { name: 'Submit trouble ticket' }).click();
  const toast = page.getByText(/^Trouble ticket #\d+ submitted$/);
  await expect(toast).toBeVisible();
  return Number(/#(\d+)/.exec((await toast.textContent()) ?? '')?.[1]);
}

test('a ticket rings the bell; the centre lists it and marks it read', async ({ page }) => {
  await signIn(page, 'residential');
  await expect(bell(page)).toBeVisible();
  const before = await unreadOf(page);
  const ticket = await openTicket(page, 'TV picture freezes');
  await test.step('the bell counts the new notice (asked again on focus and each minute; here: a new page)', async () => {
    await page.goto('/home');
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  });
  await test.step('the centre lists it first, unread, with its words and a link to the ticket', async () => {
    await bell(page).click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const item = page.getByRole('article', { name: `Unread: Ticket #${ticket} opened` });
    await expect(item).toBeVisible();
    await expect(item.getByText(`We received your ticket #${ticket} (TV picture freezes).`)).toBeVisible();
    await expect(item.getByText('just now')).toBeVisible();
    await expect(item.getByRole('link', { name: `Open Ticket #${ticket} opened` })).toHaveAttribute(
      'href',
      `/accountInfo?section=tickets&ticket=${ticket}`,
    );
    await expectNoSideways(page);
    await item.getByRole('button', { name: `Mark read Ticket #${ticket} opened` }).click();
    await expect(page.getByRole('article', { name: `Ticket #${ticket} opened` })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName(before === 0 ? 'Notifications' : `Notifications, ${before} unread`);
  });
  await test.step('Mark all read empties the count', async () => {
    if (before > 0) {
      await page.getByRole('button', { name: 'Mark all read' }).click();
      await expect(bell(page)).toHaveAccessibleName('Notifications');
    }
    await expect(page.getByText('All read.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  });
});

test('notification preferences are saved and kept after a reload', async ({ page }) => {
  await signIn(page, 'consumer', { open: '/settings' });
  const prefs = page.getByRole('form', { name: 'Notifications' });
  const billingSms = prefs.getByRole('checkbox', { name: 'Text message (SMS) for billing' });
  const offersEmail = prefs.getByRole('checkbox', { name: 'E-mail for offers' });
  await expect(billingSms).toBeChecked();
  await expect(offersEmail).not.toBeChecked();
  await expect(prefs.getByRole('checkbox', { name: 'E-mail for security (always on)' })).toBeDisabled();
  await expect(prefs.getByText(/^Always on: .* cannot be turned off\.$/)).toBeVisible();
  await billingSms.uncheck();
  await offersEmail.check();
  await prefs.getByLabel('Hold text messages during quiet hours (sent when they end)').check();
  await prefs.getByLabel('Quiet from').fill('22:00');
  await prefs.getByLabel('Quiet until').fill('22:00');
  await prefs.getByRole('button', { name: 'Save notification preferences' }).click();
  await expect(prefs.getByText('Quiet hours must end at another time than they start.')).toBeVisible();
  await prefs.getByLabel('Quiet until').fill('07:00');
  await prefs.getByRole('button', { name: 'Save notification preferences' }).click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  await expectNoSideways(page);
  await page.reload();
  await expect(billingSms).not.toBeChecked();
  await expect(offersEmail).toBeChecked();
  await expect(prefs.getByLabel('Quiet from')).toHaveValue('22:00');
  await expect(prefs.getByLabel('Quiet until')).toHaveValue('07:00');
});

test('the unsubscribe link of a real mail turns that e-mail off; staff see the mail in the delivery log', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'residential');
  const ticket = await openTicket(page, 'Remote does not pair');
  const subject = `Ticket #${ticket} opened`;
  let link = '';
  await test.step('the mail arrives through SMTP with its one-click unsubscribe headers', async () => {
    await baseExpect
      .poll(async () => (await sinkMails()).some((m) => m.subject === subject), { timeout: 20_000 })
      .toBe(true);
    const mail = (await sinkMails()).find((m) => m.subject === subject);
    expect(mail?.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    link = /List-Unsubscribe:\s*<([^>]+)>/.exec(mail?.headers ?? '')?.[1] ?? '';
    expect(link).toContain('/api/notifications/unsubscribe?');
  });
  await test.step('one click (RFC 8058 POST) unsubscribes at once', async () => {
    const url = new URL(link);
    const res = await request.post(`${url.pathname}${url.search}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
  });
  await test.step('Settings show service e-mail off', async () => {
    await page.goto('/settings');
    const prefs = page.getByRole('form', { name: 'Notifications' });
    await expect(prefs.getByRole('checkbox', { name: 'E-mail for service' })).not.toBeChecked();
    await expect(prefs.getByRole('checkbox', { name: 'In the portal for service' })).toBeChecked();
  });
  await test.step('staff find the customer and read the delivery log', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signIn(page, 'sales');
    await page.getByLabel('Account number or customer name').fill(RESIDENTIAL_ID);
    await page.getByRole('button', { name: /^Search/ }).click();
    await page.getByRole('link', { name: 'Notifications sent to Rhonda Reyes' }).click();
    await expect(page.getByRole('heading', { name: `Notifications sent to ${RESIDENTIAL_ID}` })).toBeVisible();
    const log = page.getByRole('region', { name: `Notifications sent to ${RESIDENTIAL_ID}` });
    const row = log.getByRole('row').filter({ hasText: subject }).filter({ hasText: 'E-mail' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(/^(Sent|Delivered)$/)).toBeVisible();
    await expectNoSideways(page);
  });
});
