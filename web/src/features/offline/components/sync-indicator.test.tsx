// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxItem, OutboxSnapshot } from '../../../lib/offline/photo-outbox';
import { renderApp } from '../../../test/render-app';

// The outbox lives in IndexedDB; here its snapshot is given.
const outbox = vi.hoisted(() => ({
  snapshot: { items: [], progress: {} } as OutboxSnapshot,
  start: vi.fn(async () => {}),
}));

vi.mock('../../../lib/offline/offline-runtime', () => ({
  useOutbox: () => outbox.snapshot,
  startPhotoOutbox: outbox.start,
}));

const { SyncIndicator } = await import('./sync-indicator');

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  userId: 7,
  workOrderId: 1042,
  fileName: 'meter.jpg',
  description: '',
  blob: null,
  sizeBytes: 250_000,
  createdAt: '2026-11-24T04:00:00.000Z',
  queuedOffline: false,
  state: 'waiting',
  attempts: 0,
  error: null,
  ...over,
});

describe('the header’s way into the sync centre', () => {
  it('is a Sync link without a badge when nothing waits, and starts the outbox', () => {
    outbox.snapshot = { items: [], progress: {} };
    renderApp(<SyncIndicator />, { claims: { nInstaller: 1 } });
    const link = screen.getByRole('link', { name: 'Sync, nothing waiting' });
    expect(link).toHaveAttribute('href', '/sync');
    expect(link).toHaveTextContent(/^Sync$/);
    expect(outbox.start).toHaveBeenCalled();
  });

  it('counts the waiting and failed writes in its badge', () => {
    const failed = item({ state: 'failed', error: 'The file is not an image.', attempts: 1 });
    const waiting = item({ id: 'a1b2c3d4-0000-4000-8000-000000000002', fileName: 'Checklist save' });
    outbox.snapshot = { items: [failed, waiting], progress: {} };
    renderApp(<SyncIndicator />, { claims: { nInstaller: 1 } });
    const link = screen.getByRole('link', { name: 'Sync, 1 waiting, 1 failed' });
    expect(link).toHaveTextContent('Sync2');
    expect(link).toHaveClass('sync-indicator__button--failed');
  });
});
