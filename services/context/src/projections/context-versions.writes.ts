import type { EventType, StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';

/** An event type a context projection reads that changes nothing a loader reads, with why. */
export type VersionKeepers = Readonly<Record<string, string>>;

/**
 * Applies a batch, then moves the context version of every account one of its events may have
 * changed, in the batch's transaction: the counter and the rows it covers become visible together,
 * whatever order batches commit in (a redelivered event applied after later ones still moves it).
 * Counting, not taking the highest sequence, is what makes that hold: see domain/context-cache-trust.ts.
 */
export async function applyMovingVersions<T extends EventType>(
  sql: Sql,
  events: readonly StoredEventOf<T>[],
  apply: (sql: Sql, stored: StoredEventOf<T>) => Promise<void>,
  keepers: VersionKeepers,
): Promise<void> {
  const changed = new Set<string>();
  for (const stored of events) {
    await apply(sql, stored);
    if (!Object.hasOwn(keepers, stored.event.type)) changed.add(stored.event.accountId);
  }
  if (changed.size === 0) return;
  // Sorted: two batches moving the same accounts lock their rows in one order, so never deadlock on them.
  await sql.query(
    `INSERT INTO context_versions (account_id, version) SELECT account_id, 1 FROM unnest($1::text[]) AS t(account_id)
     ON CONFLICT (account_id) DO UPDATE SET version = context_versions.version + 1`,
    [[...changed].sort()],
  );
}

/** A context projection: its rows and the versions of the accounts they belong to move in one transaction. */
export function versionedProjection<T extends EventType>(
  definition: Omit<Projection<T>, 'apply' | 'applyMany'> & {
    applyOne: (sql: Sql, stored: StoredEventOf<T>) => Promise<void>;
    keepers: VersionKeepers;
  },
): Projection<T> {
  const { applyOne, keepers, ...projection } = definition;
  return {
    ...projection,
    sharedTables: ['context_versions'],
    apply: (sql, stored) => applyMovingVersions(sql, [stored], applyOne, keepers),
    applyMany: (sql, events) => applyMovingVersions(sql, events, applyOne, keepers),
  };
}
