/**
 * The storage part of /api/health: free space of DATA_DIR (where uploads go) by fs.statfs, against
 * STORAGE_MIN_FREE_BYTES. Low space is reported (and logged) before uploads start failing with 507.
 */
import { statfs } from 'node:fs/promises';

export interface StorageHealth {
  ok: boolean;
  /** Bytes available to the server's user; null when the file system could not be asked. */
  freeBytes: number | null;
}

type Statfs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

export async function storageHealth(
  dir: string,
  minFreeBytes: number,
  fsStatfs: Statfs = statfs,
): Promise<StorageHealth> {
  try {
    const info = await fsStatfs(dir);
    const freeBytes = Number(info.bavail) * Number(info.bsize);
    return { ok: freeBytes >= minFreeBytes, freeBytes };
  } catch {
    return { ok: false, freeBytes: null };
  }
}

/**
 * storageHealth with the file system asked at most once per `ttlMs` (issue 16: a statfs per /api/health call was a
 * large share of the check's CPU under a load balancer's polling). Concurrent calls share one statfs; the free space
 * is at most `ttlMs` old, and it is compared with the minimum of the moment.
 */
export function cachedStorageHealth(ttlMs = 1000, fsStatfs: Statfs = statfs) {
  let last: { dir: string; at: number; answer: Promise<StorageHealth> } | null = null;
  return (dir: string, minFreeBytes: number): Promise<StorageHealth> => {
    const now = Date.now();
    if (!last || last.dir !== dir || now - last.at >= ttlMs) {
      last = { dir, at: now, answer: storageHealth(dir, 0, fsStatfs) };
    }
    return last.answer.then(({ freeBytes }) => ({
      ok: freeBytes !== null && freeBytes >= minFreeBytes,
      freeBytes,
    }));
  };
}
