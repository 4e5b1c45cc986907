import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

/** The reports' tables are the UI kit's Table. */
export { Table as ReportTable } from '../../../lib/ui/table';

export function SummaryCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="card summary-card">
      <p className="summary-card__label">{label}</p>
      <p className="summary-card__value">{value}</p>
      {note && <p className="summary-card__note">{note}</p>}
    </div>
  );
}

/** A download button's runner: one at a time, and the server's reason when the file could not be made. */
export function useDownload() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (download: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    download()
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setBusy(false));
  };
  return { error, busy, run };
}

/** 75 -> "1:15". */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');
