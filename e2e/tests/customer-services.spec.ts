import { signIn } from './support/app';
import { downloaded, expectNoSideways } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

const stamp = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1000)}`;
const FRONT_DESK = 'acme.frontdesk@boonevalleyfiber.example';

async function openServices(page: import('@playwright/test').Page, section: string) {
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: section }).click();
  await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
}

test.describe('Services', () => {
  test('business forwards a mailbox, sets an auto-reply and changes a mailbox password', async ({ page }) => {
    await signIn(page, 'business');
    await openServices(page, 'Service locations');
    await expect(page.getByRole('list', { name: /^Packages at / }).first()).toBeVisible();

    await openServices(page, 'Email');
    const card = page.getByRole('article', { name: FRONT_DESK });
    await expect(card.getByText(/MB of .* MB used/)).toBeVisible();

    // Forwarding: a bad address is named, then a unique one is saved with keep-a-copy.
    await card.getByRole('button', { name: 'Forwarding' }).click();
    const forward = card.getByRole('form', { name: `Forwarding of ${FRONT_DESK}` });
    await forward.getByLabel('Forward to').fill(FRONT_DESK);
    await forward.getByRole('button', { name: 'Save forwarding' }).click();
    await expect(forward.getByText('Forward to must be another address than the mailbox itself.')).toBeVisible();
    const target = `desk.${stamp}@acmedental.example`;
    await forward.getByLabel('Forward to').fill(target);
    await forward.getByLabel('Keep a copy in this mailbox').check();
    await forward.getByRole('button', { name: 'Save forwarding' }).click();
    await expect(card.getByText(`To ${target}, a copy is kept`)).toBeVisible();

    // Auto-reply: the last day before the first is refused, then a unique subject is saved.
    await card.getByRole('button', { name: 'Auto-reply' }).click();
    const vacation = card.getByRole('form', { name: `Auto-reply of ${FRONT_DESK}` });
    await vacation.getByLabel('Send an auto-reply (vacation message)').check();
    const subject = `Closed ${stamp}`;
    await vacation.getByLabel('Subject').fill(subject);
    await vacation
      .getByLabel('Message', { exact: true })
      .fill('The office is closed for the holiday; we answer on Monday.');
    await vacation.getByLabel('First day (optional)').fill('2031-07-10');
    await vacation.getByLabel('Last day (optional)').fill('2031-07-01');
    await vacation.getByRole('button', { name: 'Save auto-reply' }).click();
    await expect(vacation.getByText('Last day must be on or after the first day.')).toBeVisible();
    await vacation.getByLabel('Last day (optional)').fill('2031-07-14');
    await vacation.getByRole('button', { name: 'Save auto-reply' }).click();
    await expect(card.getByText(`On from Jul 10, 2031 until Jul 14, 2031: “${subject}”`)).toBeVisible();

    // Password: too short and differing are named; then a good one is accepted.
    await card.getByRole('button', { name: 'Change password' }).click();
    const password = card.getByRole('form', { name: `New password for ${FRONT_DESK}` });
    await password.getByLabel('New password', { exact: true }).fill('short');
    await password.getByLabel('Confirm new password').fill('other');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('New password must be 10 to 128 characters.')).toBeVisible();
    await expect(password.getByText('The two passwords differ. Type the same one twice.')).toBeVisible();
    const secret = `Desk-${stamp}-pass-phrase`;
    await password.getByLabel('New password', { exact: true }).fill(secret);
    await password.getByLabel('Confirm new password').fill(secret);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(`Password changed for ${FRONT_DESK}`)).toBeVisible();
    await expect(password).toBeHidden();

    await page.reload();
    await expect(
      page.getByRole('article', { name: FRONT_DESK }).getByText(`To ${target}, a copy is kept`),
    ).toBeVisible();
    await screenshot(page, 'customer-services-email-desktop');
  });

  test('business adds and removes a fax-to-email address and downloads a received fax', async ({ page }) => {
    await signIn(page, 'business');
    await openServices(page, 'Fax');
    const card = page.getByRole('article', { name: 'Fax (573)555-0188' });
    const email = `fax.${stamp}@acmedental.example`;
    const add = card.getByRole('form', { name: 'Add a fax-to-email address to (573)555-0188' });
    await add.getByLabel('Email address').fill('not-an-address');
    await add.getByRole('button', { name: 'Add address' }).click();
    await expect(add.getByText('Email address must be a valid email address, like name@example.com.')).toBeVisible();
    await add.getByLabel('Email address').fill(email);
    await add.getByRole('button', { name: 'Add address' }).click();
    const recipients = card.getByRole('list', { name: 'Fax-to-email addresses of (573)555-0188' });
    await expect(recipients.getByText(email)).toBeVisible();

    await recipients.getByRole('button', { name: `Remove ${email}` }).click();
    await page
      .getByRole('alertdialog', { name: `Stop sending faxes to ${email}?` })
      .getByRole('button', { name: 'Yes, remove it' })
      .click();
    await expect(recipients.getByText(email)).toHaveCount(0);

    const received = card.getByRole('list', { name: 'Faxes received on (573)555-0188' });
    const download = page.waitForEvent('download');
    await received
      .getByRole('button', { name: /^Download fax From / })
      .first()
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fax-5735550188-.*\.pdf$/);
    expect((await downloaded(file)).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'customer-services-fax-desktop');
  });

  test('business-billing is told it lacks the Services permission', async ({ page }) => {
    await signIn(page, 'business-billing', { open: '/services' });
    await expect(
      page.getByText('Your user does not have the “Services” permission. Ask your account administrator for it.'),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Services sections' })).toHaveCount(0);
  });

  test('residential sees its mailbox and no fax, on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'residential');
    await openServices(page, 'Email');
    await expect(page.getByRole('article', { name: 'rhonda.reyes@boonevalleyfiber.example' })).toBeVisible();
    await expectNoSideways(page);
    await screenshot(page, 'customer-services-email-phone');
    // Rhonda has no fax: no Fax tab (issue 28); the address typed says so and still shows her locations.
    const sections = page.getByRole('navigation', { name: 'Services sections' });
    await expect(sections.getByRole('link', { name: 'TV' })).toHaveCount(0);
    await expect(sections.getByRole('link', { name: 'Fax' })).toHaveCount(0);
    await page.goto('/services?section=fax');
    await expect(page.getByRole('status').filter({ hasText: 'This account has no fax service.' })).toBeVisible();
    await openServices(page, 'Service locations');
    await expect(page.getByRole('heading', { level: 3, name: /2208 Clark Ln/ })).toBeVisible();
    await expectNoSideways(page);
    await screenshot(page, 'customer-services-locations-phone');
  });
});
