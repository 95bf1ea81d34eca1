import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { DataTable, type Column } from './DataTable';

interface Row {
  name: string;
  score: number;
}
const columns: ReadonlyArray<Column<Row>> = [
  { header: 'Category', rowHeader: true, cell: (r) => r.name },
  { header: 'Score', cell: (r) => r.score },
];
const table = (props: { captionHidden?: boolean; rows?: Row[] } = {}) =>
  renderToStaticMarkup(
    <DataTable
      caption="Values"
      columns={columns}
      rows={props.rows ?? [{ name: 'Family', score: 4 }]}
      rowKey={(r) => r.name}
      captionHidden={props.captionHidden}
    />,
  );

describe('DataTable', () => {
  it('heads each column, and names each row by its row-header cell', () => {
    expect(table()).toContain(
      '<thead><tr><th scope="col">Category</th><th scope="col">Score</th></tr></thead>' +
        '<tbody><tr><th scope="row">Family</th><td>4</td></tr></tbody>',
    );
  });

  it('writes one row per item, in their order', () => {
    const html = table({
      rows: [
        { name: 'Work', score: 2 },
        { name: 'Health', score: 5 },
      ],
    });
    expect(html.match(/<th scope="row">(\w+)<\/th>/g)).toEqual([
      '<th scope="row">Work</th>',
      '<th scope="row">Health</th>',
    ]);
  });

  it('keeps a hidden caption for screen readers only', () => {
    expect(table({ captionHidden: true })).toContain('<caption class="sr-only">Values</caption>');
    expect(table()).toContain('<caption>Values</caption>');
  });
});
