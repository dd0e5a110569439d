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
      <tbody>
        {rows.length === 0 && empty ? (
          <tr>
            <td colSpan={columns.length} className={classes.empty}>
              {empty}
            </td>
          </tr>
        ) : null}
        {rows.map((row) => (
          <tr key={rowKey(row)} className={classes.row}>
            {columns.map((column, i) => (
              <td key={i} className={column.td ?? classes.td}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
