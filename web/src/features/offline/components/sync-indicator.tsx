/**
 * The header's sync indicator (issue 5): how many photos wait to be uploaded, and each one's state (waiting, sending,
 * sent, failed with the reason), with Retry and Discard for a failed one. Mounting it starts the outbox replay.
 */
import { useEffect, useId, useState } from 'react';
import { photoOutbox, startPhotoOutbox, useOutbox } from '../../../lib/offline/offline-runtime';
import type { OutboxItem } from '../../../lib/offline/photo-outbox';
import { fileSize } from '../lib/photo-items';
import '../../../styles/offline.css';
import { Button } from '../../../lib/ui/button';

const STATE_TEXT: Record<OutboxItem['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export function SyncIndicator() {
  const { items, progress } = useOutbox();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useEffect(() => {
    void startPhotoOutbox();
  }, []);

  if (items.length === 0) return null;
  const pending = items.filter((i) => i.state === 'waiting' || i.state === 'sending').length;
  const failed = items.filter((i) => i.state === 'failed').length;
  const plural = (n: number) => `${n} photo upload${n === 1 ? '' : 's'}`;
  const label = [pending > 0 && `${plural(pending)} waiting`, failed > 0 && `${plural(failed)} failed`]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="sync-indicator">
      <button
        type="button"
        className={`sync-indicator__button${failed > 0 ? ' sync-indicator__button--failed' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⇅ {pending + failed}</span>
      </button>
      {open && (
        <section id={panelId} className="sync-indicator__panel" aria-label="Photo uploads">
          <p className="sync-indicator__title">{label}</p>
          <ul className="sync-indicator__list">
            {items.map((item) => (
              <li key={item.id} className={`sync-item sync-item--${item.state}`}>
                <span className="sync-item__name">
                  {item.fileName} · WO #{item.workOrderId}
                </span>
                <span className="sync-item__state">
                  {STATE_TEXT[item.state]}
                  {item.state === 'sending' &&
                    ` ${Math.round(((progress[item.id] ?? 0) / Math.max(item.sizeBytes, 1)) * 100)}%`}
                  {item.state === 'waiting' && ` (${fileSize(item.sizeBytes)})`}
                </span>
                {item.error && <span className="sync-item__error">{item.error}</span>}
                {item.state === 'failed' && (
                  <span className="sync-item__actions">
                    <Button type="button" variant="secondary" onClick={() => void photoOutbox.retry(item.id)}>
                      Retry
                    </Button>
                    <Button type="button" variant="secondary" onClick={() => void photoOutbox.discard(item.id)}>
                      Discard
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
