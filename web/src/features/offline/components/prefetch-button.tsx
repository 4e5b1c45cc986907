/**
 * The search screen's prefetch (SPEC §2, §9): saves the first 5 work orders assigned to the user for offline use,
 * with a progress bar. Offline it says 'Cannot prefetch while offline!' (SPEC §8).
 */
import { PREFETCH_COUNT } from '@strand/domain';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { usePrefetchWorkOrders } from '../api/saved-work-orders';
import '../../../styles/offline.css';
import { Button } from '../../../lib/ui/button';
import { FormAlert } from '../../../lib/ui/form-alert';

export const PREFETCH_OFFLINE_MESSAGE = 'Cannot prefetch while offline!';

export function PrefetchButton() {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const prefetch = usePrefetchWorkOrders((done, total) => setProgress({ done, total }));
  const start = () => {
    if (!navigator.onLine) {
      setMessage(PREFETCH_OFFLINE_MESSAGE);
      return;
    }
    setMessage(null);
    setFailure(null);
    setProgress(null);
    prefetch.mutate(undefined, {
      onSuccess: (saved) =>
        setMessage(`Saved ${saved.length} work order${saved.length === 1 ? '' : 's'} for offline use.`),
      onError: (err) => setFailure(`Prefetch stopped: ${errorMessage(err)}`),
    });
  };
  return (
    <div className="prefetch">
      <Button type="button" variant="secondary" busy={prefetch.isPending} onClick={start}>
        Prefetch {PREFETCH_COUNT} work orders for offline use
      </Button>
      {progress && (prefetch.isPending || progress.done > 0) && (
        <>
          <label htmlFor={id} className="muted">
            Saved {progress.done} of {progress.total}
          </label>
          <progress id={id} max={Math.max(progress.total, 1)} value={progress.done} />
        </>
      )}
      {message && (
        <p className="muted" role="status">
          {message}
        </p>
      )}
      <FormAlert message={failure} />
    </div>
  );
}
