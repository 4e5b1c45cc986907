import { describe, expect, it } from 'vitest';
import { cachedStorageHealth, storageHealth } from './storage-health.js';

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

describe('cachedStorageHealth', () => {
  it('asks the file system at most once a second and compares with the minimum of the moment', async () => {
    let calls = 0;
    const counting = async () => {
      calls += 1;
      return { bavail: 100, bsize: 4096 };
    };
    const health = cachedStorageHealth(1000, counting);
    expect(await health('/data', 4096 * 100)).toEqual({ ok: true, freeBytes: 409_600 });
    expect(await health('/data', 4096 * 101)).toEqual({ ok: false, freeBytes: 409_600 });
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 1010));
    await health('/data', 0);
    expect(calls).toBe(2);
  });

  it('reports a file system that cannot be asked as not ok', async () => {
    const health = cachedStorageHealth(1000, async () => {
      throw new Error('EIO');
    });
    expect(await health('/gone', 0)).toEqual({ ok: false, freeBytes: null });
  });
});
