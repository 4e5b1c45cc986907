// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem, OutboxSnapshot } from '../../../lib/offline/photo-outbox';
import { renderApp } from '../../../test/render-app';

// The outbox lives in IndexedDB; here its snapshot is given and its actions are watched.
const outbox = vi.hoisted(() => ({
  snapshot: { items: [], progress: {} } as OutboxSnapshot,
  retry: vi.fn(async (_id: string) => {}),
  discard: vi.fn(async (_id: string) => {}),
  start: vi.fn(async () => {}),
}));

vi.mock('../../../lib/offline/offline-runtime', () => ({
  useOutbox: () => outbox.snapshot,
  photoOutbox: { retry: outbox.retry, discard: outbox.discard },
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

describe('the header’s sync indicator', () => {
  beforeEach(() => {
    outbox.retry.mockClear();
    outbox.discard.mockClear();
  });

  it('shows nothing when no photo waits, and starts the outbox', () => {
    outbox.snapshot = { items: [], progress: {} };
    renderApp(<SyncIndicator />, { claims: { nInstaller: 1 } });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(outbox.start).toHaveBeenCalled();
  });

  it('lists a failed upload with its reason, and Retry and Discard act on that item', async () => {
    const failed = item({ state: 'failed', error: 'The file is not an image.', attempts: 1 });
    const waiting = item({ id: 'a1b2c3d4-0000-4000-8000-000000000002', fileName: 'pole.jpg' });
    outbox.snapshot = { items: [failed, waiting], progress: {} };
    const { user } = renderApp(<SyncIndicator />, { claims: { nInstaller: 1 } });

    const toggle = screen.getByRole('button', { name: '1 photo upload waiting, 1 photo upload failed' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const panel = screen.getByRole('region', { name: 'Photo uploads' });
    const row = within(panel).getByText('meter.jpg · WO #1042').closest('li') as HTMLElement;
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('The file is not an image.');
    expect(within(panel).getByText('pole.jpg · WO #1042').closest('li')).toHaveTextContent('Waiting');

    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(outbox.retry).toHaveBeenCalledWith(failed.id);
    await user.click(within(row).getByRole('button', { name: 'Discard' }));
    expect(outbox.discard).toHaveBeenCalledWith(failed.id);
    expect(within(panel).getAllByRole('button')).toHaveLength(2);
  });
});
