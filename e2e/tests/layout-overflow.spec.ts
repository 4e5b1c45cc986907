/**
 * Issue 26, item 6: nothing scrolls sideways. The main pages of each portal, at a phone (390 × 844) and a desktop
 * (1440 × 900): the document is no wider than the window once the page has drawn its data (a wide table keeps its
 * own scroll box or drops columns; the page itself never scrolls sideways). A failure names the page, the size and
 * the widest elements that stick out, to start from.
 */
import type { Page } from '@playwright/test';
import { navigateInApp, signIn } from './support/app';
import { signInInstaller } from './support/installer';
import { expect, test } from './support/spec-server';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** The page's main heading shows and no skeleton or loading line is left. */
async function settled(page: Page) {
  await expect(page.locator('main h1, h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0, { timeout: 15_000 });
}

/** Visits each path at both sizes and checks the document's scroll width against its client width. */
async function expectNoSideways(page: Page, paths: readonly string[]) {
  // A page load and its data per path and size: time for each, not one test's 45 s for sixteen of them.
  test.setTimeout(30_000 + paths.length * SIZES.length * 8_000);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const [i, target] of paths.entries()) {
      await test.step(`${target} at ${size.width} px`, async () => {
        // One page load per size, then the app's own navigation: what is checked is the page as drawn.
        if (i === 0) await page.goto(target);
        else await navigateInApp(page, target);
        await settled(page);
        const { scroll, client, culprits } = await page.evaluate(() => {
          const root = document.documentElement;
          const wide = Array.from(document.querySelectorAll('body *'))
            .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
            .filter((el) => !el.closest('[data-radix-popper-content-wrapper]'))
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
          return { scroll: root.scrollWidth, client: root.clientWidth, culprits: wide };
        });
        expect(scroll, `${target} at ${size.width} px scrolls sideways: ${culprits.join(', ')}`).toBeLessThanOrEqual(
          client,
        );
      });
    }
  }
}

test('the customer portal: home, billing, account, services, orders, reports, settings', async ({ page }) => {
  await signIn(page, 'business', { open: false });
  await expectNoSideways(page, [
    '/',
    '/billingCenter',
    '/accountInfo',
    '/services',
    '/services?section=fax',
    '/orders',
    '/reports',
    '/settings',
  ]);
});

test("the installer's search, work order home and saved work", async ({ page }) => {
  await signInInstaller(page, { open: false });
  await expectNoSideways(page, ['/search', '/search/100001', '/search/100001/serviceLocation', '/savedWorkOrders']);
});

test("the contractor's home, work orders and calendar", async ({ page }) => {
  await signIn(page, 'contractor', { open: false });
  await expectNoSideways(page, ['/contractorHome', '/workOrders', '/calendar', '/restorationTickets']);
});

test("the staff's orders, auth codes, subscribers, reports and dispatch", async ({ page }) => {
  await signIn(page, 'sales', { open: false });
  await expectNoSideways(page, ['/staff', '/staff/orders']);
  await signIn(page, 'billing-staff', { open: false });
  await expectNoSideways(page, ['/staff/reports']);
  await signIn(page, 'network', { open: false });
  await expectNoSideways(page, ['/staff/authCodes', '/staff/subscribers']);
  await signIn(page, 'dispatcher', { open: false });
  await expectNoSideways(page, ['/staff/dispatch']);
});

test('the order funnel, signed out', async ({ page }) => {
  await expectNoSideways(page, ['/order', '/login']);
});

/**
 * Issue 26, item 4: section tabs are one row that scrolls sideways on a phone. On each page with section tabs, at
 * 360 and 390 px, opened on its last section: every tab is on one line, the row scrolls (not wraps), exactly one tab
 * is the current one (aria-current="page") and it is scrolled into sight, each tab is a touch-sized target, and the
 * row stays inside the window.
 */
async function expectOneRowOfTabs(page: Page, paths: readonly string[]) {
  test.setTimeout(30_000 + paths.length * 2 * 6_000);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const target of paths) {
      await test.step(`${target} at ${width} px`, async () => {
        await page.goto(target);
        // Not settled(): the style page shows a skeleton and a busy button on purpose; the tabs are drawn with the h1.
        await expect(page.locator('main h1, h1').first()).toBeVisible();
        const nav = page.locator('nav.section-nav');
        await expect(nav).toHaveCount(1);
        await expect(nav.locator('a[aria-current="page"]')).toHaveCount(1);
        // The effect that scrolls the current tab into sight runs after the first paint.
        await expect
          .poll(async () =>
            nav.evaluate((el) => {
              const row = el.querySelector('ul') as HTMLUListElement;
              const links = Array.from(row.querySelectorAll('a'));
              const current = row.querySelector('a[aria-current="page"]') as HTMLAnchorElement;
              const box = row.getBoundingClientRect();
              const tops = new Set(links.map((a) => Math.round(a.getBoundingClientRect().top)));
              const style = getComputedStyle(row);
              const shown = current.getBoundingClientRect();
              const problems = [
                tops.size === 1 ? '' : `the tabs are on ${tops.size} lines`,
                style.flexWrap === 'nowrap' ? '' : `the row wraps (${style.flexWrap})`,
                ['auto', 'scroll'].includes(style.overflowX) ? '' : `the row does not scroll (${style.overflowX})`,
                shown.left >= box.left - 1 && shown.right <= box.right + 1
                  ? ''
                  : `"${current.textContent}" is out of sight`,
                links.every((a) => a.getBoundingClientRect().height >= 44) ? '' : 'a tab is under 44 px tall',
                box.right <= document.documentElement.clientWidth + 1 ? '' : 'the row sticks out of the window',
              ];
              return problems.filter(Boolean);
            }),
          )
          .toEqual([]);
      });
    }
  }
}

test('section tabs are one scrollable row on a phone, the current one in sight', async ({ page }) => {
  await expectOneRowOfTabs(page, ['/style']);
  await signIn(page, 'business', { open: false });
  await expectOneRowOfTabs(page, [
    '/billingCenter',
    '/billingCenter?section=mailing-address',
    '/accountInfo?section=business-center',
    '/services?section=authCodes',
    '/reports?section=business',
  ]);
  await signIn(page, 'sales', { open: false });
  await expectOneRowOfTabs(page, ['/staff/tickets?section=all']);
  await signIn(page, 'billing-staff', { open: false });
  await expectOneRowOfTabs(page, ['/staff/reports?section=phone']);
});
