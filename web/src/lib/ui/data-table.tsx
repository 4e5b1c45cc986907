/**
 * A data table that fits its box instead of scrolling sideways: each column has a priority — 1 always shows, 2 goes
 * when the table's box is narrower than 720 px, 3 when it is narrower than 1024 px (container queries, so a table in
 * a side panel behaves as on a phone). A dropped column is not lost: its value is stacked under the row's first cell
 * (label and value) at the widths where the column is hidden. A table hand-made elsewhere adopts the same widths with
 * `columnPriorityClass(priority)` on its `th` and `td` inside a `.data-table-wrap`.
 *
 * An index table (issue 29, Polaris' sense) is this table with `sort`, `dir` and `onSort`: a column with a `sort` key
 * has a header button (aria-sort on its `th`) that asks for that sort, a second click the other direction; the page
 * sorts (on the server for paged lists).
 */
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { MoreColumnsHint, useMoreToTheRight } from './table';

export type ColumnPriority = 1 | 2 | 3;

export interface DataColumn<Row> {
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** 1 (default): always; 2: from 720 px of table width; 3: from 1024 px. */
  priority?: ColumnPriority;
  /** Holds a number: lined up on the right. */
  numeric?: boolean;
  /** The sort key this column's header asks for (none: not sortable). */
  sort?: string;
}

export type SortDir = 'asc' | 'desc';

export interface DataTableProps<Row> {
  /** Names the table (a hidden caption) and its region. */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Shown in place of the table when there are no rows. */
  empty?: ReactNode;
  /** The sort in force and its direction; a sortable header's click asks for its column (again: the other way). */
  sort?: string | undefined;
  dir?: SortDir | undefined;
  onSort?(sort: string, dir: SortDir): void;
}

/**
 * The rows in the order a sortable header asked for, sorted in the browser (a list that is not paged on the server):
 * `keys` gives each sort key's value of a row; an unknown or absent sort keeps the rows' own order.
 */
export function sortedRows<Row>(
  rows: readonly Row[],
  keys: Readonly<Record<string, (row: Row) => string | number>>,
  sort: string | undefined,
  dir: SortDir | undefined,
): Row[] {
  const key = sort ? keys[sort] : undefined;
  if (!key) return [...rows];
  const sign = dir === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0));
}

/** The class that hides a cell of this priority below its width; none for priority 1. */
export function columnPriorityClass(priority: ColumnPriority = 1): string | undefined {
  return priority === 1 ? undefined : `col-p${priority}`;
}

const cellClass = (column: { priority?: ColumnPriority; numeric?: boolean }) =>
  [columnPriorityClass(column.priority), column.numeric ? 'num' : undefined].filter(Boolean).join(' ') || undefined;

function Header<Row>({
  column: c,
  sort,
  dir,
  onSort,
}: { column: DataColumn<Row> } & Omit<DataTableProps<Row>, 'caption' | 'columns' | 'rows' | 'rowKey' | 'empty'>) {
  const current = c.sort !== undefined && c.sort === sort;
  const Icon = current ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      className={cellClass(c)}
      aria-sort={current ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {c.sort !== undefined && onSort ? (
        <button
          type="button"
          className="data-table__sort"
          onClick={() => onSort(c.sort as string, current && dir === 'asc' ? 'desc' : 'asc')}
        >
          {c.header}
          <Icon className="icon" aria-hidden="true" />
        </button>
      ) : (
        c.header
      )}
    </th>
  );
}

export function DataTable<Row>({ caption, columns, rows, rowKey, empty, sort, dir, onSort }: DataTableProps<Row>) {
  const ref = useRef<HTMLElement>(null);
  const more = useMoreToTheRight(ref);
  if (rows.length === 0 && empty) return <>{empty}</>;
  const [first, ...rest] = columns;
  const dropped = rest.filter((c) => (c.priority ?? 1) > 1);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <section ref={ref} className="data-table-wrap" tabIndex={0} aria-label={caption}>
        <table className="data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <Header key={c.id} column={c} sort={sort} dir={dir} onSort={onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {first && (
                  <th scope="row" className={cellClass(first)}>
                    {first.cell(row)}
                    {dropped.length > 0 && (
                      <dl className="data-table__stacked">
                        {dropped.map((c) => (
                          <div key={c.id} className={`stack-p${c.priority}`}>
                            <dt>{c.header}</dt>
                            <dd>{c.cell(row)}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </th>
                )}
                {rest.map((c) => (
                  <td key={c.id} className={cellClass(c)}>
                    {c.cell(row)}
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
