/**
 * The equipment area's routes (SPEC §2): /scanAsset, /SavedAssets, and under /search/{WOId} the asset page, a
 * circuit's stats, and the ONT swap and upgrade. Each page loads lazily and fetches what it needs by id, so it also
 * opens straight from a scan, a saved asset or a link.
 */
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyPage } from '../../lib/lazy-page';

const page = (path: string, load: () => Promise<Record<string, unknown>>, name: string): RouteObject => ({
  path,
  lazy: lazyPage(load, name),
});

export const assetRoutes: RouteObject[] = [
  page(paths.scanAsset, () => import('./components/scan-asset-page'), 'ScanAssetPage'),
  page(paths.savedAssets, () => import('./components/saved-assets-page'), 'SavedAssetsPage'),
  page(paths.assetInWorkOrder, () => import('./components/asset-page'), 'AssetPage'),
  page(paths.circuitStats, () => import('./components/circuit-stats-page'), 'CircuitStatsPage'),
  page(paths.swapOnt, () => import('./components/swap-ont-page'), 'SwapOntPage'),
  page(paths.upgradeOnt, () => import('./components/upgrade-ont-page'), 'UpgradeOntPage'),
];
