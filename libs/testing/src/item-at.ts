/**
 * The item a test expects at `index` (negative counts from the end), or a failure that says how many
 * there were: a spec reads `itemAt(rows, 0).name` instead of asserting a length and then indexing.
 */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items.at(index);
  if (item === undefined)
    throw new Error(`expected an item at ${index}, but there are ${items.length}`);
  return item;
}

type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N
  ? R
  : Tuple<T, N, [T, ...R]>;

/**
 * The first `count` items a test expects, as a tuple to destructure (`const [a, b] = firstItems(rows, 2)`),
 * or a failure that says how many there were.
 */
export function firstItems<T, N extends number>(items: readonly T[], count: N): Tuple<T, N> {
  if (items.length < count)
    throw new Error(`expected at least ${count} items, but there are ${items.length}`);
  return items.slice(0, count) as Tuple<T, N>;
}
