/**
 * The pages a signed-in user lands on (each portal's first page, and a work order opened from a link): their route
 * modules and first reads, which the entry starts for a first load of one of them, beside the app chunk instead of
 * after it (main.ts; docs/performance.md §7). The routes use the same modules and reads (router.tsx, installer
 * routes), so the router finds the module loaded and the page's query takes the answer (lib/early-reads.ts). No
 * React or router here: the entry imports this.
 */
import { paths } from '../config/paths';
import {
  loadSearchPage,
  loadWorkOrderHome,
  loadWorkOrderLayout,
  searchPageReads,
  workOrderReads,
} from '../features/installer/first-reads';
import { type FirstRead, startEarlyRead } from '../lib/early-reads';
import { loadPrefetchButton } from './slot-modules';

/** Every signed-in page's frame reads the provider's config (the shell layout's loader, router.tsx). */
export const SHELL_READS: FirstRead[] = [{ path: '/api/config', auth: false }];

export const loadBillingCenter = () => import('../features/customer/components/billing-center-page');
export const BILLING_CENTER_READS: FirstRead[] = [
  '/api/customer/account',
  '/api/customer/billing/bills',
  '/api/customer/billing/payment-methods',
];

export const loadContractorWorkOrders = () => import('../features/contractor/components/work-orders-page');
export const CONTRACTOR_WORK_ORDERS_READS: FirstRead[] = ['/api/contractor/work-orders/last-search'];

interface LandingPage {
  /** A route pattern of paths.ts (`:param` segments). */
  pattern: string;
  /** The route modules the router loads for it (a layout and its index page, or one page). */
  modules: (() => Promise<unknown>)[];
  reads: (params: Record<string, string>, url: URL) => FirstRead[];
}

const LANDING_PAGES: LandingPage[] = [
  // The search page's prefetch button (a slot) is its largest paint: loaded with the page, not after it.
  { pattern: paths.search, modules: [loadSearchPage, loadPrefetchButton], reads: (_, url) => searchPageReads(url) },
  {
    pattern: paths.searchWorkOrder,
    modules: [loadWorkOrderLayout, loadWorkOrderHome],
    reads: ({ WOId }) => workOrderReads(WOId),
  },
  { pattern: paths.billingCenter, modules: [loadBillingCenter], reads: () => BILLING_CENTER_READS },
  { pattern: paths.workOrders, modules: [loadContractorWorkOrders], reads: () => CONTRACTOR_WORK_ORDERS_READS },
];

/** The params of `pathname` on `pattern` (`/search/:WOId`), or null when it does not match (a trailing / allowed). */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.replace(/(.)\/$/, '$1').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = got[i] ?? '';
    if (segment.startsWith(':')) {
      if (!value) return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null; // a malformed escape: the router shows its own error for it
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/**
 * On a landing page, starts its route modules and its first reads (with `token`) now; the router and the page take
 * them when they get there. Does nothing on any other page.
 */
export function startLandingPage(url: URL, token: string): void {
  for (const page of LANDING_PAGES) {
    const params = matchPattern(page.pattern, url.pathname);
    if (!params) continue;
    for (const load of page.modules) void load().catch(() => undefined);
    for (const read of [...SHELL_READS, ...page.reads(params, url)]) {
      if (typeof read === 'string') startEarlyRead(read, token);
      else startEarlyRead(read.path, null);
    }
    return;
  }
}
