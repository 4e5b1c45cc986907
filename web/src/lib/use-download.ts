import { useState } from 'react';
import { errorMessage } from './api-client';

/**
 * A download button's runner (issue 15 item 14): the button that was pressed is busy at once (its `busy` prop:
 * disabled, aria-busy, a spinner), one download at a time, the last error cleared when another starts, and the
 * server's reason when the file could not be made — never an error left over from an earlier click.
 */
export function useDownload() {
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const run = (download: () => Promise<void>, key = 'download') => {
    if (running !== null) return;
    setError(null);
    setRunning(key);
    download()
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setRunning(null));
  };
  return {
    error,
    busy: running !== null,
    /** Whether the download started with this key is under way. */
    isBusy: (key: string) => running === key,
    run,
  };
}
