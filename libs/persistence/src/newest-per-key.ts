import type { StoredEvent } from '@mnemo/contracts';

/**
 * The newest event (highest log sequence) for each key among `events`, in the order their keys first
 * appear: what applying them one by one under the `last_seq` guard would leave, for a projection that
 * writes a batch in one statement (which cannot touch a row twice).
 */
export function newestPerKey<E extends StoredEvent>(
  events: Iterable<E>,
  keyOf: (stored: E) => string,
): E[] {
  const newest = new Map<string, E>();
  for (const stored of events) {
    const key = keyOf(stored);
    const seen = newest.get(key);
    if (!seen || seen.seq < stored.seq) newest.set(key, stored);
  }
  return [...newest.values()];
}
