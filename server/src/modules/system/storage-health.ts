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
