/**
 * The header's way into the sync centre (issues 5 and 27): a "Sync" link for field users with a badge counting the
 * queued writes still waiting or failed (photos, checklist saves, asset actions). Mounting it starts the outbox
 * replay, so queued work goes out at app start.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { startPhotoOutbox, useOutbox } from '../../../lib/offline/offline-runtime';
import '../../../styles/offline.css';

export function SyncIndicator() {
  const { items } = useOutbox();
  useEffect(() => {
    void startPhotoOutbox();
  }, []);

  const pending = items.filter((i) => i.state === 'waiting' || i.state === 'sending').length;
  const failed = items.filter((i) => i.state === 'failed').length;
  const count = pending + failed;
  const label = [
    'Sync',
    pending > 0 && `${pending} waiting`,
    failed > 0 && `${failed} failed`,
    count === 0 && 'nothing waiting',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Link
      to={paths.sync}
      className={`sync-indicator__button${failed > 0 ? ' sync-indicator__button--failed' : ''}`}
      aria-label={label}
    >
      <span aria-hidden="true">Sync</span>
      {count > 0 && (
        <span className="sync-indicator__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
