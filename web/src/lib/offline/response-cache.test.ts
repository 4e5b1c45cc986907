import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api-client';
import { createOfflineReader, isUnreachable, oldestServedCopy, type ServedCopy } from './offline-read';
import { classifyUpload } from './photo-transport';
import { ageText, createResponseCache, memoryResponseStore } from './response-cache';
import { memorySavedWorkOrderStore, savedKey, workOrderIdOfPath } from './saved-work-orders';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
/** Work order `id` as `userId` saved it at second `second`, holding these responses. */
const savedCopy = (userId: number, id: number, second: number, responses: Record<string, unknown>) => ({
  key: savedKey(userId, id),
  userId,
  id,
  savedAt: at(second).toISOString(),
  summary: {} as never,
  responses,
});

describe('response cache', () => {
  it('keeps the last 50 responses, evicting the oldest', async () => {
    const store = memoryResponseStore();
    const cache = createResponseCache(store);
    for (let i = 0; i < 55; i++) await cache.put(7, `/api/installer/work-orders/${i}`, { i }, at(i));
    expect(store.entries.size).toBe(50);
    expect(await cache.get(7, '/api/installer/work-orders/4')).toBeUndefined();
    expect((await cache.get(7, '/api/installer/work-orders/5'))?.data).toEqual({ i: 5 });
    // A refreshed entry becomes the newest again.
    await cache.put(7, '/api/installer/work-orders/5', { i: 'again' }, at(59));
    await cache.put(7, '/api/x', 1, at(60));
    expect(await cache.get(7, '/api/installer/work-orders/5')).toMatchObject({ data: { i: 'again' } });
    expect(await cache.get(7, '/api/installer/work-orders/6')).toBeUndefined();
  });

  it('keeps users apart', async () => {
    const cache = createResponseCache(memoryResponseStore());
    await cache.put(7, '/a', 1, at(0));
    expect(await cache.get(8, '/a')).toBeUndefined();
  });

  it('words the age of a copy', () => {
    const now = new Date('2026-01-02T12:00:00Z');
    expect(ageText('2026-01-02T11:59:30Z', now)).toBe('just now');
    expect(ageText('2026-01-02T11:59:00Z', now)).toBe('1 minute ago');
    expect(ageText('2026-01-02T09:00:00Z', now)).toBe('3 hours ago');
    expect(ageText('2025-12-31T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe('offline reader', () => {
  const schema = z.object({ n: z.number() });
  const setup = () => {
    const cache = createResponseCache(memoryResponseStore());
    const saved = memorySavedWorkOrderStore();
    const served: ServedCopy[] = [];
    const read = createOfflineReader({
      cache,
      saved,
      userId: () => 7,
      now: () => at(1),
      onServed: (c) => served.push(c),
    });
    return { cache, saved, served, read };
  };
  const offline = () => Promise.reject(new ApiError(0, 'network_error', 'no network'));

  it('remembers a successful read and serves it when the network is gone', async () => {
    const s = setup();
    expect(await s.read('/api/installer/work-orders/1/notes', schema, async () => ({ n: 1 }))).toEqual({ n: 1 });
    expect(await s.read('/api/installer/work-orders/1/notes', schema, offline)).toEqual({ n: 1 });
    expect(s.served).toEqual([
      { path: '/api/installer/work-orders/1/notes', kind: 'cached', savedAt: at(1).toISOString() },
    ]);
  });

  it('prefers the saved work order’s copy, and says when it was saved', async () => {
    const s = setup();
    await s.cache.put(7, '/api/installer/work-orders/1', { n: 1 }, at(5));
    await s.saved.put(savedCopy(7, 1, 3, { '/api/installer/work-orders/1': { n: 2 } }));
    expect(await s.read('/api/installer/work-orders/1', schema, offline)).toEqual({ n: 2 });
    expect(s.served[0]).toMatchObject({ kind: 'saved', savedAt: at(3).toISOString() });
  });

  it('finds an asset a downloaded work order saved, in the newest saved copy, and only for its own user', async () => {
    const s = setup();
    const savedWith = (id: number, second: number, n: number) =>
      s.saved.put(savedCopy(7, id, second, { '/api/assets/11': { n } }));
    await savedWith(1, 3, 1);
    await savedWith(2, 8, 2);
    expect(await s.read('/api/assets/11', schema, offline)).toEqual({ n: 2 });
    expect(s.served[0]).toMatchObject({ path: '/api/assets/11', kind: 'saved', savedAt: at(8).toISOString() });
    // Another installer's saved work order on the same device is not theirs to read.
    await s.saved.put(savedCopy(8, 3, 9, { '/api/assets/12': { n: 3 } }));
    await expect(s.read('/api/assets/12', schema, offline)).rejects.toMatchObject({ status: 0 });
  });

  it('finds a saved copy of a read that is not a work order view through its path, without listing the saved ones', async () => {
    const s = setup();
    // Opening a saved work order must not read the whole Saved WO list (1,000 entries): only the ones holding the path.
    s.saved.listByUser = async () => {
      throw new Error('listed every saved work order');
    };
    const gis = '/api/installer/gis-objects?orderId=5&detailId=1';
    await s.saved.put(savedCopy(7, 1, 3, { '/api/installer/work-orders/1': { n: 1 }, [gis]: { n: 9 } }));
    expect(await s.read(gis, schema, offline)).toEqual({ n: 9 });
    expect(await s.saved.entry(savedKey(7, 1))).toMatchObject({ id: 1, paths: ['/api/installer/work-orders/1', gis] });
  });

  it('never covers a refusal with a copy, and fails when there is no copy', async () => {
    const s = setup();
    await s.cache.put(7, '/p', { n: 1 }, at(0));
    const refused = () => Promise.reject(new ApiError(403, 'forbidden', 'no'));
    await expect(s.read('/p', schema, refused)).rejects.toMatchObject({ status: 403 });
    await expect(s.read('/q', schema, offline)).rejects.toMatchObject({ status: 0 });
    expect(isUnreachable(new ApiError(503, 'x', 'y'))).toBe(true);
    expect(isUnreachable(new ApiError(404, 'x', 'y'))).toBe(false);
  });

  it('skips a copy that no longer fits the contract', async () => {
    const s = setup();
    await s.cache.put(7, '/p', { n: 'old shape' }, at(0));
    await expect(s.read('/p', schema, offline)).rejects.toMatchObject({ status: 0 });
  });

  it('names the oldest copy a screen shows, among its own requests', () => {
    const copies: ServedCopy[] = [
      { path: '/api/installer/work-orders/1', kind: 'saved', savedAt: at(5).toISOString() },
      { path: '/api/installer/work-orders/1/notes', kind: 'cached', savedAt: at(2).toISOString() },
      { path: '/api/installer/gis-objects?orderId=1', kind: 'cached', savedAt: at(1).toISOString() },
    ];
    expect(oldestServedCopy(copies, '/api/installer/work-orders/1')?.path).toBe('/api/installer/work-orders/1/notes');
    expect(oldestServedCopy(copies, '/api/installer/work-orders/2')).toBeNull();
    const other = [{ path: '/api/installer/work-orders/100001', kind: 'saved' as const, savedAt: at(0).toISOString() }];
    expect(oldestServedCopy(other, '/api/installer/work-orders/1')).toBeNull();
    expect(oldestServedCopy(other, '/api/installer/work-orders/100001')).toEqual(other[0]);
    // Several prefixes: the oldest copy under any of them.
    expect(oldestServedCopy([...copies, ...other], ['/api/assets/9', '/api/installer/work-orders/100001'])).toEqual(
      other[0],
    );
    expect(oldestServedCopy(copies, ['/api/assets/9', '/api/installer/work-orders/3'])).toBeNull();
  });

  it('finds the work order of a view path', () => {
    expect(workOrderIdOfPath('/api/installer/work-orders/100001/service-location/assets')).toBe(100001);
    expect(workOrderIdOfPath('/api/installer/work-orders/100001')).toBe(100001);
    expect(workOrderIdOfPath('/api/installer/work-orders?WorkOrderID=1')).toBeNull();
  });
});

describe('upload outcome', () => {
  it('retries what a later attempt may fix and gives up on a refused photo', () => {
    expect(classifyUpload(201, null, 'Created')).toEqual({ kind: 'sent' });
    expect(classifyUpload(0, null, '')).toEqual({ kind: 'retry', reason: 'No connection' });
    expect(classifyUpload(500, null, 'Internal Server Error')).toEqual({
      kind: 'retry',
      reason: 'Internal Server Error',
    });
    expect(classifyUpload(401, 'Please sign in', '')).toMatchObject({ kind: 'retry' });
    expect(classifyUpload(400, 'fake.png is not an image', 'Bad Request')).toEqual({
      kind: 'failed',
      reason: 'fake.png is not an image',
    });
    expect(classifyUpload(413, null, 'Payload Too Large')).toEqual({ kind: 'failed', reason: 'Payload Too Large' });
  });
});
