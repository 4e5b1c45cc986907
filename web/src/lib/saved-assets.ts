/**
 * Saved Assets on this device (SPEC §3 "Local storage": savedAssets, a map of asset id to WOId and nAssetId), kept
 * in IndexedDB so they survive reloads and work offline. An asset is saved from Saved Assets, or automatically when
 * its actions cannot be fetched (SPEC §8). The offline area reuses these functions.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface SavedAsset {
  /** The asset id on its label, e.g. ONT-100001: the map's key. */
  vcAssetID: string;
  WOId: number;
  nAssetId: number;
  savedAt: string;
}

interface SavedAssetsSchema extends DBSchema {
  assets: { key: string; value: SavedAsset };
}

let opened: Promise<IDBPDatabase<SavedAssetsSchema>> | null = null;

function db(): Promise<IDBPDatabase<SavedAssetsSchema>> {
  opened ??= openDB<SavedAssetsSchema>('strand-saved-assets', 1, {
    upgrade(database) {
      database.createObjectStore('assets', { keyPath: 'vcAssetID' });
    },
  });
  return opened;
}

/** Saves (or replaces) the asset's entry. */
export async function saveAsset(entry: Omit<SavedAsset, 'savedAt'>): Promise<SavedAsset> {
  const value: SavedAsset = { ...entry, savedAt: new Date().toISOString() };
  await (await db()).put('assets', value);
  return value;
}

/** Every saved asset, newest first. */
export async function listSavedAssets(): Promise<SavedAsset[]> {
  const all = await (await db()).getAll('assets');
  return all.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function deleteSavedAsset(vcAssetID: string): Promise<void> {
  await (await db()).delete('assets', vcAssetID);
}
