/**
 * The installer search area's routes (SPEC §2): /search and /search/{WOId} with its views. Every page loads lazily;
 * the work order is loaded once by the layout and handed to the home and the views. Other areas add their views
 * under /search/{WOId} here (asset page, circuit stats, ONT swap and upgrade, photo, checklist).
 */
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyPage } from '../../lib/lazy-page';
import { prefetchReads } from '../../lib/route-prefetch';
import { loadSearchPage, loadWorkOrderHome, loadWorkOrderLayout, searchPageReads, workOrderReads } from './first-reads';

const view = (path: string, load: () => Promise<Record<string, unknown>>, name: string): RouteObject => ({
  path,
  lazy: lazyPage(load, name),
});

export const installerRoutes: RouteObject[] = [
  {
    path: paths.search,
    loader: prefetchReads((_, url) => searchPageReads(url)),
    lazy: lazyPage(loadSearchPage, 'SearchPage'),
  },
  {
    path: paths.searchWorkOrder,
    loader: prefetchReads(({ WOId }) => workOrderReads(WOId)),
    lazy: lazyPage(loadWorkOrderLayout, 'WorkOrderLayout'),
    children: [
      { index: true, lazy: lazyPage(loadWorkOrderHome, 'WorkOrderHome') },
      view('contacts', () => import('./components/contacts-view'), 'ContactsView'),
      view('notes', () => import('./components/notes-view'), 'NotesView'),
      view('checkList', () => import('./components/checklist-view'), 'ChecklistView'),
      view('serviceLocation', () => import('./components/service-location-view'), 'ServiceLocationView'),
      view('salesOrder', () => import('./components/sales-order-view'), 'SalesOrderView'),
      view('attachments', () => import('./components/attachments-view'), 'AttachmentsView'),
      view('viewPDF', () => import('./components/pdf-view'), 'PdfView'),
      view('physicalPlantConfig', () => import('./components/plant-config-view'), 'PlantConfigView'),
      view('circuitStats', () => import('./components/circuits-view'), 'CircuitsView'),
      view('directions', () => import('./components/directions-view'), 'DirectionsView'),
      view('colocations', () => import('./components/colocations-view'), 'ColocationsView'),
      view('arcGISMap', () => import('./components/arcgis-map-view'), 'ArcGisMapView'),
    ],
  },
];
