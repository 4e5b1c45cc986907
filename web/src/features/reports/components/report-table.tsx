import type { ReactNode } from 'react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

/**
 * A plain table that scrolls sideways inside its box on a narrow screen instead of widening the page. Columns from
 * `numericFrom` on hold numbers and line up on the right.
 */
export function ReportTable({
  caption,
  head,
  numericFrom,
  children,
}: {
  caption: string;
  head: string[];
  numericFrom: number;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className="report-table-wrap" tabIndex={0} aria-label={caption}>
      <table className="report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i >= numericFrom ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </section>
  );
}

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
