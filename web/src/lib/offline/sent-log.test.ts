import { describe, expect, it } from 'vitest';
import type { OutboxItem } from './photo-outbox';
import { createSentLog, memorySentLogStore } from './sent-log';

const item = (id: string): OutboxItem => ({
  id,
  userId: 7,
  workOrderId: 100001,
  fileName: 'Checklist save',
  description: '',
  blob: new Blob(['x']),
  sizeBytes: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  queuedOffline: true,
  state: 'sending',
  attempts: 1,
  error: 'No connection',
  request: { method: 'PUT', path: '/api/x', body: {}, label: 'Checklist save' },
});

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute));

describe('the sent log', () => {
  it('remembers each sent item with its time, without its photo, newest first; a new log reads it back', async () => {
    const store = memorySentLogStore();
    const log = createSentLog(store);
    await log.record(item('a'), at(1));
    const entries = await log.record(item('b'), at(2));
    expect(entries.map((e) => e.id)).toEqual(['b', 'a']);
    expect(entries[1]).toMatchObject({ state: 'sent', blob: null, error: null, sentAt: at(1).toISOString() });
    // After a reload: the same store, a new log.
    expect((await createSentLog(store).load()).map((e) => e.id)).toEqual(['b', 'a']);
  });

  it('keeps only the newest entries beyond its limit', async () => {
    const log = createSentLog(memorySentLogStore(), 3);
    for (let i = 0; i < 5; i++) await log.record(item(`i${i}`), at(i));
    expect((await log.load()).map((e) => e.id)).toEqual(['i4', 'i3', 'i2']);
  });

  it('records an item sent twice (a second tab) once', async () => {
    const log = createSentLog(memorySentLogStore());
    await log.record(item('a'), at(1));
    expect((await log.record(item('a'), at(2))).map((e) => e.sentAt)).toEqual([at(2).toISOString()]);
  });
});
