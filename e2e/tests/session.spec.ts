import {
  choosePortal,
  craftToken,
  expectNavLinks,
  pathOf,
  residentialClaims,
  signIn,
  storeBeforeFirstLoad,
} from './support/app';
import { INSTALLER_LINKS } from './support/demo';
import { expect, test } from './support/spec-server';

const nowSeconds = () => Math.floor(Date.now() / 1000);

test.describe('the stored session', () => {
  test('an expired token signs the user out and lands on /', async ({ page }) => {
    const expired = craftToken(residentialClaims(nowSeconds() - 60));
    await storeBeforeFirstLoad(page, { token: expired, portal: 'residential' });

    await page.goto('/accountInfo');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(pathOf(page)).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('an undecodable token is removed', async ({ page }) => {
    await storeBeforeFirstLoad(page, { token: 'this-is-not-a-token' });
    await page.goto('/accountInfo');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a session that expires while the page is open logs out to /', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'residential');
    await expect(page).toHaveURL(/\/home$/);
    const exp = await page.evaluate(() => {
      const token = localStorage.getItem('token') ?? '';
      const payload = token.split('.')[1] ?? '';
      return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number }).exp;
    });
    // Jump past the expiry; the periodic check (every 30 s) notices it.
    await page.clock.fastForward(Math.max(0, exp * 1000 - Date.now()) + 31_000);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(pathOf(page)).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a reload keeps the session and the chosen portal', async ({ page }) => {
    await signIn(page, 'fieldtech');
    await choosePortal(page, 'Installer');
    await expect(page).toHaveURL(/\/search$/);
    await page.reload();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search WO' })).toBeVisible();
    await expectNavLinks(page, INSTALLER_LINKS);
  });

  test('a signed-in field user without a chosen portal is sent to /portalSelect', async ({ page }) => {
    await signIn(page, 'fieldtech');
    await expect(page).toHaveURL(/\/portalSelect$/);
    await page.goto('/workOrders');
    await expect(page).toHaveURL(/\/portalSelect$/);
  });
});

test('the session log is sent after sign-in and not again on a reload within the hour', async ({ page }) => {
  const logCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/session/log') {
      logCalls.push(request.url());
    }
  });
  await signIn(page, 'business');
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => logCalls.length).toBe(1);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(logCalls).toHaveLength(1);
});
