/**
 * The staff desk at desktop size (issue 29): each role's home shows its own tiles, the admin pages for categories
 * and applicants, a trouble ticket answered from the staff list, the account and order histories filtered (a filter
 * that matches and one that matches nothing), and the timelines of a ticket, the order's work orders and payments.
 */
import type { Page } from '@playwright/test';
import { signIn } from './support/app';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 1440, height: 900 } });

test('the staff home shows each role its own tiles', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/staff$/);
  const tiles = page.getByRole('list', { name: 'Needs attention' });
  await expect(tiles.getByRole('heading', { name: 'Orders waiting for dispatch' })).toBeVisible();
  await expect(tiles.getByRole('heading', { name: 'Open trouble tickets' })).toBeVisible();
  await expect(tiles.getByRole('heading', { name: 'Failed or declined payments' })).toHaveCount(0);
  await expect(page.locator('nav [aria-current="page"]')).toHaveCount(1);

  await page.context().clearCookies();
  await signIn(page, 'billing-staff');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(tiles.getByRole('heading', { name: 'Failed or declined payments' })).toBeVisible();
  await expect(tiles.getByRole('heading', { name: 'Orders waiting for dispatch' })).toHaveCount(0);
});

test('categories and applicants have their own admin pages', async ({ page }) => {
  await signIn(page, 'staff');
  await page.getByRole('link', { name: 'Categories', exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/categories$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Retire/ }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Applicants', exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/applicants$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Job applicants' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Applicant Avery Quinn' })).toBeVisible();
});

test('staff answer a trouble ticket from the list', async ({ page }) => {
  await signIn(page, 'sales');
  await page.getByRole('link', { name: 'Tickets', exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/tickets$/);
  await expect(page.getByTestId('ticket-count')).toContainText(/\d+ tickets?/);
  await page.getByRole('button', { name: /Last update/ }).click();
  await expect(page.getByRole('columnheader', { name: /Last update/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('link', { name: '#1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Internet drops in the evening');
  const answer = `We reset your line ${Date.now()}.`;
  await page.getByLabel('Answer', { exact: true }).fill(answer);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(answer);
});

/** A call of the API as a demo user (a change to show in a timeline), outside the page. */
async function apiAs(page: Page, username: string) {
  const login = await page.request.post('/api/auth/login', { data: { username, password: 'demo-password' } });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async <T>(url: string) => (await (await page.request.get(url, { headers })).json()) as T,
    send: async (method: 'POST' | 'PUT', url: string, data: unknown, extra: Record<string, string> = {}) => {
      const res = await page.request.fetch(url, { method, data, headers: { ...headers, ...extra } });
      expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
  };
}

test('the account history filters by who: a match shows only its rows, no match shows none', async ({ page }) => {
  const dana = await apiAs(page, 'business');
  await dana.send('PUT', '/api/customer/billing/paperless', { paperless: true });
  await dana.send('PUT', '/api/customer/billing/paperless', { paperless: false });
  await signIn(page, 'staff', { open: '/staff/accounts/1000-3000-0001' });
  const account = page.getByRole('region', { name: 'Account history' });
  const entries = account
    .getByRole('list', { name: 'Account history' })
    .getByRole('listitem')
    .filter({
      has: page.locator('.timeline__title'),
    });
  await expect(entries.first()).toBeVisible();
  await expect(entries.filter({ hasText: 'Paperless billing turned off' }).first()).toContainText(
    'Paperless billing: On → Off',
  );

  await account.getByLabel('Who').fill('Diaz');
  await account.getByRole('button', { name: 'Filter' }).click();
  await expect(account.getByText(/^\d+ entr(y|ies)$/)).toBeVisible();
  await expect(entries.first()).toBeVisible();
  const shown = await entries.locator('.timeline__meta').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const meta of shown) expect(meta).toMatch(/^by Dana Diaz/);

  await account.getByLabel('Who').fill('nobody at all');
  await account.getByRole('button', { name: 'Filter' }).click();
  await expect(account.getByText('No changes recorded.')).toBeVisible();
  await expect(entries).toHaveCount(0);
});

test('the order change history filters by who, and each work order has its own timeline', async ({ page }) => {
  await signIn(page, 'sales', { open: '/staff/orders' });
  await page
    .getByRole('link', { name: /^Order \d+$/ })
    .first()
    .click();
  const history = page.getByRole('region', { name: 'Change history' });
  await expect(history).toBeVisible();
  await history.getByLabel('Who').fill('nobody at all');
  await history.getByRole('button', { name: 'Filter' }).click();
  await expect(history.getByText('No changes recorded.')).toBeVisible();

  const wo = page.locator('details.work-order-history').first();
  if ((await wo.count()) > 0) {
    await wo.locator('summary').click();
    await expect(wo.getByRole('heading', { level: 3, name: /^Work order #\d+ history$/ })).toBeVisible();
    await expect(wo.getByText(/^\d+ entr(y|ies)$/)).toBeVisible();
  }
});

test('a ticket’s history on its staff page, and the account’s payments with their status', async ({ page }) => {
  const rhonda = await apiAs(page, 'residential');
  const bills = await rhonda.get<{ openInvoices: { InvoiceID: number; balanceCents: number }[] }>(
    '/api/customer/billing/bills',
  );
  const methods = await rhonda.get<{ PaymentMethodID: number; kind: string }[]>(
    '/api/customer/billing/payment-methods',
  );
  const invoice = bills.openInvoices.find((i) => i.balanceCents > 0);
  const method = methods.find((m) => m.kind === 'card');
  expect(invoice && method).toBeTruthy();
  const quote = await rhonda.send('POST', '/api/customer/billing/fee-quote', {
    PaymentMethodID: method?.PaymentMethodID,
    amountCents: invoice?.balanceCents,
  });
  const paid = (await rhonda.send(
    'POST',
    '/api/customer/billing/payments',
    {
      PaymentMethodID: method?.PaymentMethodID,
      invoices: [{ InvoiceID: invoice?.InvoiceID, amountCents: invoice?.balanceCents }],
      expectedFeeCents: quote.feeCents,
    },
    { 'idempotency-key': `staff-desk-${Date.now()}` },
  )) as { PaymentID: number };

  await signIn(page, 'staff', { open: '/staff/accounts/1000-2000-0001' });
  const payments = page.getByRole('region', { name: 'Payments' });
  const completed = payments.getByRole('listitem').filter({ hasText: `Payment #${paid.PaymentID}: Payment made` });
  await expect(completed).toContainText('Status: Pending → Completed');
  await expect(completed).toContainText('by Rhonda Reyes');
  await expect(payments.locator('.timeline__item').filter({ hasText: 'Status: (none) → Pending' })).toHaveCount(1);
  await expect(payments.getByText('Paperless billing')).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, 'sales', { open: '/staff/tickets/1' });
  await page.getByLabel('Answer', { exact: true }).fill('We are looking at your line.');
  await page.getByLabel('Status after this answer').selectOption('Waiting on customer');
  await page.getByRole('button', { name: 'Send answer' }).click();
  const ticket = page.getByRole('region', { name: 'Ticket history' });
  const answered = ticket.getByRole('listitem').filter({ hasText: 'Trouble ticket answered' }).first();
  await expect(answered).toContainText('Status: Open → Waiting on customer');
  await expect(page.locator('body')).not.toHaveCSS('overflow-x', 'scroll');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(1440);
});
