// One table of records (the admin pages' orders, boxes, charges, credits, waves and referrals, and
// the member's credit history): a heading per column, a row per record with the column's cell, and
// an optional row that says the list is empty. Each table keeps its own look through its classes;
// a column's own classes, where it has them, stand instead of the table's for that column.
import type { ReactNode } from "react";

export interface Column<R> {
  /** The column's heading (an sr-only label where the cells speak for themselves). */
  header: ReactNode;
  cell: (row: R) => ReactNode;
  /** Classes of this column's heading, instead of the table's `th`. */
  th?: string;
  /** Classes of this column's cells, instead of the table's `td`. */
  td?: string;
  /** The cells name their rows (`<th scope="row">`), as a region or a month does. */
  rowHeader?: boolean;
}

export interface DataTableProps<R> {
  columns: Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  caption?: ReactNode;
  /** Said in one row across the table when there are no rows (else the table is just empty). */
  empty?: ReactNode;
  testId?: string;
  classes?: {
    table?: string;
    caption?: string;
    thead?: string;
    headRow?: string;
    th?: string;
    tbody?: string;
    row?: string;
    td?: string;
    empty?: string;
  };
}

export function DataTable<R>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  testId,
  classes = {},
}: DataTableProps<R>) {
  return (
    <table className={classes.table} data-testid={testId}>
      {caption ? <caption className={classes.caption}>{caption}</caption> : null}
      <thead className={classes.thead}>
        <tr className={classes.headRow}>
          {columns.map((column, i) => (
            <th key={i} scope="col" className={column.th ?? classes.th}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={classes.tbody}>
        {rows.length === 0 && empty ? (
          <tr>
            <td colSpan={columns.length} className={classes.empty}>
              {empty}
            </td>
          </tr>
        ) : null}
        {rows.map((row) => (
          <tr key={rowKey(row)} className={classes.row}>
            {columns.map((column, i) =>
              column.rowHeader ? (
                <th key={i} scope="row" className={column.td ?? classes.td}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={i} className={column.td ?? classes.td}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The admin lists' look: a line under the headings and between rows, roomy cells. */
export const LIST_TABLE = {
  table: "w-full text-left text-sm",
  thead: "border-b border-ink/10",
  th: "p-3",
  row: "border-b border-ink/5",
  td: "p-3",
};

/** A cell's main line with a quieter second line under it (a name and its e-mail). */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <>
      {main}
      <br />
      <span className="text-ink/75">{sub}</span>
    </>
  );
}

/** The admin figure pages' look (forecast, stock, GST, chase): a white card, its caption read out. */
export const CARD_TABLE = {
  table: "w-full rounded-2xl bg-white text-left text-sm shadow-sm",
  caption: "sr-only",
  headRow: "border-b border-ink/15 text-ink/70",
  th: "p-3",
  row: "border-b border-ink/10 last:border-0",
  td: "p-3",
  empty: "p-3 text-ink/70",
};

/** A column of figures on those pages: right-aligned, each digit the same width. */
export const FIGURE_COLUMN = { th: "p-3 text-right", td: "p-3 text-right tabular-nums" };
