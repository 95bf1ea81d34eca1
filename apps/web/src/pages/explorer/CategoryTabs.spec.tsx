import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { CATEGORIES } from '../../types';
import { CategoryTabs, tabAfterKey } from './CategoryTabs';

describe('tabAfterKey', () => {
  it('moves with the arrows and wraps around at either end', () => {
    expect(tabAfterKey('ArrowRight', 0, 4)).toBe(1);
    expect(tabAfterKey('ArrowRight', 3, 4)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 2, 4)).toBe(1);
    expect(tabAfterKey('ArrowLeft', 0, 4)).toBe(3);
  });

  it('goes to the first tab on Home and the last on End', () => {
    expect(tabAfterKey('Home', 2, 4)).toBe(0);
    expect(tabAfterKey('End', 1, 4)).toBe(3);
  });

  it('leaves any other key to the browser', () => {
    expect(tabAfterKey('Enter', 1, 4)).toBeNull();
    expect(tabAfterKey('a', 1, 4)).toBeNull();
  });
});

describe('CategoryTabs', () => {
  const tabs = (counts?: Record<(typeof CATEGORIES)[number], number>) =>
    renderToStaticMarkup(<CategoryTabs category="Goals" counts={counts} onChoose={() => {}} />);

  it('lets only the selected tab take focus, as the tabs pattern asks', () => {
    const selected = [...tabs().matchAll(/aria-selected="true"[^>]*tabindex="(-?\d)"/g)];
    const others = [...tabs().matchAll(/aria-selected="false"[^>]*tabindex="(-?\d)"/g)];
    expect(selected.map((m) => m[1])).toEqual(['0']);
    expect(others).toHaveLength(CATEGORIES.length - 1);
    expect(others.every((m) => m[1] === '-1')).toBe(true);
    expect(tabs()).toContain('id="tab-Goals" aria-selected="true"');
  });

  it('shows each tab’s count, or an ellipsis until the counts arrive', () => {
    const counts = Object.fromEntries(CATEGORIES.map((c, i) => [c, i * 10])) as Record<
      (typeof CATEGORIES)[number],
      number
    >;
    expect(tabs(counts)).toContain(`Goals <span class="count">${counts.Goals}</span>`);
    expect(tabs()).toContain('Goals <span class="count">…</span>');
  });
});
