/** The offline area's pages (issue 5): the photo upload under a work order, the Saved WO list and the sync centre. */
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyPage } from '../../lib/lazy-page';

export const offlineRoutes: RouteObject[] = [
  { path: paths.workOrderPhoto, lazy: lazyPage(() => import('./components/photo-page'), 'PhotoPage') },
  {
    path: paths.savedWorkOrders,
    lazy: lazyPage(() => import('./components/saved-work-orders-page'), 'SavedWorkOrdersPage'),
  },
  { path: paths.sync, lazy: lazyPage(() => import('./components/sync-page'), 'SyncPage') },
];
