/** The app fills the features' slots (lib/slots.tsx) with other features' pieces, each loaded with its screen. */
import { lazy } from 'react';
import type { FeatureSlots } from '../lib/slots';
import { loadAddAsset, loadDownloadButton, loadPrefetchButton } from './slot-modules';

export const featureSlots: FeatureSlots = {
  searchTools: lazy(() => loadPrefetchButton().then((m) => ({ default: m.PrefetchButton }))),
  workOrderDownload: lazy(() => loadDownloadButton().then((m) => ({ default: m.DownloadListItem }))),
  addAsset: lazy(() => loadAddAsset().then((m) => ({ default: m.AddAssetPanel }))),
};
