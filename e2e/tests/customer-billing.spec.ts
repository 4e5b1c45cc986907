import { signIn } from './support/app';
import { downloaded, expectNoSideways, goToBillingCenter, openSection } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

test.describe.configure({ mode: 'serial' });

/** Two digits of the year `ahead` years from now: cards are named with their expiry ("expires 09/29"). */
const yy = (ahead: number) => String((new Date().getFullYear() + ahead) % 100).padStart(2, '0');

test('residential adds a test card, masked once typed, and pays an invoice with the fee shown first', async ({
  page,
}) => {
  await signIn(page, 'residential', { open: false });
  await goToBillingCenter(page, 'Payment methods');
  await expect(page.getByRole('article', { name: 'Visa ending in 4242' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a payment method' }).click();
  const form = page.getByRole('form', { name: 'Add a payment method' });
  await form.getByLabel('Name on card').fill('Rhonda Reyes');
  const number = form.getByLabel('Card number');
  await number.fill('6011111111111118');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(form.getByText('Card number is not valid. Check the digits and try again.')).toBeVisible();
  await number.fill('6011111111111117');
  await expect(number).toHaveValue('6011 1111 1111 1117');
  await form.getByLabel('Expiry month').selectOption('09');
  await form.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
  await form.getByLabel('Security code').fill('321');
  await form.getByLabel('Billing ZIP code').fill('65202');
  // SPEC §5: once the field is left, the number shows masked (the value itself is kept).
  await expect(form.getByText('**************17')).toBeVisible();
  await screenshot(page, 'customer-add-card-desktop');
  await number.focus();
  await expect(form.getByText('**************17')).toBeHidden();
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('article', { name: 'Discover ending in 1117' })).toBeVisible();

  await openSection(page, 'Billing Center', 'Bills');
  await expect(page.locator('.summary-card').filter({ hasText: 'Balance' })).toContainText('$206.24');
  await expect(page.locator('.summary-card').filter({ hasText: 'Past due' })).toContainText('$103.12');
  const pay = page.getByRole('form', { name: 'Pay bills' });
  const boxes = pay.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  await boxes.nth(1).uncheck();
  await pay.getByLabel('Pay with').selectOption({ label: `Discover ending in 1117, expires 09/${yy(3)}` });
  await expect(pay.locator('.totals')).toContainText('Card fee (2.95%)');
  await expect(pay.locator('.totals')).toContainText('$3.04');
  await screenshot(page, 'customer-pay-desktop');
  await pay.getByRole('button', { name: 'Review the payment' }).click();
  await expect(pay.getByRole('heading', { name: 'Review your payment' })).toBeFocused();
  await expect(pay.locator('.totals')).toContainText('Discover ending in 1117');
  await screenshot(page, 'customer-pay-review-desktop');
  await pay.getByRole('button', { name: 'Pay $106.16' }).click();
  await expect(
    pay.getByText(/^Payment received: \$106\.16\. Confirmation number [0-9A-Z]{5}-[0-9A-Z]{5}\.$/),
  ).toBeVisible();
  await screenshot(page, 'customer-pay-done-desktop');
  await expect(page.locator('.summary-card').filter({ hasText: 'Balance' })).toContainText('$103.12');
  await expect(page.locator('.summary-card').filter({ hasText: 'Past due' })).toContainText('$0.00');
});

test('a declined card says so plainly and charges nothing', async ({ page }) => {
  await signIn(page, 'residential', { open: false });
  await goToBillingCenter(page, 'Payment methods');
  await page.getByRole('button', { name: 'Add a payment method' }).click();
  const form = page.getByRole('form', { name: 'Add a payment method' });
  await form.getByLabel('Name on card').fill('Rhonda Reyes');
  await form.getByLabel('Card number').fill('4000000000000002');
  await form.getByLabel('Expiry month').selectOption('01');
  await form.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Billing ZIP code').fill('65202');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('article', { name: 'Visa ending in 0002' })).toBeVisible();

  await openSection(page, 'Billing Center', 'Bills');
  const pay = page.getByRole('form', { name: 'Pay bills' });
  await pay.getByLabel('Pay with').selectOption({ label: `Visa ending in 0002, expires 01/${yy(2)}` });
  const balance = page.locator('.summary-card').filter({ hasText: 'Balance' });
  const before = await balance.textContent();
  await pay.getByRole('button', { name: 'Review the payment' }).click();
  await pay.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(pay.getByRole('alert')).toHaveText(
    'The card was declined. Nothing was charged: use another payment method or call your bank.',
  );
  await expect(balance).toHaveText(before ?? '');
});

test('residential turns autopay on and off', async ({ page }) => {
  await signIn(page, 'residential', { open: false });
  await goToBillingCenter(page, 'Autopay');
  const card = page.getByRole('article', { name: '2208 Clark Ln, Columbia, MO 65202' });
  await expect(card.getByText('Autopay off')).toBeVisible();
  await card.getByLabel('Pay automatically with').selectOption({ label: `Visa ending in 4242, expires 08/${yy(2)}` });
  await card.getByRole('button', { name: 'Turn on autopay' }).click();
  await expect(card.getByText('Autopay on')).toBeVisible();
  await expect(card.getByText('Bills here are paid automatically with Visa ending in 4242.')).toBeVisible();
  await openSection(page, 'Billing Center', 'Payment methods');
  await expect(page.getByRole('article', { name: 'Visa ending in 4242' }).getByText('Autopay')).toBeVisible();
  await openSection(page, 'Billing Center', 'Autopay');
  await card.getByRole('button', { name: 'Turn off autopay' }).click();
  await expect(card.getByText('Autopay off')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('business-billing reviews, pays from the bank account with no fee, keeps the confirmation and finds it in the history', async ({
    page,
  }) => {
    await signIn(page, 'business-billing', { open: false });
    await goToBillingCenter(page, 'Bills');
    const pay = page.getByRole('form', { name: 'Pay bills' });
    let number = '';
    await test.step('the review shows method, invoice, fee and total before anything is charged', async () => {
      await expect(pay.getByLabel('Pay with')).toHaveValue(/\d+/);
      await pay.getByLabel('Pay with').selectOption({ label: 'Checking ending in 6789' });
      await pay.getByLabel(/^Amount for invoice/).fill('100');
      await expect(pay.locator('.totals')).toContainText('Fee (none for bank accounts)');
      await pay.getByRole('button', { name: 'Review the payment' }).click();
      const review = pay.locator('.totals');
      await expect(review).toContainText('Checking ending in 6789');
      await expect(review).toContainText(/Invoice #\d+\$100\.00/);
      await expect(review).toContainText('Total to charge$100.00');
      await expect(page.locator('.summary-card').filter({ hasText: 'Balance' })).toContainText('$535.87');
      await expectNoSideways(page);
      await screenshot(page, 'customer-pay-review-phone');
    });
    await test.step('"Change the payment" goes back with the amounts kept', async () => {
      await pay.getByRole('button', { name: 'Change the payment' }).click();
      await expect(pay.getByLabel(/^Amount for invoice/)).toHaveValue('100');
      await pay.getByRole('button', { name: 'Review the payment' }).click();
    });
    await test.step('paying shows a confirmation number that stays until dismissed', async () => {
      await pay.getByRole('button', { name: 'Pay $100.00' }).click();
      const received = pay.getByText(/^Payment received: \$100\.00\. Confirmation number /);
      await expect(received).toBeVisible();
      number = (await pay.locator('.pay-step__number strong').textContent()) ?? '';
      expect(number).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      await expect(page.locator('.summary-card').filter({ hasText: 'Balance' })).toContainText('$435.87');
      await expectNoSideways(page);
      await screenshot(page, 'customer-pay-done-phone');
    });
    await test.step('the receipt downloads as a PDF', async () => {
      const download = page.waitForEvent('download');
      await pay.getByRole('button', { name: 'Download the receipt (PDF)' }).click();
      const pdf = await download;
      expect(pdf.suggestedFilename()).toBe(`receipt-${number}.pdf`);
      expect((await downloaded(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
      await pay.getByRole('button', { name: 'Done' }).click();
      await expect(pay.getByRole('button', { name: 'Review the payment' })).toBeVisible();
    });
    await test.step('the history shows the number and finds the payment by it', async () => {
      await openSection(page, 'Billing Center', 'History');
      await page.getByRole('searchbox', { name: 'Find a payment' }).fill(number.toLowerCase());
      const payments = page.getByRole('list', { name: 'Payments' });
      await expect(payments.getByRole('listitem')).toHaveCount(1);
      await expect(payments.getByText(`Confirmation number ${number}`)).toBeVisible();
      await expectNoSideways(page);
      await screenshot(page, 'customer-history-search-phone');
    });
  });
});

test('business-billing downloads an invoice PDF and CSV from the history', async ({ page }) => {
  await signIn(page, 'business-billing', { open: false });
  await goToBillingCenter(page, 'History');
  const first = page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').first();
  const pdfDownload = page.waitForEvent('download');
  await first.getByRole('button', { name: /^PDF/ }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^invoice-\d+\.pdf$/);
  expect((await downloaded(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

  const csvDownload = page.waitForEvent('download');
  await first.getByRole('button', { name: /^CSV/ }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^invoice-group-\d+\.csv$/);
  const text = (await downloaded(csv)).toString('utf8');
  expect(text).toContain('Account Number,Customer Name,Invoice Group,Invoice Number');
  expect(text).toContain('1000-3000-0001,Acme Dental Group');
  await expect(page.getByRole('list', { name: 'Payments' }).getByText('Checking ending in 6789').first()).toBeVisible();
  await screenshot(page, 'customer-history-desktop');
});

test('the mailing address fills city and state from the ZIP code', async ({ page }) => {
  await signIn(page, 'consumer', { open: false });
  await goToBillingCenter(page, 'Mailing address');
  const form = page.getByRole('form', { name: 'Mailing address' });
  await form.getByLabel('Street address').fill('PO Box 77');
  await form.getByLabel('ZIP code', { exact: true }).fill('65251');
  await expect(form.getByLabel('City')).toHaveValue('Fulton');
  await expect(form.getByRole('combobox', { name: 'State' })).toHaveValue('MO');
  await expect(form.getByText('City and state filled in from ZIP code 65251.')).toBeVisible();
  await form.getByLabel('City').fill('Columbia');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('ZIP code 65251 is Fulton, MO.')).toBeVisible();
  await form.getByLabel('City').fill('Fulton');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mailing address saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Mailing address' }).getByLabel('Street address')).toHaveValue(
    'PO Box 77',
  );
});

test('the billing center fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'business');
  for (const section of ['Bills', 'Payment methods', 'Autopay', 'History', 'Mailing address']) {
    await page.goto(`/billingCenter?section=${section.toLowerCase().replace(' ', '-')}`);
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await expectNoSideways(page);
    await screenshot(page, `customer-billing-${section.toLowerCase().replace(' ', '-')}-phone`);
  }
  const button = page.getByRole('button', { name: 'Save address' });
  expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
});
