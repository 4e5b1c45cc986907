/**
 * The modules that fill the features' slots (feature-slots.tsx), as plain loaders so the entry can start one early
 * for a landing page (landing-pages.ts) without importing React.
 */
export const loadPrefetchButton = () => import('../features/offline/components/prefetch-button');
export const loadDownloadButton = () => import('../features/offline/components/download-button');
export const loadAddAsset = () => import('../features/assets/components/add-asset');
