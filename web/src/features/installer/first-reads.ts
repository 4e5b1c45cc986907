/**
 * The installer's landing pages, /search and /search/{WOId}: their modules and their first reads, shared by their
 * routes (routes.tsx) and the entry, which starts both for a first load of these pages (app/landing-pages.ts). No
 * React here: the entry imports this.
 */
import { START_SEARCH, searchQueryString } from '@strand/domain';

export const loadSearchPage = () => import('./components/search-page');
export const loadWorkOrderLayout = () => import('./components/work-order-layout');
export const loadWorkOrderHome = () => import('./components/work-order-home');

/** The work-order types of the form, and on a bare /search the start search it runs at once (search-page.tsx). */
export const searchPageReads = (url: URL): string[] => [
  '/api/installer/work-order-types',
  ...(url.search === '' ? [`/api/installer/work-orders?${searchQueryString(START_SEARCH)}`] : []),
];

/** The work order itself, which the layout reads for every view. */
export const workOrderReads = (WOId: string | undefined): string[] =>
  /^\d+$/.test(WOId ?? '') ? [`/api/installer/work-orders/${WOId}`] : [];
