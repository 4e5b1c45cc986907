/** The app fills the features' slots (lib/slots.tsx) with other features' pieces, each loaded with its screen. */
import { lazy } from 'react';
import type { FeatureSlots } from '../lib/slots';

export const featureSlots: FeatureSlots = {
  searchTools: lazy(() =>
    import('../features/offline/components/prefetch-button').then((m) => ({ default: m.PrefetchButton })),
  ),
  workOrderDownload: lazy(() =>
    import('../features/offline/components/download-button').then((m) => ({ default: m.DownloadListItem })),
  ),
  addAsset: lazy(() => import('../features/assets/components/add-asset').then((m) => ({ default: m.AddAssetPanel }))),
};
