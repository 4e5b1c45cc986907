/** The device storage behind offline work (issue 27): how much is used, whether it is persistent, asking to keep it. */

export interface StorageState {
  usedBytes: number | null;
  quotaBytes: number | null;
  persistent: boolean | null;
}

/** How much this site keeps on the device and whether the browser may evict it (navigator.storage). */
export async function storageState(): Promise<StorageState> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const estimate = await storage?.estimate?.().catch(() => null);
  const persistent = await storage?.persisted?.().catch(() => null);
  return { usedBytes: estimate?.usage ?? null, quotaBytes: estimate?.quota ?? null, persistent: persistent ?? null };
}

/** Asks the browser to keep downloaded work (issue 27): called when the user downloads work for offline. */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    const storage = navigator.storage;
    if (!storage?.persist) return false;
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
