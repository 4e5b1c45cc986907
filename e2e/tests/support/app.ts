/** Page helpers shared by the browser tests: sign-in, the header, the navigation (a menu on phones). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { automaticPortal, type PortalType, portalHome, type SessionClaims } from '@strand/domain';
import { claimsFixture, tokenFor } from '@strand/test-support/test-tokens';
import { DEMO_PASSWORD } from './demo';
import { outboxMails } from './outbox';

/** Fills in and sends the sign-in form. */
export async function attemptSignIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the sign-in form and waits until the app has left the sign-in page (sign-in.spec.ts). */
export async function signInThroughForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await attemptSignIn(page, username, password);
  await expect(page).not.toHaveURL(/\/login$/);
}

let signIns = 0;

export interface SignInOptions {
  password?: string;
  /** The portal of a user of several (else /portalSelect opens, unless the user has one). */
  portal?: PortalType;
  /**
   * The page to open signed in, instead of the user's landing page; `false` opens none: the test's own next
   * `page.goto` is then the first page of the session (one page load fewer than landing first).
   */
  open?: string | false;
}

/**
 * Signs in as the sign-in form would, without its round trip (the form has its own tests: signInThroughForm): the
 * session comes from POST /api/auth/login and is kept where the app keeps it before the first page loads, then the
 * user's landing page opens — its portal's home, or /portalSelect for a user of several portals unless `portal`
 * names one — or the page `open` names, or none. One page load instead of three.
 */
export async function signIn(page: Page, username: string, options: SignInOptions = {}): Promise<void> {
  const { password = DEMO_PASSWORD, portal, open } = options;
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as SessionClaims;
  const chosen = portal ?? automaticPortal(claims);
  // Once per tab and sign-in: a later sign-out or another sign-in in the same test is not undone by a reload.
  signIns += 1;
  await page.addInitScript(
    ({ flag, items }) => {
      if (sessionStorage.getItem(flag)) return;
      sessionStorage.setItem(flag, '1');
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      if (!items.portal) localStorage.removeItem('portal');
    },
    { flag: `e2e.signIn.${signIns}`, items: { token, ...(chosen ? { portal: chosen } : {}) } },
  );
  if (open === false) return;
  await page.goto(open ?? (chosen ? portalHome(chosen, claims.staffRoles) : '/portalSelect'));
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Puts items in localStorage before the first page of the test loads (a session kept from an earlier visit). Not
 * through an open page: the sign-in page loads the app after its first paint, whose session store may clear the
 * token it finds.
 */
export async function storeBeforeFirstLoad(page: Page, items: Record<string, string>): Promise<void> {
  await page.addInitScript((kept) => {
    if (sessionStorage.getItem('e2e.stored')) return;
    sessionStorage.setItem('e2e.stored', '1');
    for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
  }, items);
}

/**
 * Opens `path` as the app's own links do, through its router and without a page load: in the same tab a page load
 * costs Chromium about 0.5 CPU-s, an in-app navigation a fraction of it (docs/development.md). For sweeps that only
 * read pages: the tab must already show the app in the session meant (a sign-in takes effect at the next page load),
 * and `path` must be one the app does not redirect. It returns once the page's content has changed: the router keeps
 * the previous page on screen while the next one's code loads, and a check made then would check the previous page.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const main = page.locator('main');
  const before = (await main.textContent()) ?? '';
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await expect(main).not.toHaveText(before);
}

/** Picks a portal on /portalSelect. */
export async function choosePortal(page: Page, portal: 'Installer' | 'Contractor'): Promise<void> {
  await expect(page).toHaveURL(/\/portalSelect$/);
  await page.getByRole('button', { name: new RegExp(`^${portal} portal`) }).click();
}

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

export function menuButton(page: Page): Locator {
  return header(page).getByRole('button', { name: 'Menu' });
}

/** Opens the phone menu when the page shows one (it is hidden on wide screens). */
export async function openMenuIfCollapsed(page: Page): Promise<void> {
  const button = menuButton(page);
  // Wait for the shell: on wide screens the navigation shows, on phones the menu button (hidden ones do not match).
  // (With the phone menu open both show.)
  await expect(page.getByRole('navigation', { name: 'Main' }).or(button).first()).toBeVisible();
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) === 'false') {
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
}

