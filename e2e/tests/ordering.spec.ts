import { mkdirSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { newestOrderCode } from './support/app';
import { axeFindings } from './support/axe';
import { fillSandboxCard } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

// README "Addresses for the availability check".
const SERVED = { line1: '2211 Clark Ln', zip: '65202', city: 'Columbia' };

async function checkAddress(page: Page, a: { line1: string; zip: string; city: string }) {
  await page.getByLabel('Street address').fill(a.line1);
  // The city before the ZIP: the ZIP lookup fills an empty city only.
  await page.getByLabel('City').fill(a.city);
  await page.getByLabel('ZIP code').fill(a.zip);
  await page.getByRole('button', { name: 'Check this address' }).click();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor types a served address as a person does and orders on the first try (clicks and time recorded)', async ({
      page,
    }) => {
      const stamp = `${viewport.width}${Date.now().toString(36)}`;
      const email = `nora.${stamp}@example.com`;
      // The funnel's figures (docs/performance.md): every click, choice and tick counts as a click.
      let clicks = 0;
      const click = async (target: Locator) => {
        clicks += 1;
        await target.click();
      };
      const choose = async (target: Locator, index: number) => {
        clicks += 1;
        await target.selectOption({ index });
      };
      const started = Date.now();
      let checkMs = 0;
      let placeMs = 0;
      await page.goto('/order');
      await expect(page.getByRole('heading', { name: 'Check availability and order service' })).toBeVisible();

      await test.step('types the street and ZIP, tabs on and clicks "Check this address" at once', async () => {
        await click(page.getByLabel('Street address'));
        await page.getByLabel('Street address').pressSequentially(SERVED.line1, { delay: 60 });
        await page.keyboard.press('Tab');
        await expect(page.getByLabel('Apartment or unit (optional)')).toBeFocused();
        await page.keyboard.press('Tab');
        await page.keyboard.type(SERVED.zip, { delay: 60 });
        // Into City just as the ZIP lookup goes out: it never types under the visitor's fingers.
        await page.keyboard.press('Tab');
        const asked = Date.now();
        await click(page.getByRole('button', { name: 'Check this address' }));
        // One click: a served address lands on the package step, with the check's verdict and area.
        await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
        await expect(page.getByLabel(/^Fiber 1 Gig Internet/)).toBeVisible();
        checkMs = Date.now() - asked;
        await expect(page.getByRole('heading', { name: 'Fiber is available' })).toBeVisible();
        await expect(page.locator('.order-address')).toHaveText(/^2211 Clark Ln, Columbia, MO 65202-\d{4}$/);
        await expect(page.locator('.order-map__map')).toBeVisible();
        await expect(page.getByText(/^Map: 2211 Clark Ln.* in .+\.$/)).toBeAttached();
        await expect(page.getByText(/outside our service areas|City must be/)).toHaveCount(0);
      });

      await test.step('chooses packages into the cart, which survives a reload', async () => {
        await click(page.getByLabel(/^Fiber 1 Gig Internet/));
        await expect(page.getByLabel(/^Fiber 1 Gig Internet/)).toBeChecked();
        await click(page.getByLabel(/^Whole-Home Wi-Fi/));
        await expect(page.getByLabel(/^Whole-Home Wi-Fi/)).toBeChecked();
        await expect(page.getByText('$184.00', { exact: true })).toBeVisible();
        await page.reload();
        await expect(page.getByLabel(/^Fiber 1 Gig Internet/)).toBeChecked();
        await expect(page.getByLabel(/^Whole-Home Wi-Fi/)).toBeChecked();
      });

      await test.step('checks out with the sandbox card', async () => {
        await choose(page.getByLabel('Install day', { exact: true }), 1);
        await choose(page.getByLabel('Install window', { exact: true }), 1);
        await click(page.getByLabel('First name', { exact: true }));
        await page.keyboard.type('Nora', { delay: 30 });
        await page.getByLabel('Last name', { exact: true }).pressSequentially('New', { delay: 30 });
        await page.getByLabel('Email', { exact: true }).fill(email);
        await click(page.getByRole('button', { name: 'Email me a verification code' }));
        await expect(
          page.getByRole('status').filter({ hasText: `We emailed a 6-digit code to ${email}` }),
        ).toBeVisible();
        let code: string | null = null;
        await expect.poll(async () => (code = await newestOrderCode(email)), { timeout: 10_000 }).not.toBeNull();
        await page.getByLabel('Verification code', { exact: true }).fill(code ?? '');
        await page.getByLabel('Phone', { exact: true }).fill('(573) 555-0199');
        await page.getByLabel('Username', { exact: true }).fill(`nora-${stamp}`);
        await page.getByLabel('Password', { exact: true }).fill('fiber-at-last-2026');
        await fillSandboxCard(page, 'Nora New');
        await click(page.getByLabel(/I accept the terms of service/));
        const placing = Date.now();
        await click(page.getByRole('button', { name: /Place order and pay \$184\.00/ }));
        await expect(page.getByRole('heading', { name: /^Order \d+ is placed$/ })).toBeVisible({ timeout: 15_000 });
        placeMs = Date.now() - placing;
      });
      const totalMs = Date.now() - started;
      const figures = {
        viewport: viewport.name,
        clicks,
        checkToPackagesMs: checkMs,
        placeToConfirmationMs: placeMs,
        totalMs,
      };
      test.info().annotations.push({ type: 'order funnel', description: JSON.stringify(figures) });
      mkdirSync('e2e/.tmp', { recursive: true });
      writeFileSync(`e2e/.tmp/order-funnel-${viewport.width}.json`, `${JSON.stringify(figures, null, 2)}\n`);

      await test.step('the confirmation: every number inside the card, nothing runs past its edge', async () => {
        await expect(page.getByText(`We emailed a confirmation to ${email}`)).toBeVisible();
        await expect(page.getByText('Fiber 1 Gig Internet: $75.00/month, install $99.00')).toBeVisible();
        await expect(page.getByText(/An installer comes on/)).toBeVisible();
        await expect(page.getByText('Payment reference')).toBeVisible();
        const outside = await page.locator('.order-summary dd').evaluateAll((cells) =>
          cells
            .filter((cell) => {
              const card = cell.closest('.order-card');
              if (!card) return true;
              const box = card.getBoundingClientRect();
              const inner = box.right - Number.parseFloat(getComputedStyle(card).paddingRight);
              return cell.getBoundingClientRect().right > inner + 0.5 || cell.scrollWidth > cell.clientWidth + 0.5;
            })
            .map((cell) => cell.textContent),
        );
        expect(outside).toEqual([]);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, `ordering-confirmation-${viewport.width}`);
      });

      // The cart is spent: a reload starts from the address again.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Check availability and order service' })).toBeVisible();
    });

    test('coming soon, taking sign-ups, outside the area and a typo each get their answer', async ({ page }) => {
      await page.goto('/order');
      await checkAddress(page, { line1: '412 Henry Clay Blvd', zip: '65010', city: 'Ashland' });
      await expect(page.getByRole('heading', { name: 'Coming soon: we are building here' })).toBeVisible();
      await page.getByLabel('Your email').fill('wait@example.com');
      await page.getByRole('button', { name: 'Notify me' }).click();
      await expect(page.getByText(/we will write to wait@example.com/)).toBeVisible();

      await checkAddress(page, { line1: '215 Court St', zip: '65251', city: 'Fulton' });
      await expect(page.getByRole('heading', { name: 'Taking sign-ups' })).toBeVisible();
      await page.getByLabel('Your email').fill('bad-email');
      await page.getByRole('button', { name: 'Sign me up' }).click();
      await expect(page.getByText('Email must be a valid email address, like name@example.com.')).toBeVisible();

      await checkAddress(page, { line1: '618 Spring St', zip: '65233', city: 'Boonville' });
      await expect(page.getByRole('heading', { name: 'Not in our fiber area yet' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Notify me' })).toBeVisible();

      // A city typed a letter off: the ZIP's city is suggested.
      await checkAddress(page, { line1: '2211 Clark Ln', zip: '65202', city: 'Colmbia' });
      await expect(
        page.getByText('ZIP code 65202 is Columbia, MO. Did you mean 2211 Clark Ln, Columbia, MO 65202?'),
      ).toBeVisible();

      await checkAddress(page, { line1: '2211 Clrak Ln', zip: '65202', city: 'Columbia' });
      await expect(page.getByText('Did you mean 2211 Clark Ln, Columbia, MO 65202?')).toBeVisible();
      await page.getByRole('button', { name: 'Use 2211 Clark Ln, Columbia, MO 65202' }).click();
      // The suggestion is served: on to the packages at once.
      await expect(page.getByRole('heading', { name: 'Fiber is available' })).toBeVisible();
      await expect(page.locator('.order-address')).toHaveText(/^2211 Clark Ln, Columbia/);
      await page.getByRole('button', { name: 'Start over with another address' }).click();

      await checkAddress(page, { line1: '2208 Clark Ln', zip: '65202', city: 'Ashland' });
      await expect(page.locator('.field__error', { hasText: 'ZIP code 65202 is Columbia, MO.' })).toBeVisible();
    });
  });
}

test('the answer, the cart and the checkout meet WCAG 2.2 AA as axe checks them', async ({ page }) => {
  const axe = () => axeFindings(page);
  await page.goto('/order');
  await checkAddress(page, { line1: '2211 Clrak Ln', zip: '65202', city: 'Columbia' });
  await expect(page.getByText(/Did you mean/)).toBeVisible();
  expect(await axe()).toEqual([]);
  await checkAddress(page, SERVED);
  // A served address goes on to the package step, with its map.
  await expect(page.locator('.order-map__map')).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.getByLabel(/^Fiber 300 Mbps Internet/).click();
  await expect(page.getByRole('heading', { name: 'Check out' })).toBeVisible();
  await page.getByRole('button', { name: /Place order and pay/ }).click();
  await expect(page.getByText('Choose an install day.')).toBeVisible();
  expect(await axe()).toEqual([]);
});
