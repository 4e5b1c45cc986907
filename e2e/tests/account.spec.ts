import {
  attemptSignIn,
  expectNavLinks,
  header,
  logOut,
  newestRecoveryLink,
  newestRegistrationCode,
  signIn,
} from './support/app';
import { CUSTOMER_LINKS } from './support/demo';
import { expect, test } from './support/spec-server';

// A throwaway user: the first online user of a demo customer account that has none (Priya Patel, 1000-2000-0003).
const stamp = Date.now().toString(36);
const user = {
  username: `priya-${stamp}`,
  email: `priya.${stamp}@example.com`,
  password: 'first-password-1',
  newPassword: 'second-password-2',
};

test.describe.configure({ mode: 'serial' });

test('a customer registers the first online user of an account', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register your account' }).click();
  await expect(page.getByRole('heading', { name: 'Register your account' })).toBeVisible();

  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Account number must look like 0000-0000-0000.')).toBeVisible();

  await page.getByLabel('Account number').fill('1000-2000-0003');
  // The code goes to the account's email on file (Priya's contact), never to whoever asks.
  await page.getByRole('button', { name: 'Email me the registration code' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /registration code to the email address on file/ }),
  ).toBeVisible();
  let code: string | null = null;
  await expect
    .poll(async () => (code = await newestRegistrationCode('priya.patel@example.org')), { timeout: 10_000 })
    .not.toBeNull();
  await page.getByLabel('Registration code').fill('AAAA-BBBB-CCCC-DDDD');
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Patel');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('We could not match that account number and registration code.').first()).toBeVisible();

  await page.getByLabel('Registration code').fill(code ?? '');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(header(page).getByText('Priya Patel').first()).toBeVisible();
  await expectNavLinks(page, CUSTOMER_LINKS);
});

test('account recovery mails a one-time link that sets a new password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/accountRecovery$/);
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /reset link/ })).toBeVisible();

  let link: string | null = null;
  await expect.poll(async () => (link = await newestRecoveryLink(user.email)), { timeout: 10_000 }).not.toBeNull();
  const url = new URL(link ?? '');
  await page.goto(`${url.pathname}${url.search}`);

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(user.newPassword);
  await page.getByLabel('Confirm new password').fill('something-else-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();

  await page.getByLabel('Confirm new password').fill(user.newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await attemptSignIn(page, user.username, user.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, user.username, { password: user.newPassword });
  await expect(page).toHaveURL(/\/home$/);
  await logOut(page);

  // The link works once.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New password', { exact: true }).fill('third-password-3');
  await page.getByLabel('Confirm new password').fill('third-password-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText(/not valid|expired/);
});

test('logging out ends the session on the server: the old token is refused', async ({ page }) => {
  await signIn(page, user.username, { password: user.newPassword });
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const before = await page.request.get('/api/customer/account', { headers: { authorization: `Bearer ${token}` } });
  expect(before.status()).toBe(200);
  await logOut(page);
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/customer/account', { headers: { authorization: `Bearer ${token}` } });
      return res.status();
    })
    .toBe(401);
});
