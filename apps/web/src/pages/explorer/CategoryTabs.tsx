import { useRef } from 'react';
import { CATEGORIES, type Category, type MemoryPage } from '../../types';

/**
 * The tab a key moves to from tab `index` of `count` (the ARIA tabs pattern): the arrows wrap
 * around, Home and End go to the ends; any other key moves nowhere (null).
 */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return index === last ? 0 : index + 1;
    case 'ArrowLeft':
      return index === 0 ? last : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** One tab per category with its count; the panel they control is `memories-panel`. */
export function CategoryTabs({
  category,
  counts,
  onChoose,
}: {
  category: Category;
  counts: MemoryPage['counts'] | undefined;
  onChoose: (category: Category) => void;
}) {
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const activeIndex = CATEGORIES.indexOf(category);
  const onTabKey = (event: React.KeyboardEvent, index: number) => {
    const to = tabAfterKey(event.key, index, CATEGORIES.length);
    const next = to === null ? undefined : CATEGORIES[to];
    if (to === null || next === undefined) return;
    event.preventDefault();
    onChoose(next);
    tabRefs.current[to]?.focus();
  };
  return (
    <div role="tablist" aria-label="Categories" className="tabs">
      {CATEGORIES.map((c, i) => (
        <button
          key={c}
          ref={(el) => {
            tabRefs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${c}`}
          aria-selected={c === category}
          aria-controls="memories-panel"
          tabIndex={i === activeIndex ? 0 : -1}
          onClick={() => onChoose(c)}
          onKeyDown={(e) => onTabKey(e, i)}
        >
          {c} <span className="count">{counts ? counts[c] : '…'}</span>
        </button>
      ))}
    </div>
  );
}
