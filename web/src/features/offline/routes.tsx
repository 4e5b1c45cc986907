/** The offline area's pages (issue 5): the photo upload under a work order and the Saved WO list. */
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyPage } from '../../lib/lazy-page';

export const offlineRoutes: RouteObject[] = [
  { path: paths.workOrderPhoto, lazy: lazyPage(() => import('./components/photo-page'), 'PhotoPage') },
  {
    path: paths.savedWorkOrders,
    lazy: lazyPage(() => import('./components/saved-work-orders-page'), 'SavedWorkOrdersPage'),
  },
];
