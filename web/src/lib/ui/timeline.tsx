import { formatMoment } from '../format';

export interface TimelineItem {
  id: number | string;
  /** ISO-8601 UTC; shown in the provider's zone, labelled (formatMoment). */
  at: string;
  /** What happened, in plain words: "Autopay turned on by Dana Diaz". */
  title: string;
  /** Who, from where, through a super-user session… one short line. */
  meta?: string;
  /** Before → after of the changed fields. */
  changes?: { field: string; from: string | null; to: string | null }[];
}

/** A history read from the audit log, newest first: one entry per change, with its before → after. */
export function Timeline({ items, label, empty }: { items: TimelineItem[]; label: string; empty: string }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ol className="timeline" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="timeline__item">
          <time className="timeline__at" dateTime={item.at}>
            {formatMoment(item.at)}
          </time>
          <p className="timeline__title">{item.title}</p>
          {item.meta && <p className="timeline__meta">{item.meta}</p>}
          {item.changes && item.changes.length > 0 && (
            <ul className="timeline__changes">
              {item.changes.map((c) => (
                <li key={c.field}>
                  {c.field}: {c.from ?? '(none)'} → {c.to ?? '(none)'}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
