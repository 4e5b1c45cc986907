/**
 * WCAG 2.2 AA checks with axe-core on the pages of every portal, on the demo data: contrast, names and labels,
 * landmarks, ARIA use, target sizes. A finding names the page, the rule and the elements, so a regression points at
 * itself. One test per user: it signs in once and checks each of that user's pages in turn (a page's findings do not
 * stop the others from being checked).
 */
import type { Page } from '@playwright/test';
import { navigateInApp, signIn } from './support/app';
import { axeFindings } from './support/axe';
import { signInContractor } from './support/contractor';
import { signInInstaller } from './support/installer';
import { expect, test } from './support/spec-server';

// The checks only read: both workers share the file (each on its own copy of the demo data).
test.describe.configure({ mode: 'parallel' });

type SignIn = { who: string; signIn: (page: Page) => Promise<void> } | null;
// The session only: each test's first page is the first it checks.
const as = (username: string): SignIn => ({
  who: username,
  signIn: (page) => signIn(page, username, { open: false }),
});
const installer: SignIn = { who: 'installer', signIn: (page) => signInInstaller(page, { open: false }) };
const contractor: SignIn = { who: 'contractor', signIn: (page) => signInContractor(page, { open: false }) };

/** Each page with who opens it and a text that shows its data has arrived (so axe sees the page, not a spinner). */
const PAGES: [string, SignIn, string, string | RegExp][] = [
  ['/login', null, 'Sign in', /username and password/],
  ['/accountRecovery', null, 'Account recovery', /./],
  ['/programmingTestPage', null, 'Programming test login', /access code/],
  ['/order', null, 'Check availability and order service', /Street address/],
  ['/home', as('residential'), 'Home', /Planned maintenance/],
  ['/accountInfo', as('residential'), 'Account Info', /Rhonda/],
  ['/billingCenter', as('residential'), 'Billing Center', /\$/],
  ['/services', as('business'), 'Services', /Business Fiber/],
  ['/orders', as('orders'), 'Orders', /Orchard Crest/],
  ['/services?section=fax', as('business'), 'Services', /Sent faxes/],
  ['/services?section=tv', as('business'), 'Services', /app sign-in/],
  ['/services?section=wholesale', as('wholesale'), 'Services', /ORN-WS-1001/],
  ['/reports', as('business'), 'Reports', /Calls/],
  ['/reports?section=calls', as('business'), 'Reports', /Calls by direction and class/],
  ['/reports?section=business', as('business'), 'Reports', /Billed and paid per month/],
  ['/billingCenter?section=history', as('business'), 'Billing Center', /Billed and paid per month/],
  ['/settings', as('business'), 'Settings', /Header theme/],
  ['/staff', as('staff'), 'Staff home', /Open trouble tickets/],
  ['/staff/applicants', as('staff'), 'Job applicants', /Avery Quinn/],
  ['/staff/tickets', as('sales'), 'Trouble tickets', /\d+ tickets?/],
  ['/staff/dispatch', as('dispatcher'), 'Dispatch', /To place/],
  ['/staff/orders', as('sales'), 'Orders', /orders? ·/],
  ['/staff/orders/new', as('sales'), 'New order', /Street address/],
  ['/staff/addresses', as('sales'), 'Addresses to confirm', /4100 Prairie View Rd/],
  ['/staff/authCodes', as('network'), 'Auth codes', /Acme Dental Group/],
  ['/services?section=authCodes', as('business'), 'Services', /Front desk/],
  ['/staff/subscribers', as('network'), 'Subscribers', /Planned maintenance on the Clark Ln cabinet/],
  ['/staff/subscribers/notices/1', as('network'), 'Planned maintenance on the Clark Ln cabinet', /ramon\.reyes@/],
  ['/staff/reports', as('billing-staff'), 'Reports', /Work orders opened and completed per week/],
  ['/staff/reports?section=installs', as('billing-staff'), 'Reports', /Installs per week by crew/],
  ['/staff/reports?section=receivables-aging', as('billing-staff'), 'Reports', /Open balances by age/],
  ['/search', installer, 'Search WO', /#100001/],
  ['/search/100001', installer, 'Work Order #100001', /Consumer Fiber Install/],
  ['/search/100001/viewPDF', installer, 'Work Order PDF', /Open in a new tab/],
  ['/scanAsset', installer, 'Scan Asset', /Asset ID/],
  ['/SavedAssets', installer, 'Saved Assets', /./],
  ['/savedWorkOrders', installer, 'Saved WO', /No Work Orders Found/],
  ['/contractorHome', contractor, 'Home', /./],
  ['/workOrders', contractor, 'Work Orders', /./],
  ['/calendar', contractor, 'Calendar', /Open work/],
  ['/restorationTickets', contractor, 'Restoration Tickets', /./],
];

const byUser = new Map<string, { signIn: SignIn; pages: (typeof PAGES)[number][] }>();
for (const entry of PAGES) {
  const who = entry[1]?.who ?? 'a visitor';
  const group = byUser.get(who) ?? { signIn: entry[1], pages: [] };
  group.pages.push(entry);
  byUser.set(who, group);
}

// At most four pages per test: the business user's nine in one test ran past its time on a loaded machine, and
// smaller tests spread over the workers.
const PER_TEST = 4;
const tests = [...byUser].flatMap(([who, { signIn: signInAs, pages }]) =>
  Array.from({ length: Math.ceil(pages.length / PER_TEST) }, (_, i) => ({
    who,
    signInAs,
    pages: pages.slice(i * PER_TEST, (i + 1) * PER_TEST),
  })),
);

for (const { who, signInAs, pages } of tests) {
  test(`${who}: ${pages.map(([path]) => path).join(', ')} meet WCAG 2.2 AA as axe checks them`, async ({ page }) => {
    test.setTimeout(30_000 + pages.length * 15_000);
    if (signInAs) await signInAs.signIn(page);
    for (const [i, [path, , heading, content]] of pages.entries()) {
      await test.step(path, async () => {
        // A user's first page loads (with the session just made), the others open through the app's own navigation;
        // signed-out pages each load (the sign-in page is drawn before the app's router is).
        if (i === 0 || !signInAs) await page.goto(path);
        else await navigateInApp(page, path);
        await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
        await expect(page.locator('main')).toContainText(content);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect.soft(await axeFindings(page), `axe findings on ${path}`).toEqual([]);
      });
    }
  });
}

test('the check finds what it looks for: an unnamed button in the page and an image without a text in a frame', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await page.locator('main').evaluate((main) => {
    main.insertAdjacentHTML('beforeend', '<button type="button" id="unnamed"></button>');
    const frame = document.createElement('iframe');
    frame.title = 'A frame';
    frame.srcdoc = '<!doctype html><html lang="en"><title>t</title><main><img id="no-text" src="/favicon.svg"></main>';
    main.append(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  await expect(page.frameLocator('iframe[title="A frame"]').locator('#no-text')).toBeVisible();
  const findings = await axeFindings(page);
  expect(findings).toContainEqual(expect.stringMatching(/^button-name \(critical\): #unnamed$/));
  expect(findings).toContainEqual(expect.stringMatching(/^image-alt \(critical\): iframe .*#no-text$/));
});
