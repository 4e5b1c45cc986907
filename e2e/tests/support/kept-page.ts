/**
 * One browser tab per spec file (and set of browser options), kept from test to test and put back to a clean state
 * between them, instead of a new browser context per test. What a new tab costs is Chromium's new renderer process
 * and its cold start (the app's scripts and Playwright's own compiled again): a standalone measurement on this
 * 2-core machine, eight signed-in loads of the Billing Center each way: 1.40–1.46 CPU-s of Chromium per load in a new
 * context, 1.27–1.30 in a new tab of one context, 0.47–0.48 in the same tab after a same-origin page and a cleared
 * origin (docs/development.md).
 *
 * Between two tests the tab goes to a static file of the same origin (the favicon: a page of another kind, such as
 * about:blank or a JSON answer, made Chromium start the next page cold), and everything a test may have left behind
 * is undone: the origin's storage (local and session storage, IndexedDB, caches, service workers, cookies), the
 * test's init scripts, routes and event listeners, other tabs, the viewport and the offline switch. A test that did
 * something that cannot be undone (the clock, exposed functions, permissions, geolocation, emulated media, extra
 * headers), that failed, or that runs with service workers gets a fresh context afterwards, as before.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

interface Kept {
  key: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

/** Calls that change the context or tab for good: after one, the context is not kept. */
const LASTING = {
  page: ['exposeFunction', 'exposeBinding', 'emulateMedia', 'setExtraHTTPHeaders', 'routeFromHAR', 'routeWebSocket'],
  context: [
    'exposeFunction',
    'exposeBinding',
    'grantPermissions',
    'clearPermissions',
    'setGeolocation',
    'setExtraHTTPHeaders',
    'setHTTPCredentials',
    'routeFromHAR',
    'routeWebSocket',
    'addCookies',
  ],
  clock: ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'],
} as const;
const LISTEN = ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener'] as const;

let kept: Kept | null = null;

type Target = Record<string, unknown>;

/** What one test does to the kept tab and context that must be undone, and whether it can be. */
class TestSession {
  lasting = false;
  private readonly undo: (() => Promise<unknown> | unknown)[] = [];
  private readonly restore: (() => void)[] = [];

  constructor(readonly kept: Kept) {
    const { page, context } = kept;
    for (const [target, names] of [
      [page, LASTING.page],
      [context, LASTING.context],
      [page.clock, LASTING.clock],
      [context.clock, LASTING.clock],
    ] as const) {
      for (const name of names) this.wrap(target as unknown as Target, name, () => (this.lasting = true));
    }
    for (const target of [page, context]) {
      this.wrap(target as unknown as Target, 'addInitScript', undefined, (result) => {
        this.undo.push(async () => (await (result as Promise<{ dispose(): Promise<void> }>)).dispose());
      });
      for (const name of LISTEN) {
        this.wrap(target as unknown as Target, name, undefined, (_result, args) => {
          const [event, handler] = args as [string, (...a: unknown[]) => void];
          this.undo.push(() => (target as unknown as { off(e: string, h: unknown): void }).off(event, handler));
        });
      }
    }
  }

  private wrap(target: Target, name: string, before?: () => void, after?: (result: unknown, args: unknown[]) => void) {
    const original = target[name] as (...args: unknown[]) => unknown;
    target[name] = (...args: unknown[]) => {
      before?.();
      const result = original.apply(target, args);
      after?.(result, args);
      return result;
    };
    this.restore.push(() => delete target[name]);
  }

  /** Puts the tab back as a new one would be; false when it cannot be (then the context is closed). */
  async reset(baseURL: string, viewport: { width: number; height: number } | null): Promise<boolean> {
    for (const r of this.restore) r();
    const { page, context, cdp } = this.kept;
    if (this.lasting || page.isClosed()) return false;
    for (const u of this.undo.reverse()) await u();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    for (const other of context.pages()) if (other !== page) await other.close();
    await context.setOffline(false);
    if (viewport) await page.setViewportSize(viewport);
    const origin = new URL(baseURL).origin;
    await page.goto(`${origin}/favicon.svg`);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.evaluate(() => sessionStorage.clear());
    await context.clearCookies();
    return true;
  }
}

/**
 * The context and tab of a test: the kept ones when the test's browser options are the previous test's (the same
 * spec file's server, viewport, time zone...), else new ones, kept for the next test unless `reusable` is false.
 */
export async function keptPage(
  newContext: () => Promise<BrowserContext>,
  options: { key: string; reusable: boolean },
): Promise<{ context: BrowserContext; page: Page; session: TestSession | null }> {
  if (kept && (kept.key !== options.key || !options.reusable)) await discard();
  if (!options.reusable) {
    const context = await newContext();
    return { context, page: await context.newPage(), session: null };
  }
  if (!kept) {
    const context = await newContext();
    const page = await context.newPage();
    kept = { key: options.key, context, page, cdp: await context.newCDPSession(page) };
  }
  return { context: kept.context, page: kept.page, session: new TestSession(kept) };
}

/** After a test: the tab is cleaned for the next test, or the context closed when it cannot be or the test failed. */
export async function releasePage(
  used: { context: BrowserContext; session: TestSession | null },
  outcome: { passed: boolean; baseURL: string; viewport: { width: number; height: number } | null },
): Promise<void> {
  if (!used.session) {
    await used.context.close();
    return;
  }
  let clean = false;
  if (outcome.passed) clean = await used.session.reset(outcome.baseURL, outcome.viewport).catch(() => false);
  if (!clean) await discard();
}

async function discard(): Promise<void> {
  const old = kept;
  kept = null;
  await old?.context.close().catch(() => undefined);
}
