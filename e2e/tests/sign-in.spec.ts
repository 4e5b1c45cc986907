import {
  attemptSignIn,
  choosePortal,
  expectNavLinks,
  header,
  pathOf,
  signInThroughForm as signIn,
} from './support/app';
import { CUSTOMER_ACCOUNTS, FIELD_ACCOUNTS, PORTAL_LANDING, STAFF_LINKS, STAFF_ROLE_ACCOUNTS } from './support/demo';
import { expect, test } from './support/spec-server';

test.describe('sign-in lands each demo account where it belongs', () => {
  for (const account of CUSTOMER_ACCOUNTS) {
    test(`${account.username} lands on ${account.landing.heading} in the customer portal`, async ({ page }) => {
      await signIn(page, account.username);
      await expect(page).toHaveURL(account.landing.path);
      await expect(page.getByRole('heading', { level: 1, name: account.landing.heading })).toBeVisible();

      const banner = header(page);
      await expect(banner.getByText(account.name, { exact: true }).first()).toBeVisible();
      await expect(banner.getByText(account.customerId)).toBeVisible();
      if (account.accountName) {
        await expect(banner.getByText('Account name')).toHaveCount(1);
        await expect(banner.getByText(account.accountName, { exact: true }).last()).toBeVisible();
      } else {
        await expect(banner.getByText('Account name')).toHaveCount(0);
      }
      await expect(banner.getByText('Super user')).toHaveCount(0);
      await expectNavLinks(page, account.links);
    });
  }

  for (const account of FIELD_ACCOUNTS) {
    test(`${account.username} chooses a portal on /portalSelect`, async ({ page }) => {
      await signIn(page, account.username);
      // One portal: straight to its home (issue 27); /portalSelect stays reachable from the menu.
      const only = account.portals.length === 1 ? account.portals[0] : undefined;
      if (only) {
        await expect(page).toHaveURL(new RegExp(`${PORTAL_LANDING[only].path}$`));
        await page.goto('/portalSelect');
      }
      await expect(page).toHaveURL(/\/portalSelect$/);
      await expect(page.getByRole('heading', { name: 'Choose a portal' })).toBeVisible();
      await expect(header(page).getByText(account.name)).toBeVisible();
      const offered = page.getByRole('list').filter({ has: page.getByRole('button', { name: /portal/ }) });
      await expect(offered.getByRole('button')).toHaveCount(account.portals.length);

      for (const portal of account.portals) {
        await page.goto('/portalSelect');
        await choosePortal(page, portal);
        await expect(page).toHaveURL(new RegExp(`${PORTAL_LANDING[portal].path}$`));
        await expectNavLinks(page, [...PORTAL_LANDING[portal].links]);
      }
    });
  }

  test('fieldtech sees both portals and the last choice is marked', async ({ page }) => {
    await signIn(page, 'fieldtech');
    await choosePortal(page, 'Contractor');
    await expect(page).toHaveURL(/\/contractorHome$/);
    await page.goto('/portalSelect');
    const contractor = page.getByRole('button', { name: /^Contractor portal/ });
    await expect(contractor).toContainText('Last used');
    await expect(page.getByRole('button', { name: /^Installer portal/ })).not.toContainText('Last used');
    await expect(contractor).toBeFocused();
  });

  test('staff lands on the staff home', async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
    await expect(header(page).getByText('Sam Stone')).toBeVisible();
    await expectNavLinks(page, STAFF_LINKS);
  });

  for (const role of STAFF_ROLE_ACCOUNTS) {
    test(`${role.username} lands on its own area and sees only the staff links of its role`, async ({ page }) => {
      await signIn(page, role.username);
      await expect(page).toHaveURL(role.landing);
      await expectNavLinks(page, [...role.links]);
    });
  }
});

test.describe('sign-in failures', () => {
  test('a wrong password and an unknown user get the same message', async ({ page }) => {
    await attemptSignIn(page, 'residential', 'not-the-password');
    const wrongPassword = page.getByRole('alert');
    await expect(wrongPassword).toBeVisible();
    const message = (await wrongPassword.textContent())?.trim() ?? '';
    expect(message.length).toBeGreaterThan(0);
    expect(pathOf(page)).toBe('/login');

    await attemptSignIn(page, 'nobody-by-this-name', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(message);
    expect(pathOf(page)).toBe('/login');
  });

  test('empty fields are pointed out next to them', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Username is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
  });
});

test('the site root shows the sign-in page and signs in from there', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill('residential');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
