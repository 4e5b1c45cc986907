import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

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
 * Whether the region has columns past its right edge (a table wider than a phone): true until it is scrolled to
 * the end, re-checked on scroll and on resize.
 */
export function useMoreToTheRight(ref: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    check();
    el.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    const table = el.firstElementChild;
    if (table) observer?.observe(table);
    return () => {
      el.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [ref]);
  return more;
}

/** The line under a table that runs off a narrow screen: says that more columns are to the right. */
export function MoreColumnsHint({ show }: { show: boolean }) {
  return show ? (
    <p className="table-more" aria-hidden="true">
      More columns to the right: scroll the table sideways →
    </p>
  ) : null;
}

/**
 * A plain table that scrolls sideways inside its box on a narrow screen instead of widening the page (the scrolling
 * region is keyboard reachable), with a hint under it while columns are hidden to the right.
 */
export function Table({ caption, head, numericFrom = head.length, className = 'report-table', children }: TableProps) {
  const ref = useRef<HTMLElement>(null);
  const more = useMoreToTheRight(ref);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <section ref={ref} className={`${className}-wrap`} tabIndex={0} aria-label={caption}>
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
      <MoreColumnsHint show={more} />
    </>
  );
}
