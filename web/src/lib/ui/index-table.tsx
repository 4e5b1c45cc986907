import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { MoreColumnsHint, useMoreToTheRight } from './table';

/**
 * Column priorities (issue 29, Polaris' index tables): 1 is always shown; 2 is hidden under 768 px, 3 under 1024 px,
 * so a narrow screen keeps what identifies a row and its state instead of scrolling sideways.
 */
export type ColumnPriority = 1 | 2 | 3;

export interface IndexColumn<R> {
  key: string;
  label: string;
  /** The sort key this column's header asks for (none: not sortable). */
  sort?: string;
  numeric?: boolean;
  priority?: ColumnPriority;
  cell(row: R): ReactNode;
}

export type SortDir = 'asc' | 'desc';

export interface IndexTableProps<R> {
  caption: string;
  columns: readonly IndexColumn<R>[];
  rows: readonly R[];
  rowKey(row: R): string | number;
  /** The sort in force and its direction; a header click asks for its column (again: the other direction). */
  sort?: string | undefined;
  dir?: SortDir | undefined;
  onSort?(sort: string, dir: SortDir): void;
}

const classOf = (c: { numeric?: boolean; priority?: ColumnPriority }) =>
  [c.numeric ? 'num' : '', c.priority && c.priority > 1 ? `col-p${c.priority}` : ''].filter(Boolean).join(' ') ||
  undefined;

/** A data table that uses the page's width: sortable headers (buttons, aria-sort), column priorities, status cells. */
export function IndexTable<R>({ caption, columns, rows, rowKey, sort, dir, onSort }: IndexTableProps<R>) {
  const ref = useRef<HTMLElement>(null);
  const more = useMoreToTheRight(ref);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <section ref={ref} className="index-table-wrap" tabIndex={0} aria-label={caption}>
        <table className="index-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const current = c.sort !== undefined && c.sort === sort;
                const Icon = current ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={classOf(c)}
                    aria-sort={current ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sort !== undefined && onSort ? (
                      <button
                        type="button"
                        className="index-table__sort"
                        onClick={() => onSort(c.sort as string, current && dir === 'asc' ? 'desc' : 'asc')}
                      >
                        {c.label}
                        <Icon className="icon" aria-hidden="true" />
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={rowKey(r)}>
                {columns.map((c) => (
                  <td key={c.key} className={classOf(c)}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <MoreColumnsHint show={more} />
    </>
  );
}
