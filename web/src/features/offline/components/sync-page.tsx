/**
 * The sync centre (issue 27 item 5): every write queued on this device — photos, checklist saves, asset actions —
 * with its state (waiting, sending, failed with why, sent), Retry and Discard (confirmed), the time of the last
 * successful sync, the items already sent (kept on the device, so a reload still lists them), and how much the device keeps for offline work and whether the browser may clear it.
 */
import { useEffect, useState } from 'react';
import { formatDateTime, formatBytes as formatSmall } from '../../../lib/format';
import { type StorageState, storageState } from '../../../lib/offline/device-storage';
import {
  lastSuccessfulSync,
  photoOutbox,
  startPhotoOutbox,
  useOutbox,
  useRecentlySent,
} from '../../../lib/offline/offline-runtime';
import type { OutboxItem } from '../../../lib/offline/photo-outbox';
import type { SentEntry } from '../../../lib/offline/sent-log';
import { Button } from '../../../lib/ui/button';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { usePageTitle } from '../../../lib/ui/page-title';
import { fileSize } from '../lib/photo-items';
import '../../../styles/offline.css';

const STATE_TEXT: Record<OutboxItem['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** Storage sizes: GB once past a gigabyte (a quota reads 10.0 GB, not 10245.6 MB). */
function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : formatSmall(bytes);
}

function describe(item: OutboxItem): string {
  return item.request
    ? `${item.request.label} · WO #${item.workOrderId}`
    : `Photo ${item.fileName} · WO #${item.workOrderId}`;
}

export function SyncPage() {
  usePageTitle('Sync');
  const { items: queued, progress } = useOutbox();
  const sent = useRecentlySent();
  const items: (OutboxItem | SentEntry)[] = [...queued, ...sent.filter((s) => !queued.some((q) => q.id === s.id))];
  const [online, setOnline] = useState(() => navigator.onLine);
  const [storage, setStorage] = useState<StorageState | null>(null);
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const [lastSync, setLastSync] = useState(lastSuccessfulSync);

  useEffect(() => {
    void startPhotoOutbox();
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  // Storage and the last sync move as items are sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read whenever the queue changes
  useEffect(() => {
    setLastSync(lastSuccessfulSync());
    void storageState().then(setStorage);
  }, [queued, sent]);

  const pending = items.filter((i) => i.state === 'waiting' || i.state === 'sending').length;
  const failed = items.filter((i) => i.state === 'failed').length;

  return (
    <section className="page sync-page" aria-labelledby="sync-heading">
      <h1 id="sync-heading">Sync</h1>
      <dl className="sync-summary">
        <div>
          <dt>Connection</dt>
          <dd>{online ? 'Online' : 'Offline: changes wait on this device'}</dd>
        </div>
        <div>
          <dt>Last successful sync</dt>
          <dd>{lastSync ? formatDateTime(lastSync) : 'Not yet on this device'}</dd>
        </div>
        <div>
          <dt>Waiting to send</dt>
          <dd>
            {pending} waiting{failed > 0 ? `, ${failed} failed` : ''}
          </dd>
        </div>
        <div>
          <dt>Stored on this device</dt>
          <dd>
            {storage?.usedBytes == null
              ? 'Not known in this browser'
              : `${formatBytes(storage.usedBytes)}${storage.quotaBytes ? ` of ${formatBytes(storage.quotaBytes)}` : ''}`}
          </dd>
        </div>
        <div>
          <dt>Kept by the browser</dt>
          <dd>
            {storage?.persistent === true
              ? 'Yes: persistent storage, not cleared when space runs low'
              : storage?.persistent === false
                ? 'Not persistent: the browser may clear it when space runs low'
                : 'Not known in this browser'}
          </dd>
        </div>
      </dl>

      <h2>Queued changes</h2>
      {items.length === 0 ? (
        <p className="sync-empty">Nothing is waiting to sync.</p>
      ) : (
        <ul className="sync-list" aria-label="Queued changes">
          {items.map((item) => (
            <li key={item.id} className={`sync-item sync-item--${item.state}`}>
              <span className="sync-item__name">{describe(item)}</span>
              <span className="sync-item__state">
                {STATE_TEXT[item.state]}
                {item.state === 'sending' &&
                  !item.request &&
                  ` ${Math.round(((progress[item.id] ?? 0) / Math.max(item.sizeBytes, 1)) * 100)}%`}
                {item.state === 'waiting' && !item.request && ` (${fileSize(item.sizeBytes)})`}
                {` · queued ${formatDateTime(item.createdAt)}`}
                {'sentAt' in item && ` · sent ${formatDateTime(item.sentAt)}`}
              </span>
              {item.error && (
                <span className="sync-item__error">
                  {item.state === 'failed' ? 'Why: ' : 'Last try: '}
                  {item.error}
                </span>
              )}
              {item.state !== 'sending' && item.state !== 'sent' && (
                <span className="sync-item__actions">
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={item.state !== 'failed' && !online}
                    onClick={() => void (item.state === 'failed' ? photoOutbox.retry(item.id) : photoOutbox.drain())}
                  >
                    Retry
                  </Button>
                  <Button type="button" variant="destructive" onClick={() => setDiscarding(item)}>
                    Discard
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {discarding && (
        <LazyConfirmDialog
          message={`Discard ${describe(discarding)}? It will not be sent.`}
          yesLabel="Discard"
          noLabel="Keep"
          danger
          onYes={() => {
            const id = discarding.id;
            setDiscarding(null);
            void photoOutbox.discard(id);
          }}
          onNo={() => setDiscarding(null)}
        />
      )}
    </section>
  );
}
