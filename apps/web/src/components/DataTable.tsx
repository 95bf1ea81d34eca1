import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** The cell that names its row (a `<th scope="row">`, read out before the others). */
  rowHeader?: boolean;
}

/** A results table: a caption (visible, or for screen readers only), column headers and one row per item. */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  className = '',
  columns,
  rows,
  rowKey,
}: {
  caption: ReactNode;
  captionHidden?: boolean;
  className?: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}) {
  return (
    <table className={`results ${className}`.trim()}>
      <caption className={captionHidden ? 'sr-only' : undefined}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) =>
              c.rowHeader ? (
                <th key={c.header} scope="row">
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.header}>{c.cell(row)}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
