import { describe, expect, it } from 'vitest';
import { storageHealth } from './storage-health.js';

const fakeStatfs =
  (bavail: number, bsize = 4096) =>
  async () => ({ bavail, bsize });

describe('storageHealth', () => {
  it('is ok at or above the threshold and not below it', async () => {
    expect(await storageHealth('/data', 4096 * 100, fakeStatfs(100))).toEqual({ ok: true, freeBytes: 409_600 });
    expect(await storageHealth('/data', 4096 * 100, fakeStatfs(99))).toEqual({ ok: false, freeBytes: 405_504 });
  });

  it('is not ok when the file system cannot be asked', async () => {
    const failing = async () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    };
    expect(await storageHealth('/gone', 1, failing)).toEqual({ ok: false, freeBytes: null });
  });

  it('reads the real DATA_DIR', async () => {
    const health = await storageHealth(process.cwd(), 0);
    expect(health.ok).toBe(true);
    expect(health.freeBytes).toBeGreaterThan(0);
  });
});
