import { describe, expect, it } from 'vitest';
import { createPhotoOutbox, memoryOutboxStore, type OutboxItem, type SendResult } from './photo-outbox';

const item = (id: string, over: Partial<OutboxItem> = {}): OutboxItem => ({
  id,
  userId: 7,
  workOrderId: 100001,
  fileName: `${id}.png`,
  description: '',
  blob: new Blob(['x']),
  sizeBytes: 1,
  createdAt: `2026-01-01T00:00:0${id.slice(-1)}.000Z`,
  queuedOffline: true,
  state: 'waiting',
  attempts: 0,
  error: null,
  ...over,
});

function setup(results: SendResult[] | ((it: OutboxItem) => SendResult), initial: OutboxItem[] = []) {
  const store = memoryOutboxStore(initial);
  const sentIds: string[] = [];
  const drained: OutboxItem[][] = [];
  const scheduled: { fn: () => void; ms: number }[] = [];
  let user: number | null = 7;
  const outbox = createPhotoOutbox({
    store,
    send: async (i, onProgress) => {
      sentIds.push(i.id);
      onProgress(1, 1);
      return typeof results === 'function' ? results(i) : (results.shift() ?? { kind: 'sent' });
    },
    currentUserId: () => user,
    onDrained: (sent) => drained.push(sent),
    schedule: (fn, ms) => {
      scheduled.push({ fn, ms });
      return () => {};
    },
  });
  return { store, outbox, sentIds, drained, scheduled, setUser: (u: number | null) => (user = u) };
}

describe('photo outbox', () => {
  it('sends every waiting photo once, then clears the queue and reports the drained items', async () => {
    const s = setup([]);
    await s.outbox.add([item('a1'), item('a2'), item('a3')]);
    expect(s.store.items.size).toBe(3);
    await s.outbox.drain();
    expect(s.sentIds).toEqual(['a1', 'a2', 'a3']);
    expect(s.drained).toHaveLength(1);
    expect(s.drained[0]?.map((i) => i.id)).toEqual(['a1', 'a2', 'a3']);
    expect(s.store.items.size).toBe(0);
    expect(s.outbox.getSnapshot().items).toEqual([]);
    await s.outbox.drain();
    expect(s.sentIds).toHaveLength(3);
  });

  it('keeps a photo after a failed attempt and sends it again with the same key, stopping the run meanwhile', async () => {
    const s = setup([{ kind: 'retry', reason: 'The server had a problem.' }]);
    await s.outbox.add([item('b1'), item('b2')]);
    await s.outbox.drain();
    expect(s.sentIds).toEqual(['b1']);
    expect(s.store.items.get('b1')).toMatchObject({
      state: 'waiting',
      attempts: 1,
      error: 'The server had a problem.',
    });
    expect(s.drained).toHaveLength(0);
    expect(s.scheduled).toHaveLength(1);
    expect(s.scheduled[0]?.ms).toBe(2000);
    s.scheduled[0]?.fn();
    await s.outbox.drain();
    expect(s.sentIds).toEqual(['b1', 'b1', 'b2']);
    expect(s.drained[0]?.map((i) => i.id)).toEqual(['b1', 'b2']);
    expect(s.store.items.size).toBe(0);
  });

  it('marks a refused photo failed with the reason, sends the others, and keeps the failed one until retried', async () => {
    const s = setup((i) => (i.id === 'c2' ? { kind: 'failed', reason: 'fake.png is not an image' } : { kind: 'sent' }));
    await s.outbox.add([item('c1'), item('c2'), item('c3')]);
    await s.outbox.drain();
    expect(s.sentIds).toEqual(['c1', 'c2', 'c3']);
    expect(s.drained[0]?.map((i) => i.id)).toEqual(['c1', 'c3']);
    expect(s.outbox.getSnapshot().items).toMatchObject([
      { id: 'c2', state: 'failed', error: 'fake.png is not an image' },
    ]);
    await s.outbox.discard('c2');
    expect(s.store.items.size).toBe(0);
  });

  it('replays a queue left by a closed page, including an item caught mid-send', async () => {
    const s = setup([], [item('d1', { state: 'sending' }), item('d2')]);
    await s.outbox.load();
    expect(s.outbox.getSnapshot().items.map((i) => i.state)).toEqual(['waiting', 'waiting']);
    await s.outbox.drain();
    expect(s.sentIds).toEqual(['d1', 'd2']);
    expect(s.store.items.size).toBe(0);
  });

  it('sends photos only while their own user is signed in', async () => {
    const s = setup([]);
    await s.outbox.add([item('e1'), item('e2', { userId: 8 })]);
    s.setUser(null);
    await s.outbox.drain();
    expect(s.sentIds).toEqual([]);
    s.setUser(7);
    await s.outbox.drain();
    expect(s.sentIds).toEqual(['e1']);
    expect(s.drained).toHaveLength(0);
    expect(s.outbox.getSnapshot().items.map((i) => [i.id, i.state])).toEqual([
      ['e1', 'sent'],
      ['e2', 'waiting'],
    ]);
  });

  it('shares one run between concurrent drains, so a photo is never sent twice at once', async () => {
    const s = setup([]);
    await s.outbox.add([item('f1')]);
    await Promise.all([s.outbox.drain(), s.outbox.drain(), s.outbox.drain()]);
    expect(s.sentIds).toEqual(['f1']);
  });

  it('treats a transport that throws as worth retrying', async () => {
    const store = memoryOutboxStore();
    const outbox = createPhotoOutbox({
      store,
      send: async () => {
        throw new Error('boom');
      },
      currentUserId: () => 7,
      onDrained: () => {},
      schedule: () => () => {},
    });
    await outbox.add([item('g1')]);
    await outbox.drain();
    expect(store.items.get('g1')).toMatchObject({ state: 'waiting', error: 'boom', attempts: 1 });
  });

  it('sends a queued JSON write (no photo) like a photo, and keeps a refused one with its reason', async () => {
    const request = {
      method: 'PUT' as const,
      path: '/api/contractor/work-orders/1/checklist',
      body: {},
      label: 'Checklist save',
    };
    const s = setup((i) => (i.id === 'w2' ? { kind: 'failed', reason: 'Closed by the office.' } : { kind: 'sent' }));
    await s.outbox.add([item('w1', { blob: null, request }), item('w2', { blob: null, request })]);
    await s.outbox.drain();
    expect(s.sentIds).toEqual(['w1', 'w2']);
    // The sent one is cleared (a failed one does not hold the queue); the refused one stays with its reason.
    expect(s.drained.flat().map((i) => i.id)).toEqual(['w1']);
    const left = s.outbox.getSnapshot().items;
    expect(left.map((i) => [i.id, i.state, i.error])).toEqual([['w2', 'failed', 'Closed by the office.']]);
    await s.outbox.discard('w2');
    expect(s.drained.flat().map((i) => i.id)).toEqual(['w1']);
    expect(s.store.items.size).toBe(0);
  });
});