export async function expectNavLinks(page: Page, labels: string[]): Promise<void> {
  await openMenuIfCollapsed(page);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(labels);
}

/** Logs out through the header button, or through the menu's Log out link on phones. */
export async function logOut(page: Page): Promise<void> {
  // Wait for the shell: the header's Log out button on wide screens, the menu button on phones (hidden ones do not
  // match), then choose.
  await expect(header(page).getByRole('button', { name: 'Log out' }).or(menuButton(page)).first()).toBeVisible();
  if (await menuButton(page).isVisible()) {
    await openMenuIfCollapsed(page);
    await page.getByRole('link', { name: 'Log out' }).click();
  } else {
    await header(page).getByRole('button', { name: 'Log out' }).click();
  }
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** A JWT-shaped token with the given claims (the signature is not valid; the browser only decodes it). */
export const craftToken = (claims: Record<string, unknown>) => tokenFor(claims);

/** Rhonda Reyes's session claims, expiring at `exp` (seconds). */
export const residentialClaims = (exp: number): Record<string, unknown> => claimsFixture({ nUserID: 1, exp });

/** The link of the newest password-reset mail to `email` in the server's outbox (no SMTP is set in the tests). */
export async function newestRecoveryLink(email: string): Promise<string | null> {
  return newestMailMatch(email, /https?:\/\/\S+\/accountRecovery\?token=[\w-]+/);
}

/** The registration code in the newest mail to `email` (the "Email me the registration code" mail). */
export async function newestRegistrationCode(email: string): Promise<string | null> {
  return newestMailMatch(email, /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/);
}

/** The link in the newest "confirm your new email address" mail to `email`. */
export async function newestConfirmEmailLink(email: string): Promise<string | null> {
  return newestMailMatch(email, /https?:\/\/\S+\/confirmEmail\?token=[\w-]+/);
}

/** The 6-digit code of the newest checkout verification mail to `email` (ordering). */
export async function newestOrderCode(email: string): Promise<string | null> {
  return newestMailMatch(email, /\b\d{6}\b/);
}

/** The first match of `pattern` in the newest mail to `email` in the server's outbox, or null. */
async function newestMailMatch(email: string, pattern: RegExp): Promise<string | null> {
  const to = new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  const mail = (await outboxMails()).reverse().find((m) => to.test(m.to));
  return mail?.text.match(pattern)?.[0] ?? null;
}

/**
 * Waits until nothing on the page is loading and no list still shows the previous search's rows while the next one
 * loads (they say `aria-busy="true"`: web/src/lib/ui/results-region.ts). Right after a search is sent this can pass
 * before its load has begun: pair it with a check that only the new results meet.
 */
export async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Waits until the search's own rows are on screen: `table` has rows, every one of them contains `text`, and nothing
 * is loading any more (the previous search's rows, which the page keeps while the next loads, do not all match).
 */
export async function expectEveryRow(table: Locator, text: string): Promise<void> {
  await expect
    .poll(async () => {
      const rows = await table.locator('tbody tr').allTextContents();
      return rows.length > 0 && rows.every((r) => r.includes(text));
    })
    .toBe(true);
  await expectSettled(table.page());
}

/**
 * Writes `bytes` to a file named `name` in the test's output folder and returns its path, for `setInputFiles`. A
 * path is handed to Chromium as a file on disk, read when the page reads it; a buffer is sent to the page through the
 * DevTools protocol as base64, which for the 9–10 MB files of the upload limits took most of a test's CPU.
 */
export function fileOnDisk(name: string, bytes: Buffer): string {
  const file = test.info().outputPath('uploads', name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return file;
}
