import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { Pager } from './Pager';

const pager = (page: number, total: number) =>
  renderToStaticMarkup(<Pager page={page} pageSize={50} total={total} onPage={() => {}} />);

describe('Pager', () => {
  it('is not there when everything fits on one page', () => {
    expect(pager(1, 50)).toBe('');
  });

  it('says which memories the page shows, of how many, and which page of how many', () => {
    expect(pager(2, 120)).toContain('51–100 of 120 · page 2 of 3');
    expect(pager(3, 120)).toContain('101–120 of 120 · page 3 of 3');
  });

  it('cannot go back from the first page nor on from the last', () => {
    expect(pager(1, 120)).toMatch(/disabled="">Previous/);
    expect(pager(1, 120)).not.toMatch(/disabled="">Next/);
    expect(pager(3, 120)).toMatch(/disabled="">Next/);
    expect(pager(3, 120)).not.toMatch(/disabled="">Previous/);
  });
});
