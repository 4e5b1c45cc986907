import type { ReactNode } from 'react';

export interface TableProps {
  /** Names the table (a hidden caption) and its scrolling region. */
  caption: string;
  head: readonly string[];
  /** Columns from this one on hold numbers and line up on the right. */
  numericFrom?: number;
  className?: string;
  /** The `<tbody>` (and `<tfoot>`). */
  children: ReactNode;
}

/**
 * A plain table that scrolls sideways inside its box on a narrow screen instead of widening the page (the scrolling
 * region is keyboard reachable).
 */
export function Table({ caption, head, numericFrom = head.length, className = 'report-table', children }: TableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className={`${className}-wrap`} tabIndex={0} aria-label={caption}>
      <table className={className}>
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
