import type { Page } from '@playwright/test';
import { header, signIn } from './support/app';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

// SPEC §6: the provider names the users who keep their theme in the browser. Here: residential (user id 1).
test.use({ serverEnv: { LOCAL_THEME_USER_IDS: '1' } });

/** Every call the page makes to /api/settings, as "METHOD /path". */
function settingsCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/settings')) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

async function chooseGradient(page: Page, degrees: string, first: string) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  await page.getByLabel('Use a custom gradient in the header').check();
  await page.getByLabel('Gradient direction (degrees)').fill(degrees);
  await page.getByLabel('First color').fill(first);
  await page.getByLabel('Second color').fill('#2a6f97');
  await page.getByRole('button', { name: 'Save settings' }).click();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 360, height: 740 },
]) {
  test(`a LOCAL_THEME_USER_IDS user's theme stays in the browser; another user's is saved on the server (${viewport.name})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const size = { viewport: { width: viewport.width, height: viewport.height }, baseURL };
    // The local-theme user: saved in localStorage, never sent to (or asked of) the server.
    const local = await browser.newContext(size);
    const page = await local.newPage();
    const calls = settingsCalls(page);
    await signIn(page, 'residential');
    await chooseGradient(page, '90', '#123456');
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved on this device' })).toBeVisible();
    await expect(page.getByText('Your theme is kept in this browser only')).toBeVisible();
    const gradient = 'linear-gradient(90deg, rgb(18, 52, 86), rgb(42, 111, 151))';
    await expect(header(page)).toHaveCSS('background-image', gradient);
    const kept = await page.evaluate(() => localStorage.getItem('localTheme.1'));
    expect(JSON.parse(kept ?? '{}')).toMatchObject({
      enableStyle: true,
      gradientDirection: 90,
      selectedColor1: '#123456',
    });
    await page.reload();
    await expect(header(page)).toHaveCSS('background-image', gradient);
    await screenshot(page, `local-theme-${viewport.name}`, { fullPage: false });
    expect(calls).toEqual([]);
    // Another browser of the same user: nothing came from the server, so the default header.
    const elsewhere = await browser.newContext(size);
    const second = await elsewhere.newPage();
    await signIn(second, 'residential');
    await expect(header(second)).not.toHaveCSS('background-image', gradient);
    await local.close();
    await elsewhere.close();

    // Any other user: the theme is saved on the server (PUT /api/settings) and follows them to another browser.
    const server = await browser.newContext(size);
    const billing = await server.newPage();
    const billingCalls = settingsCalls(billing);
    await signIn(billing, 'business-billing');
    await chooseGradient(billing, '45', '#654321');
    await expect(
      billing.getByRole('status').getByRole('button', { name: 'Settings saved', exact: true }),
    ).toBeVisible();
    expect(billingCalls).toContain('PUT /api/settings');
    expect(await billing.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('localTheme')))).toEqual(
      [],
    );
    const fresh = await browser.newContext(size);
    const again = await fresh.newPage();
    await signIn(again, 'business-billing');
    await expect(header(again)).toHaveCSS(
      'background-image',
      'linear-gradient(45deg, rgb(101, 67, 33), rgb(42, 111, 151))',
    );
    await server.close();
    await fresh.close();
  });
}
